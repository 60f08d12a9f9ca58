/**
 * UTC offsets of IANA zones, through Intl. Offsets change on whole quarter hours, so answers are cached
 * per zone and quarter hour: charts ask for thousands of bucket edges, imports for millions of samples.
 */

const MINUTE_MS = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
/** zone → quarter hour → offset. Bounded: cleared when large. */
const offsetCache = new Map<string, Map<number, number>>();
const MAX_CACHED = 100_000;

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** A bounded per-zone cache: replaced by an empty one when it grows past MAX_CACHED entries. */
export function zoneCache<V>(caches: Map<string, Map<number, V>>, zone: string): Map<number, V> {
  let cache = caches.get(zone);
  if (!cache || cache.size >= MAX_CACHED) {
    cache = new Map();
    caches.set(zone, cache);
  }
  return cache;
}

/** The UTC offset of an IANA zone at an instant, in minutes east of UTC. */
export function zoneOffsetAt(zone: string, instantMs: number): number {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 0;
  const slot = Math.floor(instantMs / (15 * MINUTE_MS));
  const cache = zoneCache(offsetCache, zone);
  const cached = cache.get(slot);
  if (cached !== undefined) return cached;
  const at = slot * 15 * MINUTE_MS;
  const parts = formatterFor(zone).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  const offset = Math.round((asUtc - at) / MINUTE_MS);
  cache.set(slot, offset);
  return offset;
}
