/**
 * The line-by-line transcript: what `watch` and `replay` print when stdout is not a
 * terminal or with --plain, so `intentplay watch X | tee log` works. One event becomes
 * zero or more whole lines, written as it happens; streaming events are skipped (the
 * final message follows).
 */
import { permissionLine, planLine } from '../session/agent-activity-text.ts';
import { checkMarkKind, type CheckMarkKind } from '../session/marks.ts';
import { Chalk, type ChalkInstance } from 'chalk';
import type { SessionEvent, TimedEvent } from '../contracts/events.ts';
import {
  earlyWrites,
  fmtArgs,
  fmtBackends,
  fmtPermissionInput,
  fmtResult,
  fmtScore,
  hiddenIntents,
} from '../text/format.ts';
import { permissionArgsLine, permissionAsked } from '../text/permission-text.ts';
import { causeLabel } from '../text/causes.ts';
import { colorEnabled } from './color.ts';
import { cleanStrings, oneLine, sanitize } from '../text/text.ts';

export interface PlainOptions {
  color?: boolean;
}

/** Colour only on a terminal, never with NO_COLOR. */
export function plainColor(
  stream: { isTTY?: boolean },
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (!colorEnabled(env)) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY);
}

/** Who speaks a message: the agent, the user, the monitor, or an event and where it came from. */
function speakerLabel(role: string, source: string | undefined, c: ChalkInstance): string {
  if (role === 'agent') return c.magenta.bold('agent:');
  if (role === 'user') return c.cyan.bold('user:');
  if (role === 'monitor') return c.yellow.bold('monitor:');
  return c.yellow.bold(`event${source ? ` (${source})` : ''}:`);
}

const indentLines = (text: string, pad: string) =>
  sanitize(text)
    .split('\n')
    .join('\n' + pad);

