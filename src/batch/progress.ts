/**
 * Progress of a batch on stderr, so `--json` stdout stays clean. On a terminal: one line
 * per finished session plus a live status line (done, failed, in flight, ETA, tokens, cost)
 * redrawn in place. Elsewhere: the same per-session lines, plain, and a closing tally.
 */
import { scrub } from '../config/secrets.ts';
import { Chalk, supportsColorStderr } from 'chalk';
import stringWidth from 'string-width';
import type { EventOf } from '../contracts/events.ts';
import { usageCost, type Prices } from './usage.ts';

/** Progress goes to stderr: colour when stderr takes it, whatever stdout is. */
const chalk = new Chalk({ level: supportsColorStderr ? supportsColorStderr.level : 0 });

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface FinishedSession {
  scenario: string;
  repeat: number;
  end: string;
  proc: number;
  comp: number | null;
  turns: number;
  message?: string;
  durationMs?: number;
}

export interface ProgressCounts {
  total: number;
  skipped: number;
  done: number;
  failed: number;
  /** Sessions stopped by Ctrl-C: neither done nor failed, they run again on resume. */
  interrupted?: number;
  inFlight: number;
  inputTokens: number;
  outputTokens: number;
  /** null once any call had no known price. */
  costUsd: number | null;
  elapsedMs: number;
}

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export function formatTokens(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  return n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : String(n);
}

export function formatCost(usd: number | null): string {
  if (usd === null) return 'cost unknown';
  return `$${usd < 1 ? usd.toFixed(4) : usd.toFixed(2)}`;
}

/** Remaining time from the pace so far (sessions finished in this run only). */
export function eta(c: ProgressCounts): number | null {
  const finished = c.done + c.failed;
  const remaining = c.total - c.skipped - finished;
  if (!finished || remaining <= 0) return remaining <= 0 ? 0 : null;
  return (c.elapsedMs / finished) * remaining;
}

export function statusLine(c: ProgressCounts, width = 80): string {
  const finished = c.skipped + c.done + c.failed;
  const left = eta(c);
  const parts = [
    `${finished}/${c.total}`,
    `${c.done} done`,
    c.failed ? chalk.red(`${c.failed} failed`) : '0 failed',
    `${c.inFlight} running`,
    ...(c.skipped ? [`${c.skipped} resumed`] : []),
    `ETA ${left === null ? '–' : formatDuration(left)}`,
    `${formatTokens(c.inputTokens + c.outputTokens)} tokens`,
    formatCost(c.costUsd),
  ];
  // A wrapped status line could not be redrawn in place: drop trailing parts to fit,
  // and give the bar only the room that is left.
  while (parts.length > 1 && stringWidth(parts.join(' · ')) >= width) parts.pop();
  const text = parts.join(chalk.dim(' · '));
  const barWidth = Math.min(30, width - stringWidth(text) - 2);
  if (barWidth < 5) return text;
  const filled = c.total ? Math.round((finished / c.total) * barWidth) : 0;
  return `${chalk.green('█'.repeat(filled))}${chalk.dim('░'.repeat(barWidth - filled))} ${text}`;
}

export function sessionLine(s: FinishedSession, position: number, total: number): string {
  const ok = s.end === 'resolved' || s.end === 'max_turns';
  const mark = ok ? chalk.green('✓') : chalk.red('✗');
  const comp = s.comp === null ? '–' : s.comp.toFixed(3);
  const took =
    s.durationMs !== undefined ? chalk.dim(`  ${(s.durationMs / 1000).toFixed(1)}s`) : '';
  return `[${position}/${total}] ${mark} ${s.scenario} r${s.repeat}  proc ${s.proc.toFixed(3)}  comp ${comp}  turns ${s.turns}  ${s.end}${s.message ? `: ${s.message}` : ''}${took}`;
}

export class Progress {
  private readonly c: ProgressCounts = {
    total: 0,
    skipped: 0,
    done: 0,
    failed: 0,
    inFlight: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    elapsedMs: 0,
  };
  private startedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private drawn = false;
  readonly live: boolean;

  constructor(
    private readonly stream: ProgressStream,
    private readonly prices: Prices = {},
    private readonly now: () => number = () => performance.now(),
  ) {
    this.live = Boolean(stream.isTTY);
  }

  counts(): ProgressCounts {
    return { ...this.c, elapsedMs: this.now() - this.startedAt };
  }

  begin(total: number, skipped: number): void {
    Object.assign(this.c, { total, skipped });
    this.startedAt = this.now();
    if (skipped) this.line(`resuming: ${skipped} of ${total} session(s) already done`);
    if (this.live) {
      this.redraw();
      this.timer = setInterval(() => this.redraw(), 250);
      this.timer.unref();
    }
  }

  sessionStart(): void {
    this.c.inFlight++;
    this.redraw();
  }

  usage(e: EventOf<'usage'>): void {
    this.c.inputTokens += e.usage.inputTokens;
    this.c.outputTokens += e.usage.outputTokens;
    const cost = usageCost(e, this.prices);
    this.c.costUsd = this.c.costUsd === null || cost === null ? null : this.c.costUsd + cost;
  }

  sessionEnd(s: FinishedSession, started = true): void {
    if (started) this.c.inFlight = Math.max(0, this.c.inFlight - 1);
    if (s.end === 'resolved' || s.end === 'max_turns') this.c.done++;
    else if (s.end === 'aborted') this.c.interrupted = (this.c.interrupted ?? 0) + 1;
    else this.c.failed++;
    this.line(
      sessionLine(
        s,
        this.c.skipped + this.c.done + this.c.failed + (this.c.interrupted ?? 0),
        this.c.total,
      ),
    );
  }

  /** Stops the live line and leaves a closing tally. */
  finish(note?: string): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.clear();
    const c = this.counts();
    const tally = `${c.done} done, ${c.failed} failed${c.interrupted ? `, ${c.interrupted} interrupted` : ''}${c.skipped ? `, ${c.skipped} resumed` : ''} in ${formatDuration(c.elapsedMs)}; ${formatTokens(c.inputTokens + c.outputTokens)} tokens, ${formatCost(c.costUsd)}`;
    this.stream.write(`${tally}${note ? `\n${note}` : ''}\n`);
  }

  private clear(): void {
    if (this.drawn) this.stream.write('\r\x1b[2K');
    this.drawn = false;
  }

  private redraw(): void {
    if (!this.live) return;
    this.clear();
    this.stream.write(statusLine(this.counts(), this.stream.columns || 80));
    this.drawn = true;
  }

  private line(text: string): void {
    this.clear();
    this.stream.write(scrub(text) + '\n');
    this.redraw();
  }
}
