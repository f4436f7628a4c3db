import { describe, expect, it } from 'vitest';
import { collectRun } from '../../test/tui/session-events.ts';
import { createPlainFormatter, plainColor } from './plain.ts';

describe('the plain transcript', () => {
  it('prints a whole session line by line, without colour for a pipe', async () => {
    const run = await collectRun('tester/plan');
    const format = createPlainFormatter({ color: false });
    const text = run.sessions.at(-1)!.flatMap(format).join('\n');
    expect(text).not.toContain('\u001B[');
    expect(text).toContain('== tester/plan · Weekly meal plan (2/2)');
    expect(text).toContain('-- turn 2');
    expect(text).toContain('user: Keep each meal under 25 RMB.');
    expect(text).toContain('  tool write_file path="plan.md"');
    expect(text).toContain("  intent I2 open → inferred (asked: What's your per-meal budget?)");
    expect(text).toContain('  check C3 – ungraded');
    expect(text).toContain('== end: resolved after 2 turns');
  });

  it('skips streaming events: the final message follows', () => {
    const format = createPlainFormatter();
    expect(format({ type: 'agent_delta', turn: 1, text: 'Hel' })).toEqual([]);
    expect(format({ type: 'awaiting_input', turn: 1, role: 'user' })).toEqual([]);
  });

  it('colours only a terminal, and never with NO_COLOR', () => {
    expect(plainColor({ isTTY: true }, {})).toBe(true);
    expect(plainColor({ isTTY: false }, {})).toBe(false);
    expect(plainColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(plainColor({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
  });
});
