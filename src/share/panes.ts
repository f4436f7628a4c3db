/**
 * The session's panes as styled lines of a fixed size, from the reducer's state: what the
 * asciicast, the SVG and the full-screen presentation and side-by-side screens draw. Pure
 * functions of the state, so the same recording always draws the same screen.
 */
import type { FileDiff, IntentStatus, UpdateVerdict } from '../contracts/events.ts';
import { checkMarkKind } from '../session/marks.ts';
import type { SessionState, TurnState } from '../store/state.ts';
import { checklistCounts, compSoFar, intentCounts, procSoFar } from '../store/selectors.ts';
import { whenChanged } from '../text/causes.ts';
import { turnBlocks } from '../tui/conversation-lines.ts';
import { fmtFileChange, fmtScore, shortTime } from '../text/format.ts';
import type { Theme } from '../tui/theme.ts';
import { paneSpecOf, paneTitle, type PaneId } from '../tui/pane-specs.ts';
import type { SessionSlices } from '../contracts/paradigm-view.ts';
import { updateSeen } from '../sim/update-seen.ts';
import { fitLine, truncate, width, wrapWithPrefix, type Line, type Seg } from '../text/text.ts';

/** A pane's title as its box shows it (the title of the pane specs, as on the terminal). */
export const paneHead = (id: PaneId): Seg => ({ text: paneTitle(id), bold: true });

/** A line exactly `cols` wide: cut, or padded with spaces. */
export function padLine(line: Line, cols: number): Line {
  const fitted = fitLine(line, cols);
  const used = fitted.reduce((n, s) => n + width(s.text), 0);
  return used < cols ? [...fitted, { text: ' '.repeat(cols - used) }] : fitted;
}

/** `lines` in a rounded box of `cols` × `rows`, titled; the last lines when `tail`, else the first. */
export function boxed(
  title: Line,
  lines: readonly Line[],
  cols: number,
  rows: number,
  theme: Theme,
  opts: { tail?: boolean; accent?: boolean } = {},
): Line[] {
  const border = opts.accent ? theme.border.focused : theme.border.normal;
  const inner = Math.max(1, cols - 2);
  const bodyRows = Math.max(0, rows - 2);
  const shown = opts.tail
    ? lines.slice(Math.max(0, lines.length - bodyRows))
    : lines.slice(0, bodyRows);
  const titleLine = title.length
    ? fitLine([{ text: ' ' }, ...title, { text: ' ' }], Math.max(0, inner - 1))
    : [];
  const titleWidth = titleLine.reduce((n, s) => n + width(s.text), 0);
  const out: Line[] = [
    [
      { text: '╭─', color: border },
      ...titleLine,
      { text: '─'.repeat(Math.max(0, inner - 1 - titleWidth)) + '╮', color: border },
    ],
  ];
  for (let i = 0; i < bodyRows; i++)
    out.push([
      { text: '│', color: border },
      ...padLine(shown[i] ?? [], inner),
      { text: '│', color: border },
    ]);
  out.push([{ text: '╰' + '─'.repeat(inner) + '╯', color: border }]);
  return out.slice(0, rows);
}

/** Columns of lines side by side (each column already as wide as its box). */
export function besideEachOther(columns: readonly (readonly Line[])[]): Line[] {
  const rows = Math.max(0, ...columns.map((c) => c.length));
  const out: Line[] = [];
  for (let r = 0; r < rows; r++) out.push(columns.flatMap((c) => c[r] ?? []));
  return out;
}

/** One turn's conversation lines (with `spaced`, a blank line before each message). */
function turnLines(turn: TurnState, cols: number, theme: Theme, spaced?: boolean): Line[] {
  const lines: Line[] = [];
  for (const b of turnBlocks(turn, cols, () => false, theme)) {
    // Room before each message; a run of tool calls stays together.
    if (spaced && lines.length && !b.toolKey) lines.push([]);
    lines.push(...b.lines);
  }
  return lines;
}

// A finished turn's line count does not change: counted once per width.
const lineCounts = new WeakMap<TurnState, { sig: number; n: number }>();
function lineCount(turn: TurnState, cols: number, theme: Theme, spaced?: boolean): number {
  const sig = cols * 4 + (theme.color ? 2 : 0) + (spaced ? 1 : 0);
  const hit = lineCounts.get(turn);
  if (hit?.sig === sig) return hit.n;
  const n = turnLines(turn, cols, theme, spaced).length;
  lineCounts.set(turn, { sig, n });
  return n;
}

