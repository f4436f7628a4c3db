/**
 * A readable transcript for issues and papers: the scores, the intents and checklist with
 * when each settled (and the proposals, or the updates and reminders, where used), then every
 * turn's messages, tool calls, what happened around the agent, status changes and ticks, with
 * the proactive moments called out. Built from the reducer's final state.
 */
import { permissionLine, planLine } from '../session/agent-activity-text.ts';
import { checkMarkKind, type CheckMarkKind } from '../session/marks.ts';
import type { SessionEvent, TimedEvent } from '../contracts/events.ts';
import { reduceAll } from '../store/reducer.ts';
import type { SessionState, ToolItem } from '../store/state.ts';
import { causeLabel } from '../text/causes.ts';
import {
  fmtArgs,
  fmtBackends,
  fmtFileChange,
  fmtResult,
  fmtScore,
  hiddenIntents,
} from '../text/format.ts';
import { truncate } from '../text/text.ts';
import { inertMarkdown } from '../text/markdown-safe.ts';
import { calloutsOf, summarizeCallouts } from './callouts.ts';
import { cell, sessionEventLines, sessionScoreLines, sessionTables } from './markdown-sessions.ts';
import { emptyReplyText } from '../store/selectors.ts';

/** Evidence can quote whole files: a line of it is enough here. */
const brief = (s: string) => cell(truncate(s, 200));
/**
 * A message as a block quote that keeps its lines: a phone screen or a list the agent wrote reads
 * as it was sent. Each line ends in a hard break (a backslash), and a line that would start a Markdown
 * list or heading (`1. Eggs`, `- phone: …`, `# notes`) has that marker escaped, so the numbers
 * the user saw stay their own.
 */
