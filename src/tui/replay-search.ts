/**
 * Replay's text search: which turns of a recording hold a query in the conversation a person
 * reads (the messages, the proposals and the user's answers, the notices), ignoring case.
 */
import type { TurnState } from '../store/state.ts';

/** The conversation text of one turn, lower-cased, as the search reads it. */
function turnText(turn: TurnState): string {
  return turn.items
    .flatMap((item) => {
      if (item.kind === 'message' || item.kind === 'notice') return [item.text];
      if (item.kind === 'proposal') return [item.summary, item.reason ?? ''];
      return [];
    })
    .join('\n')
    .toLowerCase();
}

/** The turns holding `query` (ascending); none for an empty query. */
export function turnsMatching(turns: readonly TurnState[], query: string): number[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return turns.filter((t) => turnText(t).includes(q)).map((t) => t.turn);
}

/** The match to go to from `turn`: the next one after it (or the previous before it), round the ends. */
export function nextMatch(
  matches: readonly number[],
  turn: number,
  dir: 1 | -1,
): number | undefined {
  if (!matches.length) return undefined;
  if (dir === 1) return matches.find((t) => t > turn) ?? matches[0];
  return matches.findLast((t) => t < turn) ?? matches.at(-1);
}
