import { AttributeSlots, INCOMPLETE, readAttributes } from './attributes';
import { ascii, bytesEqual, copyBytes, decodeAttribute } from './bytes';

/** What follows `<MetadataEntry` in the one entry read; HealthKit writes the key before the value. */
const TIME_ZONE_KEY = ascii(' key="HKTimeZone"');
const MAX_ZONES = 1000;

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
