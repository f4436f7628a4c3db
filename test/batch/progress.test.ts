/** The progress display: a live status line on a terminal, plain lines elsewhere. */
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { eta, Progress, statusLine, type ProgressCounts } from '../../src/batch/progress.ts';
import type { EventOf } from '../../src/contracts/events.ts';

function stream(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, isTTY, columns: 120, write: (s: string) => writes.push(s) };
}

const usage = (inputTokens: number, outputTokens: number, costUsd?: number): EventOf<'usage'> => ({
  type: 'usage',
  turn: 1,
  role: 'agent',
  model: 'm',
  usage: {
    inputTokens,
    outputTokens,
    estimated: false,
    ...(costUsd !== undefined ? { costUsd } : {}),
  },
});
const session = (end = 'resolved') => ({
  scenario: 'p/a',
  repeat: 0,
  end,
  proc: 0.5,
  comp: 1,
  turns: 3,
});

describe('Progress', () => {
  it('on a terminal, redraws one status line in place under the finished sessions', () => {
    let now = 0;
    const s = stream(true);
    const p = new Progress(s, {}, () => now);
    p.begin(4, 0);
    p.sessionStart();
    p.sessionStart();
    p.usage(usage(1500, 500, 0.01));
    now = 10_000;
    p.sessionEnd(session());
    const text = stripVTControlCharacters(s.writes.join(''));
    expect(text).toContain('[1/4] ✓ p/a r0  proc 0.500  comp 1.000  turns 3  resolved');
    // The last thing drawn is the status line: done, failed, running, ETA, tokens, cost.
    const status = stripVTControlCharacters(s.writes.at(-1)!);
    expect(status).toMatch(
      /1\/4 · 1 done · 0 failed · 1 running · ETA 0:30 · 2\.0k tokens · \$0\.0100/,
    );
    expect(s.writes).toContain('\r\x1b[2K'); // erased before each redraw
    p.sessionEnd(session('error'));
    p.finish();
    const end = stripVTControlCharacters(s.writes.slice(-1)[0]!);
    expect(end).toMatch(/^1 done, 1 failed in 0:10; 2\.0k tokens, \$0\.0100\n$/);
  });

  it('counts sessions stopped by Ctrl-C as interrupted, not failed', () => {
    const s = stream(false);
    const p = new Progress(s, {}, () => 0);
    p.begin(3, 0);
    p.sessionEnd(session());
    p.sessionEnd(session('aborted'));
    p.sessionEnd(session('error'));
    p.finish();
    expect(stripVTControlCharacters(s.writes.at(-1)!)).toMatch(
      /^1 done, 1 failed, 1 interrupted in /,
    );
  });

  it('elsewhere, writes plain lines only: no cursor codes, no status line', () => {
    const s = stream(false);
    const p = new Progress(s);
    p.begin(2, 1);
    p.sessionStart();
    p.sessionEnd(session('max_turns'));
    p.finish();
    const text = s.writes.join('');
    expect(text).not.toContain('\x1b[2K');
    expect(stripVTControlCharacters(text).split('\n')).toEqual([
      'resuming: 1 of 2 session(s) already done',
      expect.stringMatching(/^\[2\/2\] ✓ p\/a r0 .* max_turns$/),
      expect.stringMatching(/^1 done, 0 failed, 1 resumed in 0:00; 0 tokens, \$0\.0000$/),
      '',
    ]);
  });

  it('says the cost is unknown once a call has no price', () => {
    const p = new Progress(stream(false));
    p.begin(1, 0);
    p.usage(usage(10, 10, 0.5));
    p.usage(usage(10, 10));
    expect(p.counts().costUsd).toBeNull();
    expect(stripVTControlCharacters(statusLine(p.counts()))).toContain('cost unknown');
  });

  it('estimates the time left from the pace of this run, ignoring resumed sessions', () => {
    const c: ProgressCounts = {
      total: 10,
      skipped: 4,
      done: 2,
      failed: 1,
      inFlight: 2,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      elapsedMs: 30_000,
    };
    expect(eta(c)).toBe(30_000); // 3 sessions in 30 s, 3 to go
    expect(eta({ ...c, done: 0, failed: 0 })).toBeNull();
  });

  it('drops trailing parts of the status line rather than wrap on a narrow terminal', () => {
    const c: ProgressCounts = {
      total: 10,
      skipped: 0,
      done: 2,
      failed: 1,
      inFlight: 2,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      elapsedMs: 30_000,
    };
    const narrow = stripVTControlCharacters(statusLine(c, 50));
    expect(narrow.length).toBeLessThan(50);
    expect(narrow).toContain('3/10');
  });
});
