/** What a results table says when checklist items went ungraded: Comp then covers fewer items. */
import type { RunRecord } from '../batch/summary.ts';

/** One sentence, or undefined when every item of every run was graded. */
export function ungradedNote(runs: readonly Pick<RunRecord, 'checklist'>[]): string | undefined {
  const items = runs.flatMap((r) => Object.values(r.checklist).filter((v) => v === null));
  if (!items.length) return undefined;
  const affected = runs.filter((r) => Object.values(r.checklist).includes(null)).length;
  return `${items.length} checklist item(s) of ${affected} run(s) were not graded (a rubric item without a rule under the rules judge, a rule script that did not run, or a grader answer that never parsed): Comp is over the graded items only, where π-Bench grades every item`;
}
