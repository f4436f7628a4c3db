/** What the report's tables share: columns, grouping, and the per-group means they show. */
import { meanAndRepeatStd, type RunRecord } from '../batch/summary.ts';
import { sessionComp, sessionProc } from '../contracts/session-scores.ts';
import { mean } from '../judge/scores.ts';
import { col } from './document.ts';

export { col, groupBy } from './document.ts';
export const PROC = col('proc', 'Proc', 'meanStd');
export const COMP = col('comp', 'Comp', 'meanStd');

export const procOf = (runs: readonly RunRecord[]) => meanAndRepeatStd(runs, sessionProc);
export const compOf = (runs: readonly RunRecord[]) => meanAndRepeatStd(runs, sessionComp);
export const meanOf = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? mean(v) : null;
};

export { backendLabel } from '../batch/summary.ts';

export const distinct = (xs: string[]) => [...new Set(xs)];
