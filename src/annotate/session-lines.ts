/**
 * A finished session as an annotator reads it: the conversation turn by turn, with each turn's
 * workspace and app changes under it, and nothing of the judge. Blind means: no intent status
 * or change, no checklist verdict, no scores or ending, no "↳ about I2" on user messages (which
 * intents the judge handed the user), no judge or leak notices.
 */
import type { ConversationItem, SessionState, TurnState } from '../store/state.ts';
import { turnBlocks } from '../tui/conversation-lines.ts';
import { diffLines } from '../tui/components/WorkspacePane.tsx';
import type { Theme } from '../tui/theme.ts';
import { wrap, type Line } from '../text/text.ts';

function blindItem(item: ConversationItem): ConversationItem | null {
  if (item.kind === 'notice') return item.source === 'notice' ? item : null;
  if (item.kind === 'message' && item.intents) {
    const { intents: _judged, ...rest } = item;
    return rest;
  }
  return item;
}

/** A turn without the judge's part of it. */
export function blindTurn(turn: TurnState): TurnState {
  return {
    ...turn,
    changes: [],
    items: turn.items.map(blindItem).filter((i): i is ConversationItem => i !== null),
  };
}

/** A file change's one-letter tag (modified: M). */
const FILE_TAGS: Readonly<Record<string, string>> = { added: 'A', deleted: 'D' };

function changeLines(turn: TurnState, theme: Theme): Line[] {
  if (!turn.files.length && !turn.apps.length) return [];
  const out: Line[] = [
    [{ text: `      changes in turn ${turn.turn}`, color: theme.text.muted, bold: true }],
  ];
  const entry = (
    tag: string,
    name: string,
    add: number,
    del: number,
    color: string | undefined,
  ): Line => [
    { text: `      ${tag} `, color, bold: true },
    { text: name, bold: true },
    { text: ` +${add}`, color: theme.diff.add },
    { text: ` -${del}`, color: theme.diff.remove },
  ];
  const indent = (lines: Line[]) => lines.map((l): Line => [{ text: '        ' }, ...l]);
  for (const f of turn.files) {
    const tag = FILE_TAGS[f.change] ?? 'M';
    out.push(
      entry(
        tag,
        f.path,
        f.additions,
        f.deletions,
        f.change === 'deleted' ? theme.diff.remove : theme.diff.add,
      ),
      ...indent(diffLines(f.patch, theme)),
    );
  }
  for (const a of turn.apps)
    out.push(
      entry('◆', `${a.app} (app)`, a.additions, a.deletions, theme.text.accent),
      ...indent(diffLines(a.patch, theme)),
    );
  return out;
}

export function sessionLines(
  state: SessionState,
  cols: number,
  theme: Theme,
  expandTools: boolean,
): Line[] {
  const out: Line[] = [];
  if (state.scenario) {
    out.push([
      { text: state.scenario.title, bold: true },
      { text: `  ${state.scenario.id}`, color: theme.text.muted },
    ]);
    const card = state.scenario.personaCard;
    if (card)
      for (const l of wrap(`The user: ${card.name}, ${card.role}`, cols))
        out.push([{ text: l, color: theme.text.secondary }]);
    out.push([]);
  }
  for (const turn of state.turns) {
    for (const block of turnBlocks(blindTurn(turn), cols, () => expandTools, theme))
      out.push(...block.lines);
    out.push(...changeLines(turn, theme));
  }
  if (out.length === 0)
    out.push([{ text: '(the recording holds no conversation)', color: theme.text.muted }]);
  return out;
}
