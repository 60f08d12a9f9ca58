import { Decoder, Profile, Stream, Utils } from '@garmin/fitsdk';
import { ImportFormatError, type ImportFile } from '../types';
import type { FitMessage, FitMesg } from './fit-values';
import { describeFitDamage, type DescribedFitDamage } from './fit-damage';
import { scanFit, type FitScan } from './fit-scan';

/** A FIT file header: its size (12 or 14) first, then ".FIT" at bytes 8–11 (what Decoder.isFIT checks). */
export function isFitHead(head: Buffer): boolean {
  return head.length >= 12 && (head[0] === 12 || head[0] === 14) && head.toString('latin1', 8, 12) === '.FIT';
}

/** FIT files are small (an ultra is a few MB); anything larger is not one we should hold in memory. */
export const MAX_FIT_BYTES = 100 * 1024 * 1024;

/** What a FIT file decodes to. */
export interface DecodedFit {
  messages: FitMessage[];
  /** Set when the file is damaged: what, where (`byte`), and in words (`message`). */
  damage?: DescribedFitDamage;
}

/** The whole file in memory, refused past the cap whatever size it claims. */
export async function readFitBytes(file: ImportFile): Promise<Buffer> {
  const tooLarge = () =>
    new ImportFormatError(
      `${file.name} is larger than ${MAX_FIT_BYTES / 1024 / 1024} MB: not a FIT file we read`,
      {
        file: file.name,
      },
    );
  if (file.size > MAX_FIT_BYTES) throw tooLarge();
  const parts: Buffer[] = [];
  let length = 0;
  const stream = file.open();
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      length += buf.length;
      if (length > MAX_FIT_BYTES) throw tooLarge();
      parts.push(buf);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts);
}

const mesgNames = (Profile as unknown as { types: { mesgNum: Record<number, string> } }).types.mesgNum;

/**
 * Decodes every message in file order. The file is walked first (scanFit) so that the SDK gets only
 * whole records and never a compressed-timestamp header, which it does not decode: those messages get
 * their time from the walk. A damaged file gives the messages before the damage and says where it is.
 * When the SDK cannot take an app's developer data description (it throws on some), the file is read
 * again without developer data: the standard fields are what we read.
 */
export function decodeFit(bytes: Uint8Array): DecodedFit {
  const scan = scanFit(bytes);
  let decoded = decodeData(scan, false);
  if (decoded.error && scan.hasDeveloperData) {
    scan.withoutDeveloperData();
    decoded = decodeData(scan, true);
  }
  const { messages, error } = decoded;
  if (!error) return scan.damage ? { messages, damage: describeFitDamage(scan.damage) } : { messages };
  // The walk checked the framing; what the SDK still refuses is a value it cannot decode.
  const at = /at byte (\d+)/.exec(error.message)?.[1];
  return {
    messages,
    damage: describeFitDamage({
      kind: 'decoder',
      ...(at === undefined ? {} : { byte: scan.sourceByte(Number(at)) }),
      size: bytes.length,
      length: bytes.length,
    }),
  };
}

function decodeData(scan: FitScan, plain: boolean): { messages: FitMessage[]; error?: Error } {
  const stamps = new Map(scan.stamps.map((s) => [plain ? s.plainIndex : s.index, s]));
  const messages: FitMessage[] = [];
  const { errors } = new Decoder(Stream.fromArrayBuffer(scan.data.buffer as ArrayBuffer)).read({
    dataOnly: true,
    mesgListener: (mesgNum, mesg) => {
      const stamp = stamps.get(messages.length);
      const decoded = mesg as unknown as FitMesg;
      messages.push({
        name: mesgNames[mesgNum] ?? String(mesgNum),
        mesg:
          stamp && stamp.mesgNum === mesgNum && decoded.timestamp === undefined
            ? { ...decoded, timestamp: new Date(Utils.FIT_EPOCH_MS + stamp.seconds * 1000) }
            : decoded,
      });
    },
  });
  return errors.length > 0 ? { messages, error: errors[0] as Error } : { messages };
}
