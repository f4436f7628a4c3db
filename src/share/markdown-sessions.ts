/**
 * The parts of the Markdown transcript that only time and proposal scenarios have: their
 * scores in a line, a table of the proposals or of the updates and reminders, and, per turn,
 * what happened around the agent (the user's moves on the phone, notifications, updates,
 * reminders, the clock) in the order it happened.
 */
import type { SessionEvent, TimedEvent } from '../contracts/events.ts';
import type { SessionState } from '../store/state.ts';
import { updateSeen } from '../sim/update-seen.ts';
import { earlyWrites, fmtScore, shortTime } from '../text/format.ts';
import { truncate } from '../text/text.ts';

export const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const words = (s: string | undefined) => (s ?? '').replace('_', ' ');
/** The "seen" column of the updates' table. */
const SEEN_CELL = { 'to come': 'not yet', seen: 'yes', unseen: 'no' } as const;

/** The time or proposal scores in one line, or nothing for other scenarios. */
export function sessionScoreLines(state: SessionState): string[] {
  const p = state.scores?.proposals;
  const t = state.scores?.time;
  const out: string[] = [];
  if (p)
    out.push(
      `Proposals: **${p.proposals} made, ${p.accepted} accepted** · acceptance rate ${fmtScore(p.acceptance_rate)} · proposal rate ${fmtScore(p.proposal_rate)} · ${p.read_actions} read actions${earlyWrites(p)} · success ${fmtScore(p.success)}${p.succeeded ? ' (every goal reached)' : ''}`,
      '',
    );
  if (t) {
    out.push(
      `Updates (${t.branch}${t.complex ? ', complex' : ''}): **${t.completed ? 'task completed' : 'task not completed'}** (${t.ending.replaceAll('_', ' ')}) · **follow-ups ${t.followups.hit}/${t.followups.expected}** (${t.followups.false} false) · **silences kept ${t.silences.kept}/${t.silences.expected}** · action accuracy ${fmtScore(t.action_accuracy)} · status accuracy ${fmtScore(t.status_accuracy)}`,
      '',
    );
  }
  return out;
}

/** Proposal scenarios: every proposal, the user's verdict and why; time scenarios: every update and reminder. */
export function sessionTables(state: SessionState): string[] {
  const out: string[] = [];
  if (state.phone) {
    out.push('## Proposals', '');
    if (!state.phone.proposals.length) out.push('_The agent made no proposal._', '');
    else {
      out.push(
        '| proposal | turn | summary | verdict | why | goal |',
        '| --- | --- | --- | --- | --- | --- |',
      );
      for (const p of state.phone.proposals)
        out.push(
          `| ${p.id} | ${p.turn} | ${cell(p.summary)} | ${p.verdict ?? 'no answer'} | ${cell(p.reason ?? '–')} | ${p.goal ?? '–'} |`,
        );
      out.push('');
    }
  }
  const tl = state.timeline;
  if (tl) {
    out.push(
      '## Timeline',
      '',
      `From ${shortTime(tl.start)} to ${shortTime(tl.now)}${tl.taskStatus ? `; the task ended ${words(tl.taskStatus)}` : ''}.`,
      '',
    );
    if (tl.updates.length) {
      out.push(
        '| update | at | expected | seen | the agent | verdict | text |',
        '| --- | --- | --- | --- | --- | --- | --- |',
      );
      for (const u of tl.updates)
        out.push(
          `| ${u.id} | ${shortTime(u.at)} | ${words(u.expect) || '–'} | ${SEEN_CELL[updateSeen(u)]} | ${words(u.choice) || '–'} | ${u.verdict ?? '–'} | ${cell(u.text)} |`,
        );
      out.push('');
    }
    if (tl.reminders.length) {
      out.push('| reminder | when | note | state | fired |', '| --- | --- | --- | --- | --- |');
      for (const r of tl.reminders)
        out.push(
          `| ${r.id} | ${cell(r.condition ?? (r.at ? shortTime(r.at) : '–'))} | ${cell(r.note)} | ${r.state} | ${r.fired} |`,
        );
      out.push('');
    }
  }
  return out;
}

/** One line for an event of a time or proposal scenario, or null for the others. */
function eventLine(e: SessionEvent): string | null {
  switch (e.type) {
    case 'tick':
      return `- 📱 tick ${e.tick} · ${shortTime(e.at)}`;
    case 'user_action': {
      const screen = e.screen?.[0] ? ` → ${e.screen[0]}` : '';
      return e.kind === 'wait'
        ? `- the user: _${cell(e.text)}_`
        : `- the user${e.app ? ` in ${e.app}` : ''}: ${e.ok ? '' : '✗ '}${cell(e.text)}${screen}`;
    }
    case 'notification':
      return `- 🔔 ${e.app}: ${cell(e.preview)}${e.spurious ? ' _(noise)_' : ''}`;
    case 'phase':
      return e.phase === 'execute' ? '- the agent may now act on the accepted proposal' : null;
    case 'update':
      return `- update **${e.update}** at ${shortTime(e.at)}: ${cell(truncate(e.text, 200))} (${e.seen ? 'the agent was woken' : 'unseen by the agent'})`;
    case 'update_verdict':
      return `- update **${e.update}** called for ${words(e.expect)}: **${e.verdict}**`;
    case 'reminder':
      return `- reminder **${e.id}** ${e.action}: ${cell(e.note)}${reminderSetWhen(e)}`;
    case 'wake_choice':
      return `- the agent ${e.choice === 'follow_up' ? 'followed up' : 'kept silent'}${e.update ? ` on ${e.update}` : ''}`;
    case 'clock':
      return `- ⏱ ${e.passed} pass (to ${shortTime(e.to)})`;
    case 'task_status':
      return `- task status: ${words(e.status)}`;
    default:
      return null;
  }
}

/** The lines of each turn, in the order they happened. */
export function sessionEventLines(
  events: readonly (SessionEvent | TimedEvent)[],
): Map<number, string[]> {
  const byTurn = new Map<number, string[]>();
  for (const e of events) {
    const line = eventLine(e);
    if (!line || !('turn' in e)) continue;
    const lines = byTurn.get(e.turn);
    if (lines) lines.push(line);
    else byTurn.set(e.turn, [line]);
  }
  return byTurn;
}

/** When a reminder just set fires: on its condition, or at its time. */
function reminderSetWhen(e: Extract<SessionEvent, { type: 'reminder' }>): string {
  if (e.action !== 'set') return '';
  if (e.condition) return ` (when ${cell(e.condition)})`;
  return e.at ? ` (at ${shortTime(e.at)})` : '';
}
