/**
 * The panes of the HTML replay, as a table: each entry says how to draw one pane of a
 * session as HTML at a turn, from the reducer's state at the end of that turn. Which pane it
 * is names a row of the pane specs (src/tui/pane-specs.ts), which give its title and which
 * recordings show it (a Timeline only for simulated time, a Phone only for proposals), as on
 * the terminal. A new pane is one more entry.
 */
import { permissionLine, planLine } from '../session/agent-activity-text.ts';
import { checkMarkKind, NOTICE_TAGS, PROPOSAL_MARKS } from '../session/marks.ts';
import type { ConversationItem, SessionState, ToolItem } from '../store/state.ts';
import { causeLabel } from '../text/causes.ts';
import {
  diffBody,
  fmtArgs,
  fmtFileChange,
  fmtResult,
  fmtScore,
  prettyValue,
  shortTime,
} from '../text/format.ts';
import {
  checklistCounts,
  compSoFar,
  intentCounts,
  procSoFar,
  turnState,
} from '../store/selectors.ts';
import { truncate } from '../text/text.ts';
import type { SessionSlices } from '../contracts/paradigm-view.ts';
import { updateSeen } from '../sim/update-seen.ts';
import type { PaneId } from '../tui/pane-specs.ts';
import { emptyReplyText } from '../store/selectors.ts';

type TimelineUpdate = SessionSlices['timeline']['updates'][number];
type TimelineReminder = SessionSlices['timeline']['reminders'][number];

export interface HtmlPane {
  /** The pane of the specs it draws: its title and whether a session shows it come from there. */
  id: PaneId;
  /**
   * `log`: each turn adds its part and the page shows the parts up to the current turn;
   * `snapshot`: the pane as it is at the current turn; `rows`: a long list whose rows change one
   * at a time (a time scenario's updates), stored as each row's versions, not once per turn.
   */
  kind: 'log' | 'snapshot' | 'rows';
  /** The pane's HTML for `turn` (a log pane: only what the turn added; not for rows). */
  render?(state: SessionState, turn: number): string;
  /** A rows pane's rows at a turn: the reducer keeps an unchanged row the same object. */
  rows?(state: SessionState): readonly object[];
  /** One row's HTML. */
  row?(item: object): string;
  /** A short line beside the title at `turn` (counts, scores so far). */
  info?(state: SessionState): string;
}

