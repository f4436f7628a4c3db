/**
 * Rubric grading the way π-Bench's checklist grader does it (docs/pibench.md,
 * docs/pibench.md §6): one question per agent turn over that turn's trace (rendered by
 * `src/pibench/trace.ts`), then a criterion is met if ANY turn met it. When any turn's
 * answer never parses, every criterion stays ungraded (null), because π-Bench then drops
 * the task from Comp rather than scoring it (checklist_evaluator.py: _score_task_criteria
 * raises, _evaluate_task returns no score).
 */
import type { ChecklistGrade } from '../contracts/backends.ts';
import type { ChecklistItemSpec, IntentSpec } from '../scenario/schema.ts';
import { listChecklist, listIntents } from '../llm/prompts.ts';

export const PIBENCH_RUBRIC_SYSTEM = [
  'You grade ONE turn of a session between a user and an AI assistant against numbered criteria.',
  "You see the user's hidden intents and what happened in this turn: its messages, tool calls and results,",
  '<tool_trace_extracts> (for each tool that matters, the listed arguments and result fields of its LAST call in this turn),',
  'and <files_read> (the files that matter, as they are after the session).',
  'For each criterion answer strictly YES (this turn clearly shows it is met) or NO (it is not, or it is unclear), with a one-line reason.',
  'Answer with one JSON object and nothing else:',
  '{"items": [{"id": "<criterion id>", "verdict": "YES" | "NO", "reason": "<one line>"}]}',
  'with exactly one entry per criterion.',
].join('\n');

/** The question for one turn: all hidden intents, the turn's trace, the numbered criteria. */
export function pibenchTurnCase(
  intents: readonly IntentSpec[],
  items: readonly ChecklistItemSpec[],
  trace: { turn: number; text: string },
): string {
  return [
    `The user's hidden intents:\n${listIntents(intents)}`,
    `Trace of turn ${trace.turn}:\n${trace.text}`,
    `Criteria:\n${listChecklist(items)}`,
  ].join('\n\n');
}

/** One turn's usable verdicts, by item id (items it left out count as NO, as in π-Bench). */
export interface TurnVerdicts {
  turn: number;
  verdicts: ReadonlyMap<string, { yes: boolean; reason: string }>;
}

/**
 * OR over turns. `parsed` holds only the turns whose answer parsed; `turns` is how many
 * agent turns there were. One unparsed turn leaves every criterion ungraded.
 */
export function mergeTurnVerdicts(
  items: readonly ChecklistItemSpec[],
  parsed: readonly TurnVerdicts[],
  turns: number,
): ChecklistGrade[] {
  if (!turns)
    return items.map((i) => ({ item: i.id, pass: null, reason: 'no agent turn to grade' }));
  const unparsed = turns - parsed.length;
  if (unparsed > 0) {
    const which =
      unparsed === turns
        ? `any of ${turns} turn${turns === 1 ? '' : 's'}`
        : `${unparsed} of ${turns} turns`;
    const reason = `the judge's answer never parsed for ${which}: dropped, as π-Bench drops a task when any turn's grading fails`;
    return items.map((i) => ({ item: i.id, pass: null, reason }));
  }
  return items.map((item) => {
    const yes = parsed.find((t) => t.verdicts.get(item.id)?.yes);
    if (yes)
      return {
        item: item.id,
        pass: true,
        reason: `turn ${yes.turn}: ${yes.verdicts.get(item.id)!.reason}`,
      };
    const last = parsed.findLast((t) => t.verdicts.has(item.id));
    return {
      item: item.id,
      pass: false,
      reason: last
        ? `NO in every turn; turn ${last.turn}: ${last.verdicts.get(item.id)!.reason}`
        : 'NO in every turn; no verdict given',
    };
  });
}
