/**
 * Seeded percentile bootstrap: resample the items with replacement, recompute the statistic,
 * and take the 2.5th and 97.5th percentiles. Items, not ratings, are resampled, so the
 * ratings of one item stay together. The same seed gives the same interval.
 */
import { quantileSorted } from 'simple-statistics';
import { seededRandom } from '../sim/random.ts';

export interface Estimate {
  value: number | null;
  /** 95% interval; null when the statistic is undefined, or on every resample but a few. */
  low: number | null;
  high: number | null;
  /** Items the statistic was computed over. */
  n: number;
}

export const DEFAULT_RESAMPLES = 1000;

export function bootstrap<T>(
  items: readonly T[],
  stat: (sample: readonly T[]) => number | null,
  opts: { seed: number; resamples?: number },
): Estimate {
  const value = items.length ? stat(items) : null;
  if (value === null) return { value, low: null, high: null, n: items.length };
  const random = seededRandom(opts.seed);
  const values: number[] = [];
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const sample: T[] = new Array<T>(items.length);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < items.length; i++) sample[i] = items[Math.floor(random() * items.length)]!;
    const v = stat(sample);
    // A resample can make a statistic undefined (every item labelled alike): it is left out.
    if (v !== null) values.push(v);
  }
  if (values.length < resamples / 2) return { value, low: null, high: null, n: items.length };
  values.sort((a, b) => a - b);
  return {
    value,
    low: quantileSorted(values, 0.025),
    high: quantileSorted(values, 0.975),
    n: items.length,
  };
}
