/** A small seeded PRNG (mulberry32): the same persona every time, so demo data and tests are stable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Roughly normal noise (sum of uniforms), mean 0, standard deviation `sd`. */
export function noise(random: () => number, sd: number): number {
  return (random() + random() + random() + random() - 2) * sd * 1.73;
}
