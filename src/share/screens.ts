/**
 * Whole screens as styled lines, drawn from the reducer's state: the session screen the
 * asciicast records, the presentation screen (fewer, larger elements for a projector) and
 * two sessions side by side. The full-screen `--present` and `--vs` modes show these same
 * lines, so a cast looks like the live demo.
 */
import type { SessionState } from '../store/state.ts';
import { fmtBackend, fmtScore, shortTime } from '../text/format.ts';
import type { Theme } from '../tui/theme.ts';
import { width, wrapWithPrefix, type Line, type Seg } from '../text/text.ts';
import { paneShown } from '../tui/pane-specs.ts';
import {
  besideEachOther,
  boxed,
  checklistTitle,
  conversationTail,
  fittedChecklistLines,
  fittedIntentLines,
  intentLines,
  intentsTitle,
  checklistBlocks,
  padLine,
  paneHead,
  phoneLines,
  progressSegs,
  timelineLines,
  workspaceLines,
} from './panes.ts';

export interface ScreenOptions {
  cols: number;
  rows: number;
  theme: Theme;
  /** The callout to show (the latest proactive moment), if any. */
  callout?: string | undefined;
  /** Intents whose latest change has a higher event number show as just changed. */
  freshSince?: number | undefined;
  /** A line of key hints for the live screens. */
  hint?: string | undefined;
  /** A film (cast, animated SVG): the conversation moves up by half a pane when full, not a line at a time. */
  film?: boolean | undefined;
}

export function header(left: Seg[], right: Seg[], cols: number): Line {
  const rightWidth = right.reduce((n, s) => n + width(s.text), 0);
  return [...padLine(left, Math.max(0, cols - rightWidth - 1)), { text: ' ' }, ...right];
}

export function title(state: SessionState, theme: Theme): Seg[] {
  const s = state.scenario;
  if (!s)
    return [
      { text: ' intentplay ', inverse: true, bold: true },
      { text: ' waiting for the session…', color: theme.text.muted },
    ];
  return [
    { text: ' intentplay ', inverse: true, bold: true },
    { text: ` ${s.id}`, bold: true },
    { text: ` · ${s.title}`, color: theme.text.secondary },
    ...(s.of > 1 ? [{ text: ` (${s.index + 1}/${s.of})`, color: theme.text.muted }] : []),
  ];
}

function calloutLine(callout: string | undefined, hint: string | undefined, theme: Theme): Line {
  if (callout)
    return [{ text: ` ★ ${callout} `, bold: true, inverse: true, color: theme.level.warning }];
  return hint ? [{ text: ` ${hint}`, color: theme.text.muted }] : [];
}

/** The Phone box of a proposal scenario, `cols` × `rows`. */
function phoneBox(state: SessionState, cols: number, rows: number, theme: Theme): Line[] {
  return boxed(
    [paneHead('phone')],
    phoneLines(state, cols - 2, rows - 2, theme),
    cols,
    rows,
    theme,
    { accent: true },
  );
}

/** The Timeline box of a time scenario, with the simulated time in its title. */
function timelineBox(state: SessionState, cols: number, rows: number, theme: Theme): Line[] {
  const now = state.timeline
    ? [
        {
          text: ` · now ${shortTime(state.timeline.now)}`,
          color: theme.text.muted,
        },
      ]
    : [];
  return boxed(
    [paneHead('timeline'), ...now],
    timelineLines(state, theme, rows - 2),
    cols,
    rows,
    theme,
  );
}

function sessionLayout(state: SessionState, cols: number, rows: number) {
  const body = Math.max(6, rows - 2);
  // The paradigms' panes where the session shows them (the pane specs decide, as on the terminal).
  const phone = paneShown('phone', state);
  const timeline = paneShown('timeline', state);
  const phoneCols = phone ? Math.floor(cols * 0.3) : 0;
  const left = Math.floor(cols * (phone ? 0.4 : 0.55));
  const right = cols - left - phoneCols;
  // A time scenario gives the Timeline a share of the right column.
  const timeRows = timeline ? Math.floor(body * 0.2) : 0;
  const intentRows = Math.floor(body * (timeline ? 0.4 : 0.5));
  const checkRows = Math.floor(body * (timeline ? 0.22 : 0.3));
  const workRows = body - intentRows - checkRows - timeRows;
  return {
    body,
    phone,
    timeline,
    phoneCols,
    left,
    right,
    timeRows,
    intentRows,
    checkRows,
    workRows,
  };
}