export const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const MAX_TEXT = 4000;
const MAX_DIFF_LINES = 200;
/** Evidence can quote a whole file: the start of it says enough beside a status. */
const why = (s: string) => esc(truncate(s, 300));
const cap = (s: string) =>
  s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}\n… ${s.length - MAX_TEXT} more characters` : s;

const TOOL_MARKS: Record<ToolItem['state'], string> = {
  ok: '<span class="ok">✔</span>',
  error: '<span class="bad">✗</span>',
  running: '…',
};

function itemHtml(item: ConversationItem, emptyReply = 'no reply'): string {
  switch (item.kind) {
    case 'message':
      return `<div class="msg ${item.role}"><span class="who">${item.role}${item.source ? ` <i>from ${esc(item.source)}</i>` : ''}</span>${item.at ? `<span class="at">${esc(item.at)}</span>` : ''}<div class="text">${item.text ? esc(item.text) : `<i class="why">${item.role === 'agent' ? emptyReply : '(no reply)'}</i>`}</div>${item.intents?.length ? `<div class="about">↳ about ${esc(item.intents.join(', '))}</div>` : ''}</div>`;
    case 'tool': {
      const mark = TOOL_MARKS[item.state];
      const brief =
        item.state === 'error'
          ? esc(item.error ?? 'failed')
          : `${esc(fmtArgs(item.args, 80))}${item.result !== undefined ? ` → ${esc(fmtResult(item.result, 60))}` : ''}`;
      const body = `<b>args</b><pre>${esc(cap(prettyValue(item.args)))}</pre>${toolOutcomeHtml(item)}`;
      return `<details class="tool"><summary><span class="name">${esc(item.name)}</span> ${mark} <span class="brief">${brief}</span></summary>${body}</details>`;
    }
    case 'proposal':
      return `<div class="msg agent proposal ${item.verdict ?? 'waiting'}"><span class="who">proposal ${esc(item.id)}</span><div class="text">${esc(item.summary)}</div><div class="about">${PROPOSAL_MARKS[item.verdict ?? 'waiting']}${item.verdict && item.reason ? `: ${esc(item.reason)}` : ''}</div></div>`;
    case 'plan':
      return `<div class="notice info plan">plan<br>${item.entries.map((e) => esc(planLine(e))).join('<br>')}</div>`;
    case 'permission':
      return `<div class="notice ${item.decision === 'denied' ? 'warning' : 'info'}">⚿ ${esc(permissionLine(item))}</div>`;
    case 'notice':
      return `<div class="notice ${item.level}">! ${NOTICE_TAGS[item.source]}${esc(item.text)}</div>`;
  }
}

/** A tool call's outcome under its arguments: the error, or the result once there is one. */
function toolOutcomeHtml(item: ToolItem): string {
  if (item.state === 'error') return `<b>error</b><pre>${esc(item.error ?? '')}</pre>`;
  if (item.result === undefined) return '';
  return `<b>result</b><pre>${esc(cap(prettyValue(item.result)))}</pre>`;
}

/** The class of a diff line: added, removed, a hunk header, or context. */
function diffLineClass(line: string): string {
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  if (line.startsWith('@@')) return 'hunk';
  return '';
}

function diffHtml(patch: string): string {
  const lines = diffBody(patch);
  const shown = lines
    .slice(0, MAX_DIFF_LINES)
    .map((l) => `<span class="${diffLineClass(l)}">${esc(l)}</span>`);
  if (lines.length > MAX_DIFF_LINES) shown.push(`… ${lines.length - MAX_DIFF_LINES} more lines`);
  return `<pre class="diff">${shown.join('\n')}</pre>`;
}

const conversation: HtmlPane = {
  id: 'conversation',
  kind: 'log',
  render(state, turn) {
    const t = turnState(state, turn);
    if (!t) return '';
    const head =
      turn > 0 ? `<div class="turn-head">turn ${turn}${t.error ? ' · error' : ''}</div>` : '';
    // What an empty reply means (a silence kept, a proposal made), as on the terminal.
    const emptyReply = emptyReplyText(t);
    // A proposal answered since its turn: its card again, with the verdict, where the answer came.
    const answered = state.turns
      .flatMap((x) => x.items)
      .filter((i) => i.kind === 'proposal' && i.answeredIn === turn && i.turn < turn);
    return head + [...answered, ...t.items].map((i) => itemHtml(i, emptyReply)).join('');
  },
};

const intents: HtmlPane = {
  id: 'intents',
  kind: 'snapshot',
  info(state) {
    const c = intentCounts(state);
    return `Proc ${fmtScore(procSoFar(state))} · ✔${c.completed} ?${c.inferred} ↩${c.provided} ✗${c.unresolved} ○${c.open}`;
  },
  render(state, turn) {
    return state.intents
      .map((i) => {
        const v = state.intentStates[i.id];
        const status = v?.status ?? 'open';
        const fresh = v?.last?.turn === turn && turn > 0;
        const last = v?.last
          ? `<div class="why">turn ${v.last.turn} · ${causeLabel(v.last)}: ${why(v.last.detail)}</div>`
          : '';
        return `<div class="intent ${status}${fresh ? ' fresh' : ''}" data-intent="${esc(i.id)}"><span class="badge">${esc(i.id)} ${status}</span> ${esc(i.text)}${last}</div>`;
      })
      .join('');
  },
};

const checklist: HtmlPane = {
  id: 'checklist',
  kind: 'snapshot',
  info(state) {
    const c = checklistCounts(state);
    return `Comp ${fmtScore(compSoFar(state))} · ✔${c.passed} ✗${c.failed}`;
  },
  render(state, turn) {
    return state.checklist
      .map((c) => {
        const v = state.checks[c.id];
        const kind = checkMarkKind(v);
        const fresh = v?.turn === turn && turn > 0;
        return `<div class="check ${kind}${fresh ? ' fresh' : ''}"><span class="badge">${esc(c.id)} ${kind}</span> ${esc(c.text)}${v ? `<div class="why">${v.by}: ${why(v.reason)}</div>` : ''}</div>`;
      })
      .join('');
  },
};

const workspace: HtmlPane = {
  id: 'workspace',
  kind: 'log',
  render(state, turn) {
    const t = turnState(state, turn);
    if (!t || (!t.files.length && !t.apps.length)) return '';
    const files = t.files.map(
      (f) =>
        `<details class="file"><summary>t${turn} ${esc(fmtFileChange(f))}</summary>${diffHtml(f.patch)}</details>`,
    );
    const apps = t.apps.map(
      (a) =>
        `<details class="file"><summary>t${turn} app ${esc(a.app)} +${a.additions} -${a.deletions}</summary>${diffHtml(a.patch)}</details>`,
    );
    return files.join('') + apps.join('');
  },
};

/** The heading before a time scenario's reminders, as a row of its own. */
const REMINDERS_HEAD = { heading: 'reminders' };

/** When a reminder fires: on its condition, or at its time. */
function reminderWhen(r: TimelineReminder): string {
  if (r.condition) return `when ${r.condition}`;
  return r.at ? `at ${r.at}` : '';
}

function timelineRow(item: object): string {
  if (item === REMINDERS_HEAD) return '<div class="turn-head">reminders</div>';
  if ('note' in item) {
    const r = item as TimelineReminder;
    const when = reminderWhen(r);
    const whenHtml = when ? ` <span class="why">${esc(when)}</span>` : '';
    return `<div class="reminder"><span class="badge">${esc(r.id)} ${r.state}</span> ${esc(r.note)}${whenHtml}</div>`;
  }
  const u = item as TimelineUpdate;
  const how = [updateSeen(u), u.choice?.replace('_', ' '), u.verdict].filter(Boolean).join(' · ');
  return `<div class="update ${u.happened ? 'happened' : 'future'}"><span class="badge">${esc(u.id)} ${esc(how)}</span> <span class="why">${esc(u.at)}</span> ${esc(u.text)}${u.expect ? `<div class="why">expect: ${u.expect.replace('_', ' ')}</div>` : ''}</div>`;
}

/** Time scenarios: the simulated clock, each update as it happens and how it was handled, the reminders. */
const timeline: HtmlPane = {
  id: 'timeline',
  kind: 'rows',
  info: (state) =>
    state.timeline
      ? `now ${state.timeline.now}${state.timeline.taskStatus ? ` · task ${state.timeline.taskStatus}` : ''}`
      : '',
  rows: (state) =>
    state.timeline
      ? [
          ...state.timeline.updates,
          ...(state.timeline.reminders.length ? [REMINDERS_HEAD, ...state.timeline.reminders] : []),
        ]
      : [],
  row: timelineRow,
};

const NOTIFICATIONS_SHOWN = 4;
const MOVES_SHOWN = 6;

/** One line of the user's screen: its title, an item, or the actions it offers. */
function screenLineHtml(line: string, i: number): string {
  let kind = 'screen-line';
  if (i === 0) kind = 'screen-title';
  else if (line.startsWith('actions: ')) kind = 'screen-actions';
  return `<div class="${kind}">${esc(line)}</div>`;
}

/** The ticks so far, and the steps of the activity the rules user took ("tick 6 · activity 5/5"). */
function phoneTicks(p: NonNullable<SessionState['phone']>): string {
  const steps = p.activityDone !== undefined && p.info.steps;
  return `tick ${p.tick}${steps ? ` · activity ${p.activityDone}/${p.info.steps}` : ''}`;
}

/**
 * What the agent did in the turn: it observed, or carried out the proposal the user accepted (the
 * phase is back to observe at the turn's end, so the turn it executed in says so).
 */
function phoneAgent(p: NonNullable<SessionState['phone']>): string {
  const accepted = p.proposals.filter((x) => x.verdict === 'accepted').at(-1)?.id ?? '';
  if (p.phase === 'execute') return `executing ${accepted}`.trim();
  return p.executed ? `executed ${p.executed}` : 'observing';
}

/**
 * Proposal scenarios: the user's phone as it was at the end of the turn (the screen they were
 * on, the latest notifications as they saw them, every proposal with its verdict, their last
 * moves) and whether the agent was observing or executing.
 */
const phone: HtmlPane = {
  id: 'phone',
  kind: 'snapshot',
  info: (state) =>
    state.phone ? `${phoneTicks(state.phone)} · agent ${phoneAgent(state.phone)}` : '',
  render(state, turn) {
    const p = state.phone;
    if (!p) return '';
    const acting = p.phase === 'execute' || p.executed;
    const status = `<div class="phone-status${acting ? ' executing' : ''}">${p.at ? esc(shortTime(p.at)) : 'before the first tick'} · agent ${esc(phoneAgent(p))}</div>`;
    const screen = `<div class="phone-screen">${p.screen?.length ? p.screen.map(screenLineHtml).join('') : '<div class="why">The user has not opened an app yet.</div>'}</div>`;
    const notes = p.notifications
      .slice(-NOTIFICATIONS_SHOWN)
      .map(
        (n) =>
          `<div class="phone-note${n.spurious ? ' noise' : ''}${n.turn === turn ? ' fresh' : ''}">🔔 <b>${esc(n.app)}</b>: ${esc(n.preview)}${n.spurious ? ' <span class="why">(noise)</span>' : ''}</div>`,
      );
    const proposals = p.proposals.map((x) => {
      const verdict = x.verdict ?? 'waiting';
      const mark = PROPOSAL_MARKS[verdict];
      return `<div class="proposal-card ${verdict}${x.turn === turn ? ' fresh' : ''}" data-proposal="${esc(x.id)}"><span class="badge">${esc(x.id)} ${mark}</span> ${esc(x.summary)}${x.reason ? `<div class="why">${esc(x.reason)}</div>` : ''}</div>`;
    });
    const moves = p.moves
      .slice(-MOVES_SHOWN)
      .map(
        (m) =>
          `<div class="phone-move${m.ok ? '' : ' bad'}${m.turn === turn ? ' fresh' : ''}">${m.ok ? '·' : '✗'} ${m.app ? `<b>${esc(m.app)}</b>: ` : ''}${esc(m.text)}</div>`,
      );
    const section = (title: string, count: number, items: string[]) =>
      `<div class="turn-head">${title} ${count}</div>${items.join('')}`;
    return (
      status +
      screen +
      section('notifications', p.notifications.length, notes) +
      section('proposals', p.proposals.length, proposals) +
      section('moves', p.moves.length, moves)
    );
  },
};

/** Every pane the HTML replay can show, in display order (a pane the session does not show is left out). */
export const HTML_PANES: readonly HtmlPane[] = [
  conversation,
  phone,
  intents,
  checklist,
  workspace,
  timeline,
];

/** The panes shown for each session side by side. */
export const VERSUS_PANES: readonly PaneId[] = ['conversation', 'intents'];
