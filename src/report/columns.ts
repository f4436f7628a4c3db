/** What the report's tables share: columns, grouping, and the per-group means they show. */
import { meanAndRepeatStd, type RunRecord } from '../batch/summary.ts';
import { mean } from '../judge/scores.ts';
import type { Column } from './document.ts';

/** A column: its key in the rows, its label, and its kind (which decides how every format shows it). */
export const col = (key: string, label: string, kind: Column['kind'] = 'text'): Column => ({
  key,
  label,
  kind,
});
export const PROC = col('proc', 'Proc', 'meanStd');
export const COMP = col('comp', 'Comp', 'meanStd');

export function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of xs) out.set(key(x), [...(out.get(key(x)) ?? []), x]);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export const procOf = (runs: readonly RunRecord[]) => meanAndRepeatStd(runs, (r) => r.proc);
export const compOf = (runs: readonly RunRecord[]) => meanAndRepeatStd(runs, (r) => r.comp);
export const meanOf = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? mean(v) : null;
};

export { backendLabel } from '../batch/summary.ts';

export const distinct = (xs: string[]) => [...new Set(xs)];
