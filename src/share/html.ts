/**
 * The HTML replay: one self-contained file (no network, works from file://) that replays
 * one session, or two side by side, turn by turn in a browser. Every pane of every turn is
 * drawn here from the reducer's states (HTML_PANES) and kept in a pool of distinct
 * fragments; the page's small script only shows the fragments of the chosen turn.
 */
import type { SessionEvent, TimedEvent } from '../contracts/events.ts';
import { createTimeline } from '../store/replay.ts';
import { fmtBackend, fmtScore } from '../text/format.ts';
import { calloutsOf, summarizeCallouts, type Callout } from './callouts.ts';
import { HTML_PANES, VERSUS_PANES, esc } from './html-panes.ts';
import { PAGE_SCRIPT, PAGE_STYLE } from './html-page.ts';
import { paneShown, paneTitle, type PaneId } from '../tui/pane-specs.ts';

export interface HtmlSession {
  /** Shown above the session (the agent, or A / B). */
  label: string;
  events: readonly (SessionEvent | TimedEvent)[];
}

interface PaneData {
  id: string;
  title: string;
  kind: 'log' | 'snapshot' | 'rows';
  /** Per turn: index of its fragment in the pool (log and snapshot panes). */
  frags: number[];
  /** Rows panes: per row, its versions as [first turn, fragment] (-1: gone). */
  rows?: [number, number][][];
  /** Per turn: index of the title's info line in the pool (-1: none). */
  info: number[];
}

interface SessionData {
  label: string;
  agent: string;
  lastTurn: number;
  changeTurns: readonly number[];
  /** Per turn with any: its proactive moments as one line. */
  callouts: Record<number, string>;
  final: string;
  panes: PaneData[];
}

/** Distinct strings, each stored once. */
class Pool {
  readonly items: string[] = [];
  private readonly index = new Map<string, number>();
  add(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.items.length;
      this.items.push(s);
      this.index.set(s, i);
    }
    return i;
  }
}

function sessionData(
  s: HtmlSession,
  pool: Pool,
  paneIds: readonly PaneId[] | undefined,
): { data: SessionData; title: string } {
  const timeline = createTimeline(s.events);
  const final = timeline.stateAt(timeline.lastTurn);
  const panes = HTML_PANES.filter(
    (p) => (!paneIds || paneIds.includes(p.id)) && paneShown(p.id, final),
  ).map((p): PaneData => ({
    id: p.id,
    title: paneTitle(p.id),
    kind: p.kind,
    frags: [],
    info: [],
  }));
  const defs = panes.map((pane) => HTML_PANES.find((p) => p.id === pane.id)!);
  // Rows panes: the row objects shown last, and each one's HTML (a row object never changes).
  const shown = panes.map((): object[] => []);
  const rowHtml = new WeakMap<object, number>();
  for (let turn = 0; turn <= timeline.lastTurn; turn++) {
    const state = timeline.stateAt(turn);
    panes.forEach((pane, k) => {
      const def = defs[k]!;
      pane.info.push(def.info ? pool.add(def.info(state)) : -1);
      if (!def.rows) return void pane.frags.push(pool.add(def.render!(state, turn)));
      const rows = (pane.rows ??= []);
      const items = def.rows(state);
      const last = shown[k]!;
      for (let i = 0; i < Math.max(items.length, last.length); i++) {
        const item = items[i];
        if (item === last[i]) continue;
        let frag = -1;
        if (item) {
          frag = rowHtml.get(item) ?? pool.add(def.row!(item));
          rowHtml.set(item, frag);
        }
        (rows[i] ??= []).push([turn, frag]);
      }
      shown[k] = items.slice();
    });
  }
  const byTurn: Record<number, Callout[]> = {};
  for (const c of calloutsOf(s.events)) (byTurn[c.turn] ??= []).push(c);
  const callouts = Object.fromEntries(
    Object.entries(byTurn).map(([turn, cs]) => [turn, summarizeCallouts(cs)]),
  );
  const sc = final.scores;
  const ending = final.end
    ? `${final.end.end} after ${final.end.turns} turns${sc ? ` · Proc ${fmtScore(sc.proc)} · Comp ${fmtScore(sc.comp)} (${sc.passed}/${sc.graded} graded)` : ''}`
    : 'the recording ends before the session did';
  const scenario = final.scenario;
  return {
    data: {
      label: s.label,
      agent: fmtBackend(scenario?.backends.agent),
      lastTurn: timeline.lastTurn,
      changeTurns: timeline.statusChangeTurns,
      callouts,
      final: ending,
      panes,
    },
    title: scenario ? `${scenario.id}: ${scenario.title}` : 'intentplay session',
  };
}

/** One HTML file replaying the sessions (one, or two side by side). */
/** `start`: the turn the page opens at (a fork beside its parent: where they part); else the last. */
export function renderHtml(
  sessions: readonly HtmlSession[],
  opts: { start?: number } = {},
): string {
  const pool = new Pool();
  const versus = sessions.length > 1;
  const built = sessions.map((s) => sessionData(s, pool, versus ? VERSUS_PANES : undefined));
  const title = built[0]?.title ?? 'intentplay session';
  const data = {
    versus,
    sessions: built.map((b) => b.data),
    pool: pool.items,
    ...(opts.start !== undefined ? { start: opts.start } : {}),
  };
  // Inside <script>, "</" would end the element: JSON allows "\u003c" for "<".
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · intentplay replay</title>
<style>${PAGE_STYLE}</style>
</head>
<body class="${versus ? 'versus' : 'single'}">
<header>
<h1>${esc(title)}</h1>
<div id="finals"></div>
<nav>
<button id="first" title="first turn (Home)">«</button><button id="prev" title="previous turn (←)">‹</button><button id="play" title="play / pause (space)">play</button><button id="next" title="next turn (→)">›</button><button id="last" title="last turn (End)">»</button>
<input id="scrub" type="range" min="0" value="0" aria-label="turn">
<span id="turn"></span>
<button id="keys-button" title="keys (?)">?</button>
</nav>
<div id="keys" hidden>← → previous / next turn · Home End first / last · n p next / previous status change · space play / pause · ? these keys</div>
</header>
<main id="sessions"></main>
<script type="application/json" id="replay-data">${json}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
