import { zoneOffsetAt, type NewSample } from '@healthfolio/core';
import { AttributeSlots, INCOMPLETE, readAttributes } from './attributes';
import { ascii, bytesEqual, copyBytes, decodeAttribute } from './bytes';

/** What follows `<MetadataEntry` in the one entry read; HealthKit writes the key before the value. */
const TIME_ZONE_KEY = ascii(' key="HKTimeZone"');
const MAX_ZONES = 1000;
const DAY_MS = 24 * 3600_000;
/**
 * An offset found the same this long before or after an instant is taken to hold in between: two weeks,
 * or two days near a clock change (no zone changes its clocks twice within two days).
 */
const SPANS_MS = [14 * DAY_MS, 2 * DAY_MS];

/**
 * Reads the zone of an HKTimeZone MetadataEntry (sleep and workouts carry one: "America/Los_Angeles").
 * Other entries are passed over after comparing a few bytes; the zone's text is decoded and checked
 * only when it differs from the last one, and a zone the runtime does not know is dropped.
 */
export class TimeZoneReader {
  /** The zone the last `read` found, or undefined. */
  zone: string | undefined;
  private readonly slots = new AttributeSlots(['value']);
  private lastBytes: Uint8Array | undefined;
  private lastZone: string | undefined;
  private readonly known = new Map<string, boolean>();
  private spanZone = '';
  private spanFrom = 0;
  private spanTo = -1;
  private spanOffset = 0;

  /**
   * Gives `sample` the zone it was taken in: the instant stays the one written, and the offset becomes
   * the zone's at that instant, so the reading counts for the local day where it was taken even when
   * the export wrote it with another zone's offset.
   */
  place(sample: NewSample, zone: string): void {
    sample.tz = zone;
    sample.utcOffsetMin = this.offsetAt(zone, sample.start);
  }

  /**
   * The zone's offset at `ms`. Zones keep an offset for months, and records of one zone come in runs
   * (a night's sleep stages), so the span around an instant over which the offset holds is remembered.
   */
  private offsetAt(zone: string, ms: number): number {
    if (zone === this.spanZone && ms >= this.spanFrom && ms < this.spanTo) return this.spanOffset;
    const offset = zoneOffsetAt(zone, ms);
    this.spanZone = zone;
    this.spanOffset = offset;
    this.spanFrom = ms - span(zone, ms, offset, -1);
    this.spanTo = ms + 1 + span(zone, ms, offset, 1);
    return offset;
  }

  /**
   * Reads from `p`, just after the element name. Answers where the tag ends when it is an HKTimeZone
   * entry, `p` when it is another entry, or INCOMPLETE / MALFORMED as readAttributes does.
   */
  read(buf: Buffer, p: number): number {
    this.zone = undefined;
    const keyEnd = p + TIME_ZONE_KEY.length;
    if (keyEnd > buf.length) return INCOMPLETE;
    if (!bytesEqual(buf, p, keyEnd, TIME_ZONE_KEY)) return p;
    const next = readAttributes(buf, keyEnd, this.slots);
    if (next >= 0 && this.slots.has(0)) this.zone = this.zoneOf(buf, this.slots.start(0), this.slots.end(0));
    return next;
  }

  private zoneOf(buf: Buffer, start: number, end: number): string | undefined {
    if (this.lastBytes !== undefined && bytesEqual(buf, start, end, this.lastBytes)) return this.lastZone;
    this.lastBytes = copyBytes(buf, start, end);
    const zone = decodeAttribute(buf, start, end);
    let valid = this.known.get(zone);
    if (valid === undefined) {
      valid = isTimeZone(zone);
      // A real export names a handful of zones; a file naming thousands gets no cache to grow.
      if (this.known.size < MAX_ZONES) this.known.set(zone, valid);
    }
    this.lastZone = valid ? zone : undefined;
    return this.lastZone;
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** How far from `ms` towards `direction` the zone is known to keep `offset`. */
function span(zone: string, ms: number, offset: number, direction: 1 | -1): number {
  for (const length of SPANS_MS) if (zoneOffsetAt(zone, ms + direction * length) === offset) return length;
  return 0;
}
