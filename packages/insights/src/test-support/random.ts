/** A seeded uniform generator in [0, 1): mulberry32 (Tommy Ettinger), small and good enough for tests. */
export type Random = () => number;

export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A normal draw by Box–Muller. */
export function normal(random: Random, mean = 0, sd = 1): number {
  const u = 1 - random();
  const v = random();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A log-normal draw: its median is `median`, its log has standard deviation `sigma`. */
export function logNormal(random: Random, median: number, sigma: number): number {
  return median * Math.exp(normal(random, 0, sigma));
}