/**
 * The last `rows` lines of the conversation, wrapped to `cols` (only the turns needed are
 * wrapped). With `jump` (a film), the pane moves up half its height at a time when it is full,
 * so lines already drawn stay in place from one frame to the next instead of scrolling by one.
 */
export function conversationTail(
  state: SessionState,
  cols: number,
  rows: number,
  theme: Theme,
  opts: { spaced?: boolean; jump?: boolean } = {},
): Line[] {
  let keep = rows;
  if (opts.jump) {
    const total = state.turns.reduce((n, t) => n + lineCount(t, cols, theme, opts.spaced), 0);
    const step = Math.max(1, Math.ceil(rows / 2));
    const top = total > rows ? Math.ceil((total - rows) / step) * step : 0;
    keep = total - top;
  }
  const out: Line[] = [];
  for (let i = state.turns.length - 1; i >= 0 && out.length < keep; i--)
    out.unshift(...turnLines(state.turns[i]!, cols, theme, opts.spaced));
  return out.slice(Math.max(0, out.length - keep));
}

type IntentOpts = {
  freshSince?: number | undefined;
  detail?: boolean;
  spaced?: boolean;
  headsOnly?: boolean;
};

/** Each intent's lines: its mark, id and status (inverse when it just changed), its text and the latest change. */
export function intentBlocks(
  state: SessionState,
  cols: number,
  theme: Theme,
  opts: IntentOpts = {},
): Line[][] {
  return state.intents.map((intent) => {
    const view = state.intentStates[intent.id];
    const status: IntentStatus = view?.status ?? 'open';
    const mark = theme.intent[status];
    const fresh = isFresh(state, intent.id, opts.freshSince);
    const block: Line[] = [
      [
        { text: mark.symbol + ' ', color: mark.color, bold: true },
        { text: intent.id, bold: true },
        { text: ' ' },
        {
          text: fresh ? ` ${mark.label} ` : mark.label,
          color: mark.color,
          inverse: fresh,
          bold: fresh,
        },
        ...(view?.last
          ? [
              {
                text: ` · ${whenChanged(view.last)}`,
                color: theme.text.muted,
              },
            ]
          : []),
      ],
    ];
    if (opts.headsOnly) return block;
    block.push(...wrapWithPrefix([{ text: '  ' }], intent.text, cols));
    if (opts.detail !== false && view?.last?.detail)
      block.push(
        ...wrapWithPrefix(
          [{ text: '  ↳ ', color: theme.text.muted }],
          truncate(view.last.detail, cols * 2),
          cols,
          {
            color: theme.text.muted,
            italic: true,
          },
        ),
      );
    return block;
  });
}

const isFresh = (state: SessionState, id: string, since: number | undefined) =>
  since !== undefined && (state.intentStates[id]?.last?.seq ?? 0) > since;

/** The intents' lines, blocks one after another (a blank line between them when `spaced`). */
export function intentLines(
  state: SessionState,
  cols: number,
  theme: Theme,
  opts: IntentOpts = {},
): Line[] {
  return joinBlocks(intentBlocks(state, cols, theme, opts), opts.spaced);
}

const joinBlocks = (blocks: readonly Line[][], spaced = false): Line[] =>
  blocks.flatMap((b, i) => (spaced && i ? [[] as Line, ...b] : b));

/** A last line saying how many items did not fit, so a cut list never looks whole. */
const moreLine = (n: number, what: string, theme: Theme): Line => [
  { text: `… ${n} ${what}`, color: theme.text.muted },
];

/**
 * The intents in `rows` lines: with details if they fit, else with their texts, else one line
 * each with as many texts as fit (the ones that just changed first); a last line counts any
 * intent left out entirely.
 */
