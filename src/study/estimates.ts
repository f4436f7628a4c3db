/**
 * The study report's estimates: a mean with a seeded percentile-bootstrap interval, and the
 * measures reported per condition. A leaf of its own, so the report's tables (per condition,
 * paired, per question) share it without importing one another.
 */
import { mean, quantileSorted, standardDeviation } from 'simple-statistics';
import { seededRandom } from '../sim/random.ts';

export const BOOTSTRAP_RESAMPLES = 2000;

export interface Estimate {
  n: number;
  mean: number | null;
  sd: number | null;
  lo: number | null;
  hi: number | null;
}

/** Mean with a percentile bootstrap 95% interval (seeded: the same data and seed give the same interval). */
export function bootstrapMean(
  values: readonly number[],
  seed: number,
  resamples = BOOTSTRAP_RESAMPLES,
): Estimate {
  const n = values.length;
  if (!n) return { n, mean: null, sd: null, lo: null, hi: null };
  const m = mean(values as number[]);
  const sd = n > 1 ? standardDeviation(values as number[]) * Math.sqrt(n / (n - 1)) : null;
  if (n < 2) return { n, mean: m, sd, lo: null, hi: null };
  const random = seededRandom(seed);
  const means = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[Math.floor(random() * n)]!;
    means[b] = sum / n;
  }
  const sorted = Array.from(means).sort((a, b) => a - b);
  return { n, mean: m, sd, lo: quantileSorted(sorted, 0.025), hi: quantileSorted(sorted, 0.975) };
}

export const MEASURES = [
  { key: 'proc', label: 'Proc', digits: 2 },
  { key: 'comp', label: 'Comp', digits: 2 },
  { key: 'turns', label: 'Turns', digits: 1 },
  { key: 'minutes', label: 'Minutes', digits: 1 },
  { key: 'sus', label: 'SUS (0-100)', digits: 1 },
  { key: 'tlx', label: 'Raw TLX (0-100)', digits: 1 },
] as const;