/**
 * Whether the session screen (or with `present` the presentation screen, which has no
 * checklist) shows every intent's text and every checklist item whole for this state.
 */
export function showsEverything(
  state: SessionState,
  o: Pick<ScreenOptions, 'cols' | 'rows' | 'theme'>,
  present = false,
): boolean {
  if (present) return false;
  const { right, intentRows, checkRows } = sessionLayout(state, o.cols, o.rows);
  const intents = intentLines(state, right - 2, o.theme, { detail: false }).length;
  const items = checklistBlocks(state, right - 2, o.theme).flat().length;
  return intents <= intentRows - 2 && items <= checkRows - 2;
}

/**
 * The session's panes: the conversation on the left; intents, checklist and workspace stacked
 * on the right, with the Timeline below them in a time scenario. A proposal scenario puts the
 * user's Phone between the conversation and the stack.
 */
export function sessionScreen(state: SessionState, o: ScreenOptions): Line[] {
  const { cols, rows, theme } = o;
  const {
    body,
    phone,
    timeline,
    phoneCols,
    left,
    right,
    timeRows,
    intentRows,
    checkRows,
    workRows,
  } = sessionLayout(state, cols, rows);
  const conv = boxed(
    [paneHead('conversation')],
    conversationTail(state, left - 3, body - 2, theme, { jump: o.film }),
    left,
    body,
    theme,
    {
      tail: true,
    },
  );
  const side = [
    ...boxed(
      intentsTitle(state, theme),
      fittedIntentLines(state, right - 2, intentRows - 2, theme, { freshSince: o.freshSince }),
      right,
      intentRows,
      theme,
    ),
    ...boxed(
      checklistTitle(state, theme),
      fittedChecklistLines(state, right - 2, checkRows - 2, theme),
      right,
      checkRows,
      theme,
    ),
    ...boxed([paneHead('workspace')], workspaceLines(state, theme), right, workRows, theme, {
      tail: true,
    }),
    ...(timeline ? timelineBox(state, right, timeRows, theme) : []),
  ];
  const columns = phone ? [conv, phoneBox(state, phoneCols, body, theme), side] : [conv, side];
  return [
    header(title(state, theme), progressSegs(state, theme), cols),
    ...besideEachOther(columns),
    padLine(calloutLine(o.callout, o.hint, theme), cols),
  ].slice(0, rows);
}

/** For a projector: the conversation with room between messages, the intents (with the Phone or the Timeline where used), and a large callout. */
export function presentScreen(state: SessionState, o: ScreenOptions): Line[] {
  const { cols, rows, theme } = o;
  const calloutRows = 3;
  const body = Math.max(6, rows - 3 - calloutRows);
  const left = Math.floor(cols * 0.6);
  const right = cols - left;
  const conv = boxed(
    [paneHead('conversation')],
    conversationTail(state, left - 3, body - 2, theme, { spaced: true, jump: o.film }),
    left,
    body,
    theme,
    {
      tail: true,
    },
  );
  // A proposal scenario's Phone, or a time scenario's Timeline, shares the right column with the intents.
  let extra: typeof phoneBox | undefined;
  if (paneShown('phone', state)) extra = phoneBox;
  else if (paneShown('timeline', state)) extra = timelineBox;
  const intentRows = extra
    ? Math.min(
        body - 8,
        Math.max(
          6,
          fittedIntentLines(state, right - 3, body - 2, theme, { spaced: true }).length + 2,
        ),
      )
    : body;
  const intents = fittedIntentLines(state, right - 3, intentRows - 2, theme, {
    freshSince: o.freshSince,
    spaced: true,
  });
  const side = [
    ...boxed(intentsTitle(state, theme), intents, right, intentRows, theme, { accent: !extra }),
    ...(extra ? extra(state, right, body - intentRows, theme) : []),
  ];
  const banner = o.callout
    ? boxed(
        [],
        [[{ text: `★  ${o.callout}`, bold: true, color: theme.level.warning }]],
        cols,
        calloutRows,
        theme,
        { accent: true },
      )
    : [[], [], []];
  const hint: Line = o.hint ? [{ text: ` ${o.hint}`, color: theme.text.muted }] : [];
  return [
    header(title(state, theme), progressSegs(state, theme), cols),
    [],
    ...besideEachOther([conv, side]),
    ...banner,
    hint,
  ]
    .slice(0, rows)
    .map((l) => padLine(l, cols));
}