export function fittedIntentLines(
  state: SessionState,
  cols: number,
  rows: number,
  theme: Theme,
  opts: { freshSince?: number | undefined; spaced?: boolean } = {},
): Line[] {
  const full = intentLines(state, cols, theme, { ...opts, detail: true });
  if (full.length <= rows) return full;
  const plain = intentBlocks(state, cols, theme, { ...opts, detail: false });
  if (joinBlocks(plain, opts.spaced).length <= rows) return joinBlocks(plain, opts.spaced);
  const heads = intentBlocks(state, cols, theme, { freshSince: opts.freshSince, headsOnly: true });
  if (heads.length > rows - 1)
    return [
      ...heads.slice(0, Math.max(0, rows - 1)).flat(),
      moreLine(heads.length - rows + 1, 'more intents', theme),
    ];
  // Room beyond one line each (and the count of texts left out) goes to texts: the intents
  // that just changed first, then in order.
  const order = state.intents.map((intent, i) => ({
    i,
    fresh: isFresh(state, intent.id, opts.freshSince),
  }));
  order.sort((a, b) => Number(b.fresh) - Number(a.fresh) || a.i - b.i);
  const blocks = heads.slice();
  let used = heads.length + 1;
  let left = heads.length;
  for (const { i } of order) {
    const extra = plain[i]!.length - 1;
    if (used + extra > rows) continue;
    blocks[i] = plain[i]!;
    used += extra;
    left--;
  }
  return [...blocks.flat(), moreLine(left, left === 1 ? 'text hidden' : 'texts hidden', theme)];
}

/** Each checklist item's lines: its mark, id and wrapped text. */
export function checklistBlocks(state: SessionState, cols: number, theme: Theme): Line[][] {
  return state.checklist.map((item) => {
    const v = state.checks[item.id];
    const mark = theme.check[checkMarkKind(v)];
    return wrapWithPrefix(
      [
        { text: `${mark.symbol} `, color: mark.color, bold: true },
        { text: item.id + ' ', bold: true },
      ],
      item.text,
      cols,
    );
  });
}

export function checklistLines(state: SessionState, cols: number, theme: Theme): Line[] {
  return checklistBlocks(state, cols, theme).flat();
}

/** The checklist in `rows` lines: whole items while they fit, then a line counting the rest. */
export function fittedChecklistLines(
  state: SessionState,
  cols: number,
  rows: number,
  theme: Theme,
): Line[] {
  const blocks = checklistBlocks(state, cols, theme);
  if (blocks.flat().length <= rows) return blocks.flat();
  const out: Line[] = [];
  let shown = 0;
  for (const block of blocks) {
    if (out.length + block.length > rows - 1) break;
    out.push(...block);
    shown++;
  }
  return [...out, moreLine(blocks.length - shown, 'more items', theme)];
}

/**
 * Item blocks packed into pages of at most `rows` lines, never splitting an item (one longer
 * than a page is cut to it), so paging through them shows every item whole.
 */
export function pagesOf(blocks: readonly Line[][], rows: number, spaced = false): Line[][] {
  const pages: Line[][] = [];
  let page: Line[] = [];
  for (const block of blocks) {
    const gap = spaced && page.length ? 1 : 0;
    if (page.length && page.length + gap + block.length > rows) {
      pages.push(page);
      page = [];
    }
    if (spaced && page.length) page.push([]);
    page.push(...block.slice(0, Math.max(1, rows)));
  }
  if (page.length || !pages.length) pages.push(page);
  return pages;
}

/** Added files in the diff's green, deleted ones in its red, modified ones plain. */
function fileChangeColor(change: FileDiff['change'], theme: Theme): string | undefined {
  if (change === 'added') return theme.diff.add;
  return change === 'deleted' ? theme.diff.remove : undefined;
}

/** Every workspace and app change so far, one line each, newest last. */
export function workspaceLines(state: SessionState, theme: Theme): Line[] {
  const out: Line[] = [];
  for (const t of state.turns) {
    for (const f of t.files)
      out.push([
        { text: `t${t.turn} `, color: theme.text.muted },
        {
          text: fmtFileChange(f),
          color: fileChangeColor(f.change, theme),
        },
      ]);
    for (const a of t.apps)
      out.push([
        { text: `t${t.turn} `, color: theme.text.muted },
        { text: `app ${a.app} +${a.additions} -${a.deletions}` },
      ]);
  }
  return out;
}

/** An update's verdict in the checklist's colours: a hit or a kept silence passes, the rest fail. */
function verdictColor(verdict: UpdateVerdict | undefined, theme: Theme): string | undefined {
  if (!verdict) return theme.text.muted;
  return verdict === 'hit' || verdict === 'kept' ? theme.check.pass.color : theme.check.fail.color;
}

/**
 * Time scenarios: the updates (when, and how each went) in `rows` lines: the latest to have
 * happened near the bottom, with the next to come after it.
 */
