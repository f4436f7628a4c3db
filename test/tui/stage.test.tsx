/**
 * The staged screens in frames: `watch --vs` runs two agents on one scenario in lockstep,
 * side by side, and ends with both scores; `watch --present` shows the conversation and
 * intents large, with a callout when the agent is proactive.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionSetup } from '../../src/session/setup.ts';
import { planRuns } from '../../src/session/plan.ts';
import { StageScreen } from '../../src/tui/screens/StageScreen.tsx';
import { Stage } from '../../src/tui/session/stage.ts';
import { cli } from '../batch/helpers.ts';
import { press, renderTui, waitForFrame, type Rendered } from './harness.tsx';

const MEAL = 'researcher/meal-plan';
const recordingsDir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-stage-'));
let stage: Stage | undefined;
let r: Rendered | undefined;
afterEach(async () => {
  stage?.quit();
  await stage?.done;
  r?.unmount();
});

function makeStage(
  agents: string[],
  opts: { delayMs?: number; paused?: boolean; deps?: boolean } = {},
): Stage {
  const { deps, ...rest } = opts;
  return new Stage({
    groups: planRuns([MEAL], { noDeps: !deps }),
    sides: agents.map((agent, i) => ({
      label: agents.length > 1 ? 'AB'[i]! : agent,
      setup: sessionSetup({ agent, user: 'rules', judge: 'rules' }),
    })),
    recordingsDir,
    ...rest,
  });
}

describe('watch --vs', () => {
  it('runs both agents side by side and ends with both scores', async () => {
    stage = makeStage(['script:reactive', 'script:proactive'], { delayMs: 0 });
    r = renderTui(<StageScreen stage={stage} />, { columns: 160, rows: 40 });
    const frame = await waitForFrame(r, (f) => f.includes(' final '), 15_000);
    expect(frame).toMatch(/ A {2}script:reactive .* B {2}script:proactive/);
    expect(frame).toMatch(
      / final\s+A\s+Proc 0\.00 · Comp 0\.13 · 8 turns\s+B\s+Proc 1\.00 · Comp 1\.00 · 2 turns/,
    );
    // Once both have ended, the footer still says how to leave.
    expect(frame).toMatch(/ final .*2 turns +q quit/);
    expect(frame).toMatch(/╭─ Conversation ─+╮╭─ Conversation ─+╮/);
    expect(frame).toMatch(
      /Hidden intents · Proc 0\.00 · ✔0 \?0 ↩7.*Hidden intents · Proc 1\.00 · ✔6 \?1 ↩0/,
    );
    expect(frame.split('\n')).toHaveLength(39);
    // B's callout whole, wrapped under its name rather than cut at the column's edge.
    expect(frame).toContain('★ completed I1, I3, I4, I5, I6, I7 without being asked · asked about');
    expect(frame).not.toMatch(/★[^\n]*…/);
  });

  it('keeps both sessions at the same turn while paused and steps them together', async () => {
    stage = makeStage(['script:reactive', 'script:proactive'], { delayMs: 0, paused: true });
    r = renderTui(<StageScreen stage={stage} />, { columns: 160, rows: 40 });
    // Paused from the start: nothing runs until a step, which moves both sides one turn.
    let frame = await waitForFrame(r, (f) => f.includes('PAUSED'));
    await new Promise((res) => setTimeout(res, 300));
    expect(r.lastFrame()).not.toContain('── turn 1 ');
    await press(r, 's');
    frame = await waitForFrame(r, (f) => (f.match(/── turn 1 /g) ?? []).length === 2);
    await new Promise((res) => setTimeout(res, 300));
    expect(r.lastFrame()).not.toContain('── turn 2 ');
    await press(r, 's');
    frame = await waitForFrame(r, (f) => (f.match(/── turn 2 /g) ?? []).length === 2);
    await new Promise((res) => setTimeout(res, 300));
    expect(r.lastFrame()).not.toContain('── turn 3 ');
    // The proactive agent ends at turn 2; the reactive one runs on by itself.
    await press(r, ' ');
    frame = await waitForFrame(r, (f) => f.includes(' final '), 15_000);
    expect(frame).toContain('── turn 8 ');
  });
});

describe('watch --vs on a chain of sessions', () => {
  it('starts the next session on both sides together, after both results were on screen at once', async () => {
    // researcher/meal-plan depends on gear-selection: the proactive side ends the first session turns before the reactive one.
    stage = makeStage(['script:reactive', 'script:proactive'], { delayMs: 0, deps: true });
    r = renderTui(<StageScreen stage={stage} />, { columns: 160, rows: 40 });
    const [a, b] = stage.sides.map((s) => s.session.store);
    const index = (st: ReturnType<NonNullable<typeof a>['getState']>) =>
      st.session.scenario?.index ?? -1;
    const ahead: string[] = [];
    let bothEnded = false;
    const check = () => {
      const [sa, sb] = [a!.getState(), b!.getState()];
      if (index(sa) < 0 || index(sb) < 0) return; // a side not started yet
      // A side may be in the next session only once the other has ended the one before.
      if (index(sb) > index(sa) && !sa.session.end)
        ahead.push(`B in session ${index(sb)} while A plays ${index(sa)}`);
      if (index(sa) > index(sb) && !sb.session.end)
        ahead.push(`A in session ${index(sa)} while B plays ${index(sb)}`);
      if (index(sa) === 0 && index(sb) === 0 && sa.session.end && sb.session.end) bothEnded = true;
    };
    const offs = [a!.subscribe(check), b!.subscribe(check)];
    // Both results of the first session show together: the footer's final scores for researcher/gear-selection.
    const between = await waitForFrame(
      r,
      (f) => f.includes(' final ') && f.includes('gear-selection'),
      20_000,
    );
    expect(between).toMatch(/ final\s+A\s+Proc .* B\s+Proc 1\.00/);
    await waitForFrame(r, (f) => f.includes(' final ') && f.includes('meal-plan'), 30_000);
    for (const off of offs) off();
    expect(bothEnded).toBe(true);
    expect(ahead).toEqual([]);
  }, 60_000);
});

describe('watch --present', () => {
  it('asks for a larger terminal below the minimum, and still quits', async () => {
    stage = makeStage(['script:proactive'], { delayMs: 0 });
    r = renderTui(<StageScreen stage={stage} />, { columns: 50, rows: 12 });
    const frame = await waitForFrame(r, (f) => f.includes('50'));
    expect(frame).toMatch(/too small/i);
    await press(r, 'q');
    await stage.done;
    expect(stage.control.getState().running).toBe(false);
  });

  it('shows the conversation and intents large, with a callout for the proactive moments', async () => {
    stage = makeStage(['script:proactive'], { delayMs: 0 });
    r = renderTui(<StageScreen stage={stage} />, { columns: 120, rows: 40 });
    const frame = await waitForFrame(
      r,
      (f) => f.includes('resolved · Proc 1.00 · Comp 1.00'),
      15_000,
    );
    expect(frame).toMatch(/╭─ Conversation ─+╮╭─ Hidden intents · Proc 1\.00/);
    expect(frame).not.toContain('Checklist');
    expect(frame).not.toContain('Workspace');
    // The last turn's callout: turn 2 completed the intent the agent had asked about (no callout), so turn 1's stays.
    expect(frame).toContain(
      '★  completed I1, I3, I4, I5, I6, I7 without being asked · asked about I2',
    );
    expect(frame).toContain('q quit');
  });

  it('paces turns by reading time when no delay is given', async () => {
    stage = makeStage(['script:proactive']);
    expect(stage.control.getState()).toMatchObject({ auto: true, delayMs: 0 });
    r = renderTui(<StageScreen stage={stage} />, { columns: 120, rows: 40 });
    const frame = await waitForFrame(r, (f) => f.includes('asked about I2'), 10_000);
    expect(frame).toContain('reading pace');
    // Turn 1's reply is long: turn 2 waits well over a second to start.
    await new Promise((res) => setTimeout(res, 1000));
    expect(r.lastFrame()).not.toContain('── turn 2 ');
  });
});

describe('watch --vs and --present in a pipe', () => {
  it('prints both transcripts, each line marked, and both scores at the end', async () => {
    const r = await cli([
      'watch',
      MEAL,
      '--agent',
      'script:reactive',
      '--vs',
      'script:proactive',
      '--recordings',
      recordingsDir,
    ]);
    expect(r.code).toBe(0);
    const lines = stripVTControlCharacters(r.stdout).split('\n').filter(Boolean);
    expect(lines.every((l) => /^[AB] │ /.test(l))).toBe(true);
    expect(lines).toContain(
      'A │ == score: Proc 0.00 · Comp 0.13 (1/8 graded, 0 ungraded) · 8 turns',
    );
    expect(lines).toContain(
      'B │ == score: Proc 1.00 · Comp 1.00 (8/8 graded, 0 ungraded) · 2 turns',
    );
    expect(r.stderr).toContain('A script:reactive: resolved · Proc 0.00 · Comp 0.13');
    expect(r.stderr).toContain('B script:proactive: resolved · Proc 1.00 · Comp 1.00');
  });

  it('prints the callouts with --present', async () => {
    const r = await cli([
      'watch',
      MEAL,
      '--agent',
      'script:proactive',
      '--present',
      '--recordings',
      recordingsDir,
    ]);
    expect(r.stdout).toContain('★ asked about I2');
    expect(r.stdout).toContain('★ completed I1 without being asked');
  });

  it('refuses a person on either side, and both modes at once, before anything runs', async () => {
    let r = await cli(['watch', MEAL, '--vs', 'human']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('watch runs by itself');
    r = await cli(['watch', MEAL, '--vs', 'script', '--present']);
    expect(r.stderr).toContain('--vs and --present are separate screens');
  });
});
