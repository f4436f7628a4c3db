/**
 * A seeded random generator, so the same seed gives the same run (PARE's noise, a study's
 * counterbalancing, an annotation sample, a bootstrap). mulberry32: a tiny, well-known 32-bit
 * generator; reproducibility matters here, not quality.
 */
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
