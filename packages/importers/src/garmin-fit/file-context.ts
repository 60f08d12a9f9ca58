import { zoneOffsetAt, type NewSample } from '@healthfolio/core';
import type { ImportContext } from '../types';
import { Utils } from '@garmin/fitsdk';
import { localSeconds, num, seconds, str, timeMs, type FitMesg, type FitMessage } from '../shared/fit-values';

/** What every sample of one FIT file shares: its device, its origin key and how to place it in time. */
export interface FitFileContext {
  file: string;
  device: string | null;
  /** The device's serial number, else the file's creation time: the stem of every originId. */
  key: string;
  /** Offset (and zone, when it came from the profile) of an instant in this file. */
  zone(ms: number): { utcOffsetMin: number; tz?: string };
  /** The account the file is imported into (whose weighings a shared scale's file holds). */
  owner: ImportContext['owner'];
}

/** Messages whose local_timestamp, beside their UTC timestamp, tells the offset the device was set to. */
const LOCAL_TIME_MESSAGES = new Set(['activity', 'monitoringInfo', 'monitoring', 'timestampCorrelation']);

export function fileContext(
  file: string,
  messages: readonly FitMessage[],
  context: ImportContext,
): FitFileContext {
  const fileId = messages.find((m) => m.name === 'fileId')?.mesg ?? {};
  const creator = messages.find(
    (m) => m.name === 'deviceInfo' && (m.mesg.deviceIndex === 'creator' || m.mesg.deviceIndex === 0),
  )?.mesg;
  const serial = num(fileId, 'serialNumber') ?? (creator && num(creator, 'serialNumber'));
  const created = timeMs(fileId, 'timeCreated');
  const key = serial !== undefined ? String(serial) : created !== undefined ? `t${seconds(created)}` : file;
  return {
    file,
    device: deviceName(fileId, creator),
    key,
    zone: zoneOf(messages, context),
    owner: context.owner,
  };
}

/** The product name when the file spells it ("fenix 7"), else the SDK's product enum, else the raw ids. */
function deviceName(fileId: FitMesg, creator?: FitMesg): string | null {
  const named = [fileId, creator].map((m) => m && str(m, 'productName')).find(Boolean);
  if (named) return named;
  const product = [fileId, creator].map((m) => m?.garminProduct).find((p) => typeof p === 'string');
  if (typeof product === 'string') return product;
  const ids = [str(fileId, 'manufacturer'), str(fileId, 'product')].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : null;
}

/**
 * The device's offset wherever the file says what its local time was (each saying holds until the next).
 * When a saying agrees with the profile zone, the device is taken to follow that zone, so its offset
 * moves with the zone's DST changes between sayings (a day's monitoring file across the spring jump).
 * Without any saying, the profile zone.
 */
function zoneOf(messages: readonly FitMessage[], context: ImportContext): FitFileContext['zone'] {
  const said: { from: number; utcOffsetMin: number; followsProfile: boolean }[] = [];
  for (const { name, mesg } of messages) {
    if (!LOCAL_TIME_MESSAGES.has(name)) continue;
    const local = localSeconds(mesg, 'localTimestamp');
    const utc = timeMs(mesg, 'timestamp');
    if (local === undefined || utc === undefined) continue;
    // Devices keep local time to the second; zones are whole quarter hours.
    const utcOffsetMin = Math.round((local - (utc - Utils.FIT_EPOCH_MS) / 1000) / 60 / 15) * 15;
    if (Math.abs(utcOffsetMin) > 14 * 60) continue;
    const followsProfile = zoneOffsetAt(context.timeZone, utc) === utcOffsetMin;
    const last = said.at(-1);
    if (last?.utcOffsetMin === utcOffsetMin && last.followsProfile === followsProfile) continue;
    said.push({ from: utc, utcOffsetMin, followsProfile });
  }
  said.sort((a, b) => a.from - b.from);
  if (said.length === 0)
    return (ms) => ({ utcOffsetMin: zoneOffsetAt(context.timeZone, ms), tz: context.timeZone });
  return (ms) => {
    const saying = said.findLast((s) => s.from <= ms) ?? said[0]!;
    return { utcOffsetMin: saying.followsProfile ? zoneOffsetAt(context.timeZone, ms) : saying.utcOffsetMin };
  };
}

/** A sample of this file: source garmin, its device, its zone, an originId under the file's key. */
export function fitSample(
  ctx: FitFileContext,
  fields: Pick<NewSample, 'kind' | 'start' | 'end' | 'value' | 'unit' | 'meta'> & { origin: string },
): NewSample {
  const { origin, ...rest } = fields;
  return {
    ...rest,
    ...ctx.zone(fields.start),
    source: 'garmin',
    device: ctx.device,
    originId: `${ctx.key}:${origin}`,
  };
}
