/**
 * `f` on the side-by-side screens: `replay --vs` and `watch --vs` ask which side to fork (← the
 * left, → the right, esc neither), then that side goes on live from the turn on screen in a fork,
 * on the session screen; a side that cannot be forked says why in one line; `?` lists the keys.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { forkLive } from '../../src/cli/actions/fork.ts';
import { resolveConfig } from '../../src/config/config.ts';
import { runFork } from '../../src/fork/run.ts';
import { loadForkSource } from '../../src/fork/source.ts';
import { planRuns } from '../../src/session/plan.ts';
import { readRecording } from '../../src/session/recording.ts';
import { sessionSetup } from '../../src/session/setup.ts';
import { ReplayVersusScreen } from '../../src/tui/screens/ReplayVersusScreen.tsx';
import { StageScreen } from '../../src/tui/screens/StageScreen.tsx';
import type { LiveSession } from '../../src/tui/session/live.ts';
import { Stage } from '../../src/tui/session/stage.ts';
import { KEYS, press, renderTui, waitForFrame, type Rendered } from '../tui/harness.tsx';
import { materialise } from './goldens.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fork-versus-'));
const parent = materialise(dir, 'reactive').find((f) => f.endsWith('/meal-plan.jsonl'))!;
const config = resolveConfig({}, {});
const proactive = {
  agent: { kind: 'script' as const, name: 'proactive' },
  user: { kind: 'rules' as const },
  judge: { kind: 'rules' as const },
};
const LEFT = '\u001B[D';
const RIGHT = '\u001B[C';

let r: Rendered | undefined;
const started: { quit(): void; done: Promise<unknown> }[] = [];
afterEach(async () => {
  r?.unmount();
  for (const s of started.splice(0)) {
    s.quit();
    await s.done.catch(() => undefined);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('replay --vs: f forks a side at the turn on screen', async () => {
  const fork = await runFork(loadForkSource(parent, 1), { specs: proactive, config });
  const asked: string[] = [];
  const forkWith = (file: string, turn: number) => {
    asked.push(`${path.basename(file)} ${turn}`);
    const session = forkLive(file, turn, {});
    started.push(session);
    return session;
  };
  const screen = (other = parent) => (
    <ReplayVersusScreen
      sides={[
        { label: 'fork at turn 1', recording: readRecording(fork.file) },
        { label: 'parent', recording: readRecording(other) },
      ]}
      start={1}
      forkWith={forkWith}
    />
  );

  it('asks which side, and esc forks neither', async () => {
    r = renderTui(screen(), { columns: 160, rows: 30 });
    let frame = await waitForFrame(r, (f) => f.includes('f fork a side · ? keys · q quit'));
    await press(r, 'f');
    frame = await waitForFrame(r, (f) => f.includes('fork which side?'));
    expect(frame).toContain('fork which side? ← fork at turn 1 · → parent · esc neither');
    await press(r, KEYS.escape);
    frame = await waitForFrame(r, (f) => f.includes('turn 1/8 (opened at 1)'));
    // Out of the question, ← and → step the turn again.
    await press(r, RIGHT);
    await waitForFrame(r, (f) => f.includes('turn 2/8'));
    expect(asked).toEqual([]);
  });

  it('→ forks the parent at the turn on screen and goes on live with the person as the user', async () => {
    asked.length = 0;
    r = renderTui(screen(), { columns: 160, rows: 30 });
    await waitForFrame(r, (f) => f.includes('turn 1/8'));
    await press(r, RIGHT);
    await waitForFrame(r, (f) => f.includes('turn 2/8'));
    await press(r, 'f');
    await waitForFrame(r, (f) => f.includes('fork which side?'));
    await press(r, RIGHT);
    const frame = await waitForFrame(
      r,
      (f) => f.includes('PLAY (you are the user)') && f.includes('your turn'),
      15_000,
    );
    expect(asked).toEqual(['meal-plan.jsonl 2']);
    expect(frame).toContain('┬ a fork of meal-plan.jsonl at turn 2');
  });

  it('← forks the left side (the fork, at its own turn)', async () => {
    asked.length = 0;
    r = renderTui(screen(), { columns: 160, rows: 30 });
    await waitForFrame(r, (f) => f.includes('turn 1/8'));
    await press(r, 'f');
    await waitForFrame(r, (f) => f.includes('fork which side?'));
    await press(r, LEFT);
    const frame = await waitForFrame(r, (f) => f.includes('PLAY (you are the user)'), 15_000);
    expect(asked).toEqual([`${path.basename(fork.file)} 1`]);
    expect(frame).toContain(`┬ a fork of ${path.basename(fork.file)} at turn 1`);
  });

  it('says in one line why a side cannot be forked, and stays', async () => {
    const lines = readFileSync(parent, 'utf8').trimEnd().split('\n');
    const header = JSON.parse(lines[0]!) as { backends: Record<string, unknown> };
    header.backends.agent = { kind: 'acp', name: 'gemini --acp' };
    const acp = path.join(path.dirname(parent), 'acp-meal-plan.jsonl');
    writeFileSync(acp, [JSON.stringify(header), ...lines.slice(1)].join('\n') + '\n');
    r = renderTui(screen(acp), { columns: 160, rows: 30 });
    await waitForFrame(r, (f) => f.includes('turn 1/8'));
    await press(r, 'f');
    await waitForFrame(r, (f) => f.includes('fork which side?'));
    await press(r, RIGHT);
    const frame = await waitForFrame(r, (f) => f.includes('cannot fork parent'));
    expect(frame).toContain(
      'cannot fork parent: acp-meal-plan.jsonl: its agent (acp:gemini --acp) kept its own memory',
    );
    expect(frame).not.toContain('PLAY (you are the user)');
  });

  it('? lists the keys of the screen, f among them', async () => {
    r = renderTui(screen(), { columns: 160, rows: 30 });
    await waitForFrame(r, (f) => f.includes('turn 1/8'));
    await press(r, '?');
    const frame = await waitForFrame(r, (f) => f.includes('Keys (esc or ? closes)'));
    expect(frame).toMatch(
      /Side by side\s.*\n.*f\s+fork a side: go on live from the end of the turn/,
    );
    expect(frame).toContain('previous turn');
    // What does nothing here is not listed.
    expect(frame).not.toContain('search the conversation');
    expect(frame).not.toContain('tree of forks');
    await press(r, KEYS.escape);
    await waitForFrame(r, (f) => f.includes('turn 1/8 (opened at 1)'));
  });

  it('? over the question: esc closes the keys, and ← under them forks nothing', async () => {
    r = renderTui(screen(), { columns: 160, rows: 30 });
    await waitForFrame(r, (f) => f.includes('turn 1/8'));
    const forks = asked.length;
    await press(r, 'f');
    await waitForFrame(r, (f) => f.includes('fork which side?'));
    await press(r, '?');
    await waitForFrame(r, (f) => f.includes('Keys (esc or ? closes)'));
    await press(r, LEFT);
    await press(r, KEYS.escape);
    const frame = await waitForFrame(r, (f) => !f.includes('Keys (esc or ? closes)'));
    expect(frame).toContain('fork which side?');
    expect(asked.length).toBe(forks);
    await press(r, KEYS.escape);
    await waitForFrame(r, (f) => f.includes('turn 1/8 (opened at 1)'));
  });
});

describe('watch --vs: f forks a side from its last turn', () => {
  it('pauses, asks, and ← goes on from side A at turn 2 in a paused fork', async () => {
    const recordingsDir = mkdtempSync(path.join(dir, 'stage-'));
    const stage = new Stage({
      groups: planRuns(['researcher/meal-plan'], { noDeps: true }),
      sides: ['script:reactive', 'script:proactive'].map((agent, i) => ({
        label: 'AB'[i]!,
        setup: sessionSetup({ agent, user: 'rules', judge: 'rules' }),
      })),
      recordingsDir,
      delayMs: 0,
      paused: true,
    });
    started.push({ quit: () => stage.quit(), done: stage.done });
    r = renderTui(<StageScreen stage={stage} />, { columns: 160, rows: 40 });
    await waitForFrame(r, (f) => f.includes('PAUSED') && f.includes('f fork a side'));
    await press(r, 's');
    await waitForFrame(r, (f) => (f.match(/── turn 1 /g) ?? []).length === 2);
    await press(r, 's');
    await waitForFrame(r, (f) => (f.match(/── turn 2 /g) ?? []).length === 2);
    await press(r, 'f');
    let frame = await waitForFrame(r, (f) => f.includes('fork which side?'));
    expect(frame).toContain(
      'fork which side? ← A script:reactive · → B script:proactive · esc neither',
    );
    await press(r, LEFT);
    frame = await waitForFrame(
      r,
      (f) => f.includes('┬ a fork of') && f.includes('WATCH ❚❚ paused') && f.includes('turn 2/'),
      15_000,
    );
    expect(stage.forks).toHaveLength(1);
    const forked: LiveSession = stage.forks[0]!;
    started.push(forked);
    // The fork of A (the reactive agent) at turn 2, beside A's recording, which ended there.
    const names = readdirSync(recordingsDir);
    const fork = names.find((f) => f.includes('-fork2-'))!;
    expect(fork).toBeDefined();
    const a = readRecording(path.join(recordingsDir, fork.replace(/-fork2-\w+/, '')));
    expect(a.header.backends.agent).toEqual({ kind: 'script', name: 'reactive' });
    expect(a.events.at(-1)).toMatchObject({ type: 'session_end', end: 'aborted' });
    expect(frame).toContain(`┬ a fork of ${path.basename(a.file)} at turn 2`);
    // Space runs the fork on to its end, as in any watch.
    await press(r, ' ');
    await waitForFrame(r, (f) => f.includes('resolved · Proc'), 20_000);
  }, 40_000);
});
