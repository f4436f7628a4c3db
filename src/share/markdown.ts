/**
 * A readable transcript for issues and papers: the scores, the intents and checklist with
 * when each settled, then every turn's messages, tool calls, status changes and ticks,
 * with the proactive moments called out. Built from the reducer's final state.
 */
import type { SessionEvent, TimedEvent } from '../session/events.ts';
import { reduceAll, type SessionState } from '../store/reducer.ts';
import { CAUSE_LABELS } from '../tui/causes.ts';
import { fmtArgs, fmtBackends, fmtFileChange, fmtResult, fmtScore } from '../tui/format.ts';
import { truncate } from '../tui/text.ts';
import { calloutsOf, summarizeCallouts } from './callouts.ts';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
/** Evidence can quote whole files: a line of it is enough here. */
const brief = (s: string) => cell(truncate(s, 200));
const quote = (s: string) => (s || '(no reply)').split('\n').map((l) => `> ${l}`).join('\n');
const code = (s: string) => '`' + s.replace(/`/g, 'ˋ') + '`';

function summary(state: SessionState): string[] {
  const s = state.scenario;
  const out = [`# ${s ? `${s.id}: ${s.title}` : 'intentplay session'}`, ''];
  if (s) out.push(`${fmtBackends(s.backends)} · ${state.intents.length} hidden intents · ${state.checklist.length} checklist items · max ${s.maxTurns} turns`, '');
  if (state.end) {
    const sc = state.scores;
    out.push(`**${state.end.end}** after ${state.end.turns} turns${sc ? ` · **Proc ${fmtScore(sc.proc)}** · **Comp ${fmtScore(sc.comp)}** (${sc.passed}/${sc.graded} graded, ${sc.ungraded} ungraded)` : ''}`, '');
  } else out.push('_The recording ends before the session did._', '');
  return out;
}

function intentTable(state: SessionState): string[] {
  const out = ['## Intents', '', '| intent | status | turn | how | text |', '| --- | --- | --- | --- | --- |'];
  for (const i of state.intents) {
    const v = state.intentStates[i.id];
    out.push(`| ${i.id} | ${v?.status ?? 'open'} | ${v?.last?.turn ?? '–'} | ${v?.last ? CAUSE_LABELS[v.last.cause] : '–'} | ${cell(i.text)} |`);
  }
  return [...out, ''];
}

function checklistTable(state: SessionState): string[] {
  const out = ['## Checklist', '', '| item | result | turn | by | text |', '| --- | --- | --- | --- | --- |'];
  for (const c of state.checklist) {
    const v = state.checks[c.id];
    const result = !v ? 'not graded' : v.pass === null ? 'ungraded' : v.pass ? 'passed' : 'failed';
    out.push(`| ${c.id} | ${result} | ${v?.turn ?? '–'} | ${v?.by ?? '–'} | ${cell(c.text)} |`);
  }
  return [...out, ''];
}

export function renderMarkdown(events: readonly (SessionEvent | TimedEvent)[]): string {
  const state = reduceAll(events);
  const callouts = calloutsOf(events);
  const out = [...summary(state), ...intentTable(state), ...checklistTable(state), '## Transcript', ''];
  for (const turn of state.turns) {
    out.push(turn.turn === 0 ? '### Before the first turn' : `### Turn ${turn.turn}${turn.error ? ' (error)' : ''}`, '');
    for (const item of turn.items) {
      if (item.kind === 'message') {
        out.push('', `**${item.role}**${item.at ? ` · ${item.at}` : ''}${item.source ? ` (from ${item.source})` : ''}${item.intents?.length ? ` _(about ${item.intents.join(', ')})_` : ''}`, '', quote(item.text), '');
      } else if (item.kind === 'tool') {
        const result = item.state === 'error' ? `✗ ${item.error ?? 'failed'}` : item.result !== undefined ? `→ ${fmtResult(item.result, 100)}` : '';
        out.push(`- tool ${code(item.name)} ${code(fmtArgs(item.args, 100))} ${result}`.trimEnd());
      } else if (item.kind === 'proposal') {
        out.push('', `**proposal ${item.id}**: ${item.summary} — ${item.verdict ? `${item.verdict}${item.reason ? ` (${item.reason})` : ''}` : 'waiting for the user'}`, '');
      } else out.push(`- ${item.level}: ${item.text}`);
    }
    if (turn.items.some((i) => i.kind === 'tool')) out.push('');
    const changes = [
      ...turn.files.map((f) => `- file ${code(fmtFileChange(f))}`),
      ...turn.apps.map((a) => `- app ${code(`${a.app} +${a.additions} -${a.deletions}`)}`),
      ...turn.changes.map((c) => `- intent **${c.intent}** ${c.from} → **${c.to}** (${CAUSE_LABELS[c.cause]}: ${brief(c.detail)})`),
      ...state.checklist.flatMap((c) => {
        const v = state.checks[c.id];
        return v && v.turn === turn.turn ? [`- check **${c.id}** ${v.pass === null ? 'ungraded' : v.pass ? 'passed' : 'failed'} (${v.by}: ${brief(v.reason)})`] : [];
      }),
    ];
    const proactive = callouts.filter((c) => c.turn === turn.turn);
    if (proactive.length) changes.push(`- ★ _the agent ${summarizeCallouts(proactive)}_`);
    if (changes.length) out.push(...changes, '');
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
}