export function createPlainFormatter(
  opts: PlainOptions = {},
): (event: SessionEvent | TimedEvent) => string[] {
  const c: ChalkInstance = new Chalk({ level: opts.color ? 1 : 0 });
  // A graded check's verdict (never pending: a result carries one).
  const verdict: Record<CheckMarkKind, string> = {
    pass: c.green('✔ passed'),
    fail: c.red('✗ failed'),
    ungraded: c.yellow('– ungraded'),
    pending: '',
  };
  const level = { error: c.red, warning: c.yellow, info: c.blue };
  const mark: Record<string, (s: string) => string> = {
    completed: c.green,
    inferred: c.cyan,
    provided: c.yellow,
    unresolved: c.red,
    open: c.gray,
    pending: c.gray,
    superseded: c.dim,
  };
  return (raw) => {
    // Everything in an event may come from others (scenario files, agents): no control sequence reaches the terminal.
    const e = cleanStrings(raw);
    switch (e.type) {
      case 'session_start':
        return [
          c.bold(
            `== ${oneLine(e.scenario)} · ${oneLine(e.title)}${e.of > 1 ? ` (${e.index + 1}/${e.of})` : ''}`,
          ),
          c.dim(
            `   ${fmtBackends(e.backends)} · ${hiddenIntents(e.intents.length)} · ${e.checklist.length} checklist items · max ${e.maxTurns} turns`,
          ),
        ];
      case 'turn_start':
        return [c.dim(`-- turn ${e.turn}`)];
      case 'message': {
        const who = speakerLabel(e.role, e.source, c);
        const at = e.at ? c.dim(`[${e.at}] `) : '';
        const lines = [`${at}${who} ${indentLines(e.text || '(no reply)', '       ')}`];
        if (e.intents?.length) lines.push(c.dim(`       ↳ about ${e.intents.join(', ')}`));
        return lines;
      }
      case 'tool_call':
        return [`  ${c.blue('tool')} ${c.bold(e.name)} ${fmtArgs(e.args, 100)}`];
      case 'tool_result': {
        const outcome = e.ok
          ? c.dim(`    ✔ ${fmtResult(e.result, 100)}`)
          : c.red(`    ✗ ${e.error ?? 'failed'}`);
        // An acp agent may send a call's input after it started (`input={}` above): the whole of it, at the end.
        if (e.args === undefined) return [outcome];
        return [`    ${c.dim('sent in full:')} ${fmtPermissionInput(e.args, 300)}`, outcome];
      }
      case 'workspace_diff':
        return e.files.map(
          (f) =>
            `  ${c.dim('file')} ${f.change} ${f.path} ${c.green(`+${f.additions}`)} ${c.red(`-${f.deletions}`)}`,
        );
      case 'app_diff':
        return e.apps.map(
          (a) =>
            `  ${c.dim('app')} ${a.app} ${c.green(`+${a.additions}`)} ${c.red(`-${a.deletions}`)}`,
        );
      case 'turn_end':
        return e.error ? [c.red(`  turn ${e.turn} ended with an error: ${e.error}`)] : [];
      case 'intent_status':
        return [
          `  ${c.bold('intent')} ${e.intent} ${e.from} → ${(mark[e.to] ?? ((s: string) => s))(e.to)} ${c.dim(`(${causeLabel(e)}: ${sanitize(e.detail).replace(/\n/g, ' ')})`)}`,
        ];
      case 'checklist_result': {
        const v = verdict[checkMarkKind(e)];
        return [
          `  ${c.bold('check')} ${e.item} ${v} ${c.dim(`(${e.by}: ${sanitize(e.reason).replace(/\n/g, ' ')})`)}`,
        ];
      }
      case 'usage':
        return [];
      case 'judge_error':
        return [c.yellow(`  ! judge: ${e.message}`)];
      case 'leak_warning':
        return [
          c.yellow(
            `  ! leak: the user message may reveal ${e.intents.join(', ')} (${e.terms.join(', ')})`,
          ),
        ];
      case 'notice':
        return [level[e.level](`  ! ${e.text}`)];
      case 'score': {
        const lines = [
          c.bold(
            `== score: Proc ${fmtScore(e.scores.proc)} · Comp ${fmtScore(e.scores.comp)} (${e.scores.passed}/${e.scores.graded} graded, ${e.scores.ungraded} ungraded) · ${e.scores.turns} turns`,
          ),
        ];
        const tm = e.scores.time;
        if (tm)
          lines.push(
            c.bold(
              `== time: ${tm.branch}${tm.complex ? ', complex' : ''} · ${tm.completed ? 'completed' : 'not completed'} (${tm.ending.replaceAll('_', ' ')}) · action accuracy ${fmtScore(tm.action_accuracy)} · status accuracy ${fmtScore(tm.status_accuracy)} · follow-ups ${tm.followups.hit}/${tm.followups.expected} (${tm.followups.false} false) · silences ${tm.silences.kept}/${tm.silences.expected}`,
            ),
          );
        const pr = e.scores.proposals;
        if (pr)
          lines.push(
            c.bold(
              `== proposals: success ${fmtScore(pr.success)} · ${pr.accepted}/${pr.proposals} accepted · proposal rate ${fmtScore(pr.proposal_rate)} · ${pr.read_actions} read actions${earlyWrites(pr)}`,
            ),
          );
        return lines;
      }
      case 'session_end':
        return [
          c.bold(`== end: ${e.end}${e.message ? ` (${e.message})` : ''} after ${e.turns} turns`),
          '',
        ];
      case 'clock':
        return [c.dim(`   … ${e.passed} pass (${e.from} → ${e.to})`)];
      case 'update':
        return [
          `  ${c.bold('update')} ${e.update} at ${e.at}: ${sanitize(e.text).replace(/\n/g, ' ')} ${c.dim(e.seen ? '(seen by the agent)' : '(unseen: no reminder active)')}`,
        ];
      case 'reminder':
        return [
          `  ${c.bold('reminder')} ${e.id} ${e.action}: ${sanitize(e.note)}${e.at ? c.dim(` at ${e.at}`) : ''}${e.condition ? c.dim(` when ${sanitize(e.condition)}`) : ''}`,
        ];
      case 'wake':
        return [
          c.yellow(
            `  ⏰ the monitor wakes the agent${e.update ? ` on ${e.update}` : ''}${e.pushed ? ' (pushed)' : ''}`,
          ),
        ];
      case 'wake_choice':
        return [
          `  ${c.bold('choice')} ${e.choice === 'follow_up' ? 'follow-up' : 'kept silent'}${e.update ? ` on ${e.update}` : ''}`,
        ];
      case 'update_verdict':
        return [
          `  ${c.bold('verdict')} ${e.update} (${e.expect.replace('_', ' ')} expected): ${(e.verdict === 'hit' || e.verdict === 'kept' ? c.green : c.red)(e.verdict)}`,
        ];
      case 'task_status':
        return [`  ${c.bold('task status')} ${e.status}`];
      case 'tick':
        return [c.dim(`   … tick ${e.tick} (${e.at})`)];
      case 'phase':
        return [c.dim(`   phase: ${e.phase}`)];
      case 'notification':
        return [
          `  ${c.bold('notification')} ${e.app}: ${sanitize(e.preview)}${e.spurious ? c.dim(' (noise)') : ''}`,
        ];
      case 'user_action':
        return [
          `  ${c.cyan.bold('user on the phone:')} ${sanitize(e.text).replace(/\n/g, ' ')}${e.ok ? '' : c.red(' (failed)')}`,
        ];
      case 'proposal':
        return [`  ${c.magenta.bold('proposal')} ${e.proposal}: ${sanitize(e.summary)}`];
      case 'proposal_verdict':
        return [
          `  ${c.bold('verdict')} ${e.proposal}: ${(e.verdict === 'accepted' ? c.green : c.red)(e.verdict)} ${c.dim(`(${sanitize(e.reason)})`)}`,
        ];
      case 'plan':
        return [`  ${c.bold('plan')}`, ...e.entries.map((p) => c.dim(`    ${planLine(p)}`))];
      case 'permission_request':
        return [
          c.yellow(
            `  ⚿ the agent asks to run: ${sanitize(permissionAsked(e).tool)}${e.paths.length ? c.dim(` (${e.paths.map(sanitize).join(', ')})`) : ''}`,
          ),
          c.dim(`    with ${permissionArgsLine(permissionAsked(e).args)}`),
        ];
      case 'permission':
        return [
          (e.decision === 'denied' ? c.red : c.dim)(
            `  ⚿ ${sanitize(permissionLine(e))} with ${permissionArgsLine(permissionAsked(e).args)}`,
          ),
        ];
      case 'agent_delta':
      case 'tool_delta':
      case 'awaiting_input':
      case 'reading_message':
        return [];
    }
  };
}

/**
 * Writes each event's lines to `out` as it comes. When the reader goes away (`| head`),
 * it stops writing and calls `onClosed` instead of failing with EPIPE.
 */
export function createPlainPrinter(
  out: NodeJS.WritableStream & { isTTY?: boolean },
  opts: PlainOptions & { onClosed?: () => void } = {},
): (event: SessionEvent | TimedEvent) => void {
  const format = createPlainFormatter({ color: opts.color ?? plainColor(out) });
  let closed = false;
  out.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    if (!closed) opts.onClosed?.();
    closed = true;
  });
  return (event) => {
    const lines = format(event);
    if (lines.length && !closed) out.write(lines.join('\n') + '\n');
  };
}
