/**
 * How wide each pane would like to be for what it holds now: the columns its widest line needs
 * that cannot wrap (a status line, a title with its counts, a file name), so the wide and medium
 * layouts (layout.ts) give the width to the panes that would otherwise cut text, and take it
 * from the ones that stand half empty. Text that wraps (an intent's sentence, a message) needs
 * no more than the narrowest pane: it flows into the width it gets, and is never cut.
 * Each pane's lines come from its own line builders, so what is measured is what is drawn.
 */
import type { SessionState } from '../store/state.ts';
import { lastChangedTurn } from '../store/selectors.ts';
import { lineWidth, width, type Line } from '../text/text.ts';
import { checkBlock } from './components/ChecklistPane.tsx';
import { goalBlock, intentBlock } from './components/IntentsPane.tsx';
import { changeEntries, entryLine } from './components/WorkspacePane.tsx';
import { paneSpecOf, type PaneId } from './pane-specs.ts';
import type { ParadigmPane } from '../contracts/paradigm-view.ts';
import type { ControlState } from './session/controller.ts';
import type { Theme } from './theme.ts';

/** Text that wraps is laid out this wide when measuring: any pane is at least this wide inside. */
export const WRAP_COLUMNS = 16;
/** Wide enough for any one summary line to stay whole. */
const WHOLE_COLUMNS = 1000;
/** Columns a pane's box takes beyond its widest line: two borders and the selection gutter. */
const FRAME = 3;

/**
 * What a pane asks of the width: `need`, the columns below which it cuts text (its widest line
 * that cannot wrap, or its title with the shortest form of its counts); `want`, the columns at
 * which its summary lines (`✔ I1 completed · turn 1 · evidence`) stay on one line each.
 */
export interface PaneWant {
  need: number;
  want: number;
}

type Measure = (s: SessionState, c: ControlState, theme: Theme) => PaneWant;

const widest = (lines: readonly Line[]): number =>
  lines.reduce((n, line) => Math.max(n, lineWidth(line)), 0);

/** A title line: the title, two spaces, and the shortest form of what it says on the right. */
const titled = (title: string, info: string) => width(title) + (info ? 2 + width(info) : 0);

const both = (need: number, want = need): PaneWant => ({ need, want: Math.max(need, want) });

/** The blocks at the narrowest (what must fit) and their first lines at their whole width. */
function blocksWant(title: number, build: (cols: number) => Line[][]): PaneWant {
  const need = Math.max(title, widest(build(WRAP_COLUMNS).flat()));
  return both(need, widest(build(WHOLE_COLUMNS).map((b) => b[0] ?? [])));
}

const intents: Measure = (s, c, theme) => {
  const title = titled('Hidden intents', s.end || c.revealIntents ? 'Proc 0.00' : '9 hidden');
  if (!c.revealIntents && !s.end) return both(title);
  if (c.participant?.intents === 'goals')
    return both(
      widest(s.intents.flatMap((i) => goalBlock(i, WRAP_COLUMNS, theme, { selected: false }))),
    );
  return blocksWant(title, (cols) =>
    s.intents.map((i) =>
      intentBlock(i, s.intentStates[i.id], cols, theme, {
        fresh: false,
        selected: false,
        showReveal: false,
      }),
    ),
  );
};

const checklist: Measure = (s, c, theme) => {
  const hidden = c.participant ? !c.participant.verdicts : !c.revealIntents && !s.end;
  const title = titled('Checklist', hidden ? '' : 'Comp 0.00');
  if (hidden) return both(title);
  return blocksWant(title, (cols) =>
    s.checklist.map((i) =>
      checkBlock(i, s.checks[i.id], cols, theme, {
        fresh: false,
        selected: false,
        settled: Boolean(s.end),
      }),
    ),
  );
};

const workspace: Measure = (s, c, theme) => {
  const shown = lastChangedTurn(s);
  const entries = changeEntries(shown, c.workspaceFiles);
  // An entry's whole label and its counts (a label is cut only when the pane cannot hold it).
  const rows = entries.map((e) => entryLine(e, WHOLE_COLUMNS, theme, false));
  const info = c.workspaceFiles ? `${c.workspaceFiles.length} files` : `turn ${shown?.turn ?? 0}`;
  return both(Math.max(titled('Workspace', info), width(' No files changed yet.'), widest(rows)));
};

/** A paradigm's pane, measured by its own blocks and title note. */
function paradigmMeasure(pane: ParadigmPane): Measure {
  return (s, c, theme) => {
    const slice = s[pane.slice];
    if (!slice) return both(0);
    const blocks = (cols: number) =>
      pane.blocks(slice, { cols, theme, seat: c.mode, scores: s.scores });
    const info = pane.info?.(slice) ?? '';
    const notes = typeof info === 'string' ? [info] : info;
    const title = titled(pane.title, notes.at(-1) ?? '');
    if (pane.wants !== 'title') return blocksWant(title, blocks);
    const need = Math.max(widest(blocks(WRAP_COLUMNS).flat()), title);
    return both(need, titled(pane.title, notes[0] ?? ''));
  };
}

/**
 * The side panes' measures (the main pane, the Conversation, wraps its messages and shows each
 * tool call in one line by design: it takes the share of the width it is given).
 */
const MEASURES: Partial<Record<PaneId, Measure>> = {
  intents,
  checklist,
  workspace,
};

/** What each shown side pane asks of the width now, its box's borders included. */
export function paneWants(
  ids: readonly PaneId[],
  s: SessionState,
  c: ControlState,
  theme: Theme,
): Partial<Record<PaneId, PaneWant>> {
  const wants: Partial<Record<PaneId, PaneWant>> = {};
  for (const id of ids) {
    const pane = paneSpecOf(id).paradigm;
    const measure = pane ? paradigmMeasure(pane) : MEASURES[id];
    if (!measure) continue;
    const { need, want } = measure(s, c, theme);
    wants[id] = { need: need + FRAME, want: want + FRAME };
  }
  return wants;
}