export function timelineLines(state: SessionState, theme: Theme, rows: number): Line[] {
  const tl = state.timeline;
  if (!tl) return [];
  const next = tl.updates.findIndex((u) => !u.happened);
  const end = Math.min(
    tl.updates.length,
    Math.max(rows, (next < 0 ? tl.updates.length : next) + 1),
  );
  return tl.updates.slice(Math.max(0, end - rows), end).map((u) => {
    const how = u.verdict ?? updateSeen(u);
    const color = verdictColor(u.verdict, theme);
    return [
      { text: `${u.id} `, bold: true },
      { text: `${how} `, color },
      { text: `${shortTime(u.at)} `, color: theme.text.muted },
      { text: u.text },
    ];
  });
}

export function intentsTitle(state: SessionState, theme: Theme): Line {
  const c = intentCounts(state);
  const counts = (['completed', 'inferred', 'provided', 'unresolved', 'open'] as const)
    .map((s) => `${theme.intent[s].symbol}${c[s]}`)
    .join(' ');
  return [
    paneHead('intents'),
    { text: ` · Proc ${fmtScore(procSoFar(state))} · ${counts}`, color: theme.text.muted },
  ];
}

export function checklistTitle(state: SessionState, theme: Theme): Line {
  const c = checklistCounts(state);
  return [
    paneHead('checklist'),
    {
      text: ` · Comp ${fmtScore(compSoFar(state))} · ✔${c.passed} ✗${c.failed}`,
      color: theme.text.muted,
    },
  ];
}

/** Where the session is: the turn, and the end with its final scores once it has ended. */
export function progressSegs(state: SessionState, theme: Theme): Seg[] {
  const max = state.scenario?.maxTurns;
  const turn: Seg = { text: `turn ${state.turn}${max ? `/${max}` : ''}`, color: theme.text.muted };
  if (!state.end) return [turn];
  const s = state.scores;
  return [
    turn,
    { text: ` · ${state.end.end}`, bold: true },
    ...(s ? [{ text: ` · Proc ${fmtScore(s.proc)} · Comp ${fmtScore(s.comp)}`, bold: true }] : []),
  ];
}

/**
 * Proposal scenarios: the Phone pane's blocks (status, screen, notifications, proposals, moves)
 * in `rows` lines. When they do not all fit, the status and the latest proposals come first,
 * then the top of the screen, the latest notifications and moves.
 */
export function phoneLines(state: SessionState, cols: number, rows: number, theme: Theme): Line[] {
  if (!state.phone) return [];
  // Most frames of a cast share the phone of the frame before (the reducer keeps it the same object).
  const key = `${cols}x${rows}`;
  const cached = phoneCache.get(state.phone);
  if (cached?.key === key && cached.theme === theme) return cached.lines;
  const lines = drawPhone(state.phone, cols, rows, theme);
  phoneCache.set(state.phone, { key, theme, lines });
  return lines;
}

type PhoneState = SessionSlices['phone'];

const phoneCache = new WeakMap<PhoneState, { key: string; theme: Theme; lines: Line[] }>();

/** `block` in `n` lines: its first ones, or its heading and newest ones (`fromTail`). */
function cutBlock(block: Line[], n: number, fromTail: boolean): Line[] {
  if (n === block.length) return block;
  if (!fromTail) return block.slice(0, n);
  return n ? [block[0]!, ...block.slice(block.length - n + 1)] : [];
}

function drawPhone(phone: PhoneState, cols: number, rows: number, theme: Theme): Line[] {
  // The Phone pane's own blocks (its paradigm draws them), as a replay shows them.
  const drawing = { cols, theme, seat: 'replay', scores: undefined } as const;
  const blocks = paneSpecOf('phone').paradigm?.blocks(phone, drawing) ?? [];
  const [status = [], screen = [], notes = [], proposals = [], moves = []] = blocks;
  const shown = [status, screen, notes, proposals, moves];
  // Each block keeps its heading line; `tail` keeps its newest lines after the heading.
  const tail = new Set([notes, proposals, moves]);
  const kept = new Map<Line[], Line[]>();
  let left = rows - (shown.length - 1);
  for (const block of [status, proposals, screen, notes, moves]) {
    const n = Math.max(0, Math.min(block.length, left));
    left -= n;
    kept.set(block, cutBlock(block, n, tail.has(block)));
  }
  return shown.flatMap((b, i) =>
    kept.get(b)!.length ? [...(i ? [[] as Line] : []), ...kept.get(b)!] : [],
  );
}
