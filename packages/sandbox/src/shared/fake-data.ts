/** Seeded randomness and calendar helpers shared by the fakes, so a sandbox year is the same every time. */

export const DAY_MS = 86_400_000;

/** mulberry32: a small, good-enough seeded generator. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A normal draw from a uniform generator (Box–Muller). */
export function gauss(random: () => number): number {
  return Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
}

/** "2026-11-22" of a UTC day number. */
export const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/** An ISO instant with a fixed offset ("2026-11-22T07:10:00-05:00"). */
export function isoWithOffset(ms: number, offsetMin: number): string {
  const local = new Date(ms + offsetMin * 60_000).toISOString().slice(0, 19);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Offset-based pagination token, opaque to clients as real providers' tokens are. */
export const encodeToken = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
export function decodeToken(token: string | undefined): number {
  if (!token) return 0;
  const match = /^o:(\d+)$/.exec(Buffer.from(token, 'base64url').toString());
  return match ? Number(match[1]) : 0;
}