const quote = (s: string) =>
  (s || '(no reply)')
    .split('\n')
    .map((l) =>
      l
        .replace(/^(\s*)(\d+)([.)])(?=\s|$)/, '$1$2\\$3')
        .replace(/^(\s*)([-+*#])(?=\s|$)/, '$1\\$2'),
    )
    .map((l, i, all) => `> ${l}${i < all.length - 1 && l.trim() ? '\\' : ''}`)
    .join('\n');
const code = (s: string) => '`' + s.replace(/`/g, 'ˋ') + '`';

function summary(state: SessionState): string[] {
  const s = state.scenario;
  const out = [`# ${s ? `${s.id}: ${s.title}` : 'intentplay session'}`, ''];
  if (s)
    out.push(
      `${fmtBackends(s.backends)} · ${hiddenIntents(state.intents.length)} · ${state.checklist.length} checklist items · max ${s.maxTurns} turns`,
      '',
    );
  if (state.end) {
    const sc = state.scores;
    out.push(
      `**${state.end.end}** after ${state.end.turns} turns${sc ? ` · **Proc ${fmtScore(sc.proc)}** · **Comp ${fmtScore(sc.comp)}** (${sc.passed}/${sc.graded} graded, ${sc.ungraded} ungraded)` : ''}`,
      '',
    );
  } else out.push('_The recording ends before the session did._', '');
  return [...out, ...sessionScoreLines(state)];
}

function intentTable(state: SessionState): string[] {
  const out = [
    '## Intents',
    '',
    '| intent | status | turn | how | text |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const i of state.intents) {
    const v = state.intentStates[i.id];
    out.push(
      `| ${i.id} | ${v?.status ?? 'open'} | ${v?.last?.turn ?? '–'} | ${v?.last ? causeLabel(v.last) : '–'} | ${cell(i.text)} |`,
    );
  }
  return [...out, ''];
}

/** A checklist item's result in words. */
const CHECK_RESULTS: Record<CheckMarkKind, string> = {
  pass: 'passed',
  fail: 'failed',
  ungraded: 'ungraded',
  pending: 'not graded',
};

/** A tool call's outcome after its arguments: the error, or the result once there is one. */
function toolOutcome(item: ToolItem): string {
  if (item.state === 'error') return `✗ ${item.error ?? 'failed'}`;
  return item.result === undefined ? '' : `→ ${fmtResult(item.result, 100)}`;
}

function checklistTable(state: SessionState): string[] {
  const out = [
    '## Checklist',
    '',
    '| item | result | turn | by | text |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const c of state.checklist) {
    const v = state.checks[c.id];
    const result = CHECK_RESULTS[checkMarkKind(v)];
    out.push(`| ${c.id} | ${result} | ${v?.turn ?? '–'} | ${v?.by ?? '–'} | ${cell(c.text)} |`);
  }
  return [...out, ''];
}

/** Only turns `from` to `to` of the transcript (the tables above it are as at the session's end). */
export interface TurnRange {
  from?: number | undefined;
  to?: number | undefined;
}

export function renderMarkdown(
  events: readonly (SessionEvent | TimedEvent)[],
  range: TurnRange = {},
): string {
  const state = reduceAll(events);
  const callouts = calloutsOf(events);
  const around = sessionEventLines(events);
  const out = [
    ...summary(state),
    ...intentTable(state),
    ...checklistTable(state),
    ...sessionTables(state),
    '## Transcript',
    '',
  ];
  // Turns with messages, and turns where only something around the agent happened (a time or proposal scenario's turn 0).
  const turns = new Map(state.turns.map((t) => [t.turn, t]));
  const all = [...new Set([...turns.keys(), ...around.keys()])].sort((a, b) => a - b);
  const numbers = all.filter((n) => n >= (range.from ?? 0) && n <= (range.to ?? Infinity));
  if (numbers.length < all.length)
    out.push(
      `_Turns ${range.from ?? 0} to ${numbers.at(-1) ?? range.to} of ${all.at(-1) ?? 0}._`,
      '',
    );
  for (const n of numbers) {
    const turn = turns.get(n);
    out.push(
      n === 0 ? '### Before the first turn' : `### Turn ${n}${turn?.error ? ' (error)' : ''}`,
      '',
    );
    for (const item of turn?.items ?? []) {
      if (item.kind === 'message') {
        // An agent's empty reply says what it means (a silence kept, a proposal made), as on the terminal.
        const silent = !item.text && item.role === 'agent' && turn;
        out.push(
          '',
          `**${item.role}**${item.at ? ` · ${item.at}` : ''}${item.source ? ` (from ${item.source})` : ''}${item.intents?.length ? ` _(about ${item.intents.join(', ')})_` : ''}`,
          '',
          silent ? `> _${emptyReplyText(turn)}_` : quote(item.text),
          '',
        );
      } else if (item.kind === 'tool') {
        const result = toolOutcome(item);
        const args = fmtArgs(item.args, 100);
        out.push(`- tool ${code(item.name)}${args ? ` ${code(args)}` : ''} ${result}`.trimEnd());
      } else if (item.kind === 'proposal') {
        out.push(
          '',
          `**proposal ${item.id}**: ${item.summary} — ${item.verdict ? `${item.verdict}${item.reason ? ` (${item.reason})` : ''}` : 'waiting for the user'}`,
          '',
        );
      } else if (item.kind === 'plan')
        out.push('- plan:', ...item.entries.map((e) => `  - ${planLine(e)}`));
      else if (item.kind === 'permission') out.push(`- permission ${permissionLine(item)}`);
      else out.push(`- ${item.level}: ${item.text}`);
    }
    if (turn?.items.some((i) => i.kind === 'tool')) out.push('');
    const changes = [
      ...(turn?.files ?? []).map((f) => `- file ${code(fmtFileChange(f))}`),
      ...(turn?.apps ?? []).map((a) => `- app ${code(`${a.app} +${a.additions} -${a.deletions}`)}`),
      ...(around.get(n) ?? []),
      ...(turn?.changes ?? []).map(
        (c) =>
          `- intent **${c.intent}** ${c.from} → **${c.to}** (${causeLabel(c)}: ${brief(c.detail)})`,
      ),
      ...state.checklist.flatMap((c) => {
        const v = state.checks[c.id];
        return v && v.turn === n
          ? [`- check **${c.id}** ${CHECK_RESULTS[checkMarkKind(v)]} (${v.by}: ${brief(v.reason)})`]
          : [];
      }),
    ];
    const proactive = callouts.filter((c) => c.turn === n);
    if (proactive.length) changes.push(`- ★ _${summarizeCallouts(proactive)}_`);
    if (changes.length) out.push(...changes, '');
  }
  // Messages, arguments and diffs are others' text: none of it becomes HTML or a link where the Markdown is shown.
  return (
    inertMarkdown(out.join('\n'))
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}
