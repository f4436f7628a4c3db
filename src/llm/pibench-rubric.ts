/**
 * Rubric grading the way π-Bench's checklist grader does it (docs/pibench.md,
 * docs/pibench.md §6): one question per agent turn over that turn's trace (rendered by
 * `src/pibench/trace.ts`), then a criterion is met if ANY turn met it. A turn whose answer
 * never parses adds no YES; when no turn parses, every criterion stays ungraded (null),
 * because π-Bench drops such a task from Comp rather than scoring it 0.
 */
import type { ChecklistGrade } from '../session/backends.ts';
import type { ChecklistItemSpec, IntentSpec } from '../scenario/schema.ts';
import { listChecklist, listIntents } from './prompts.ts';

export const PIBENCH_RUBRIC_SYSTEM = [
  'You grade ONE turn of a session between a user and an AI assistant against numbered criteria.',
  'You see the user\'s hidden intents and what happened in this turn: its messages, tool calls and results,',
  '<tool_trace_extracts> (for each tool that matters, the listed arguments and result fields of its LAST call in this turn),',
  'and <files_read> (the files that matter, as they are after the session).',
  'For each criterion answer strictly YES (this turn clearly shows it is met) or NO (it is not, or it is unclear), with a one-line reason.',
  'Answer with one JSON object and nothing else:',
  '{"items": [{"id": "<criterion id>", "verdict": "YES" | "NO", "reason": "<one line>"}]}',
  'with exactly one entry per criterion.',
].join('\n');

/** The question for one turn: all hidden intents, the turn's trace, the numbered criteria. */
export function pibenchTurnCase(intents: readonly IntentSpec[], items: readonly ChecklistItemSpec[], trace: { turn: number; text: string }): string {
  return [`The user's hidden intents:\n${listIntents(intents)}`, `Trace of turn ${trace.turn}:\n${trace.text}`, `Criteria:\n${listChecklist(items)}`].join('\n\n');
}

/** One turn's usable verdicts, by item id (items it left out count as NO, as in π-Bench). */
export interface TurnVerdicts {
  turn: number;
  verdicts: ReadonlyMap<string, { yes: boolean; reason: string }>;
}

/**
 * OR over turns. `parsed` holds only the turns whose answer parsed; `turns` is how many
 * agent turns there were.
 */
export function mergeTurnVerdicts(items: readonly ChecklistItemSpec[], parsed: readonly TurnVerdicts[], turns: number): ChecklistGrade[] {
  if (!parsed.length) {
    const reason = turns ? `the judge's answer never parsed for any of ${turns} turn${turns === 1 ? '' : 's'}: dropped, as π-Bench drops the task` : 'no agent turn to grade';
    return items.map((i) => ({ item: i.id, pass: null, reason }));
  }
  return items.map((item) => {
    const yes = parsed.find((t) => t.verdicts.get(item.id)?.yes);
    if (yes) return { item: item.id, pass: true, reason: `turn ${yes.turn}: ${yes.verdicts.get(item.id)!.reason}` };
    const last = parsed.findLast((t) => t.verdicts.has(item.id));
    const unparsed = turns - parsed.length;
    const scope = unparsed ? `NO in every graded turn (${unparsed} unparsable)` : 'NO in every turn';
    return { item: item.id, pass: false, reason: last ? `${scope}; turn ${last.turn}: ${last.verdicts.get(item.id)!.reason}` : `${scope}; no verdict given` };
  });
}