export interface VersusSide {
  state: SessionState;
  /** The side's name above it (default A and B). */
  label?: string | undefined;
  callout?: string | undefined;
  freshSince?: number | undefined;
}

/** Two sessions of one scenario side by side, each with its conversation and intents, and both scores at the end. */
export function versusScreen(
  a: VersusSide,
  b: VersusSide,
  o: Omit<ScreenOptions, 'callout' | 'freshSince'>,
): Line[] {
  const { cols, rows, theme } = o;
  const body = Math.max(8, rows - 2);
  const convRows = Math.floor(body * 0.6);
  const half = [Math.floor(cols / 2), cols - Math.floor(cols / 2)] as const;
  // A callout wraps under its side's name (two lines at most, both sides alike): cut at the
  // column's edge it lost which intents the agent met.
  const calloutOf = (side: VersusSide, w: number): Line[] =>
    side.callout
      ? wrapWithPrefix([{ text: ' ' }], `★ ${side.callout}`, w - 1, {
          bold: true,
          color: theme.level.warning,
        }).slice(0, 2)
      : [];
  const calloutRows = Math.max(calloutOf(a, half[0]).length, calloutOf(b, half[1]).length);
  const column = (side: VersusSide, w: number, label: string): Line[] => {
    const agent = fmtBackend(side.state.scenario?.backends.agent);
    const name: Line = [
      { text: ` ${label} `, inverse: true, bold: true },
      { text: ` ${agent}`, bold: true },
    ];
    const callout = calloutOf(side, w);
    const rowsLeft = convRows - calloutRows;
    return [
      padLine(name, w),
      ...[...callout, ...Array<Line>(calloutRows - callout.length).fill([])].map((l) =>
        padLine(l, w),
      ),
      ...boxed(
        [paneHead('conversation')],
        conversationTail(side.state, w - 3, rowsLeft - 2, theme),
        w,
        rowsLeft,
        theme,
        {
          tail: true,
        },
      ),
      ...boxed(
        intentsTitle(side.state, theme),
        fittedIntentLines(side.state, w - 2, body - convRows - 3, theme, {
          freshSince: side.freshSince,
        }),
        w,
        body - convRows - 1,
        theme,
      ),
    ];
  };
  const both = a.state.end && b.state.end;
  const score = (label: string, s: SessionState): Seg[] => [
    { text: ` ${label} `, inverse: true, bold: true },
    {
      text: ` Proc ${fmtScore(s.scores?.proc)} · Comp ${fmtScore(s.scores?.comp)} · ${s.end?.turns ?? s.turn} turns   `,
      bold: true,
    },
  ];
  let footer: Line = [];
  // The live screen's key hint (q quit) stays after the scores: nothing else says how to leave.
  if (both)
    footer = [
      { text: ' final ', bold: true },
      ...score('A', a.state),
      ...score('B', b.state),
      ...(o.hint ? [{ text: o.hint, color: theme.text.muted }] : []),
    ];
  else if (o.hint) footer = [{ text: ` ${o.hint}`, color: theme.text.muted }];
  const state = a.state.scenario ? a.state : b.state;
  return [
    header(title(state, theme), [{ text: 'A vs B', color: theme.text.muted }], cols),
    ...besideEachOther([column(a, half[0], a.label ?? 'A'), column(b, half[1], b.label ?? 'B')]),
    padLine(footer, cols),
  ].slice(0, rows);
}
