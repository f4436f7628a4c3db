/**
 * `f` in a replay, in a real terminal (tmux): the replay of the reactive agent's meal plan, forked
 * at turn 1, goes on live with the person as the user; a different answer typed as a whole
 * sentence gives a different outcome, in a new recording that names its parent, which is unchanged.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/config.ts';
import { runFork } from '../../src/fork/run.ts';
import { loadForkSource } from '../../src/fork/source.ts';
import { runTarget } from '../helpers/run.ts';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');

const term = tmuxTerminal(BIN, 'fork');
afterAll(() => term.close());
const { keys, start, waitFor } = term;

/** Types a message one key at a time, as a person does, and sends it. */
function send(text: string): void {
  for (const ch of text) term.type(ch);
  keys('Enter');
}

/**
 * ctrl+f at the person's turn: the fork's recording appears in `dir` (the parent is the other
 * one, ended as stopped), and the fork's screen waits for the person in the same seat, saying
 * what it is a fork of.
 */
async function forkWithCtrlF(dir: string, turn: number, seat: 'user' | 'agent') {
  keys('C-f');
  await waitFor(
    () => readdirSync(dir).some((f) => f.includes(`-fork${turn}-`)),
    'the fork recording',
  );
  const forkName = readdirSync(dir).find((f) => f.includes(`-fork${turn}-`))!;
  const parentName = readdirSync(dir).find((f) => f !== forkName)!;
  await waitFor(
    (s) =>
      s.includes(`PLAY (you are the ${seat})`) &&
      s.includes('your turn') &&
      s.includes(`┬ a fork of ${parentName} at turn ${turn}`),
    'the fork waiting for the person, named on screen',
  );
  const parent = readFileSync(path.join(dir, parentName), 'utf8');
  expect(parent).toContain('"end":"aborted"');
  return { forkName, parentName, parent };
}

/** ctrl+d twice: the session ends now; returns the fork's recording, line by line. */
async function endNow(file: string): Promise<string[]> {
  keys('C-d');
  await waitFor((s) => s.includes('End the session now?'), 'the end question');
  keys('C-d');
  await waitFor((s) => s.includes('ended · Proc'), 'the ended fork');
  return readFileSync(file, 'utf8').trim().split('\n');
}

describe.skipIf(!hasTmux)('forking a replay in a terminal', () => {
  it(
    'f at turn 1, a different answer typed, a different outcome',
    { timeout: 90_000 },
    async () => {
      const dir = path.join(term.work, 'recordings');
      await runTarget('researcher/meal-plan', { agent: 'script:reactive', recordingsDir: dir });
      const parentName = readdirSync(dir).find((f) => f.includes('meal-plan'))!;
      const parent = path.join(dir, parentName);
      const before = readFileSync(parent, 'utf8');
      expect(before).toContain('"end":"resolved"');

      start(['replay', parent, '--turn', '1'], { columns: 160, rows: 40 });
      await waitFor(
        (s) => s.includes('REPLAY') && s.includes('turn 1 of '),
        'the replay at turn 1',
      );
      await waitFor(() => term.readsKeys(), 'the screen reading keys');
      keys('f');
      await waitFor(
        (s) => s.includes('PLAY (you are the user)') && s.includes('your turn'),
        'the fork waiting for the user',
      );
      // The screen says it is a fork, of which recording and from which turn.
      await waitFor(
        (s) => s.includes(`┬ a fork of ${parentName} at turn 1`),
        'the fork named on screen',
      );
      for (const ch of 'That is all I need, thanks.') term.type(ch);
      keys('Enter');
      let text = await waitFor(
        (s) => s.includes('user  That is all I need, thanks.') && s.includes('68 kg and'),
        "the agent's turn 2 after the typed answer",
      );
      // The reactive agent's second reply now completes I1 by itself: the parent had it given by the user.
      expect(text).toContain('I1 completed · turn 2 · evidence');
      keys('C-d');
      await waitFor((s) => s.includes('End the session now?'), 'the end question');
      keys('C-d');
      text = await waitFor((s) => s.includes('ended · Proc 0.14'), 'the ended fork');

      const forkName = readdirSync(dir).find((f) => f.includes('-fork1-'))!;
      const forked = readFileSync(path.join(dir, forkName), 'utf8').trim().split('\n');
      const header = JSON.parse(forked[0]!) as { fork: unknown };
      expect(header.fork).toEqual({ parent: parentName, turn: 1 });
      expect(
        forked.some((l) => l.includes('"turn":2,"role":"user","text":"That is all I need')),
      ).toBe(true);
      expect(forked.at(-1)).toContain('"end":"ended"');
      expect(readFileSync(parent, 'utf8')).toBe(before);
    },
  );

  it('f in a paused watch goes on from that turn in a fork', { timeout: 90_000 }, async () => {
    start([
      'watch',
      'researcher/meal-plan',
      '--agent',
      'script:reactive',
      '--paused',
      '--no-deps',
      '--recordings',
      'watched',
    ]);
    await term.begin();
    await waitFor((s) => s.includes('WATCH ❚❚ paused'), 'the paused watch');
    keys('s');
    await waitFor((s) => s.includes('turn 1/12') && s.includes('Here'), 'one turn stepped');
    keys('s');
    await waitFor((s) => s.includes('turn 2/12') && s.includes('68 kg'), 'two turns stepped');
    keys('f');
    const dir = path.join(term.work, 'watched');
    await waitFor(
      () => existsSync(dir) && readdirSync(dir).some((f) => f.includes('-fork2-')),
      'the fork recording',
    );
    const forkName = readdirSync(dir).find((f) => f.includes('-fork2-'))!;
    const parentName = readdirSync(dir).find((f) => f !== forkName && f.includes('meal-plan'))!;
    // It opens paused at the end of turn 2 (its replayed turns did not wait for the pause).
    await waitFor(
      (s) =>
        s.includes(`┬ a fork of ${parentName} at turn 2`) &&
        s.includes('WATCH ❚❚ paused') &&
        s.includes('turn 2/12'),
      'the paused fork at turn 2, named on screen',
    );
    keys('Space');
    await waitFor((s) => s.includes('resolved · Proc'), 'the fork played to its end');
    const lines = readFileSync(path.join(dir, forkName), 'utf8').trim().split('\n');
    expect((JSON.parse(lines[0]!) as { fork: unknown }).fork).toEqual({
      parent: parentName,
      turn: 2,
    });
    expect(lines.at(-1)).toContain('"end":"resolved"');
    // The watch it left stopped there, recorded as stopped.
    expect(readFileSync(path.join(dir, parentName), 'utf8')).toContain('"end":"aborted"');
  });

  it(
    'ctrl+f in play forks at the last turn and goes on with the person',
    { timeout: 90_000 },
    async () => {
      start([
        'play',
        'researcher/meal-plan',
        '--agent',
        'script:reactive',
        '--no-deps',
        '--recordings',
        'played',
      ]);
      await term.begin();
      await waitFor((s) => s.includes('your turn') && s.includes('turn 1/'), 'the first turn');
      // Letters type, f among them: the sentence is sent whole, nothing forks.
      send('Fine for now, just the food.');
      await waitFor(
        (s) => s.includes('user  Fine for now, just the food.') && s.includes('turn 2/'),
        'the agent answered turn 2',
      );
      const dir = path.join(term.work, 'played');
      expect(readdirSync(dir).some((f) => f.includes('-fork'))).toBe(false);
      const { forkName, parentName, parent } = await forkWithCtrlF(dir, 2, 'user');
      send('Add protein totals, please.');
      await waitFor(
        (s) => s.includes('user  Add protein totals, please.') && s.includes('turn 3/'),
        "the agent's turn 3 in the fork",
      );
      const lines = await endNow(path.join(dir, forkName));
      expect((JSON.parse(lines[0]!) as { fork: unknown }).fork).toEqual({
        parent: parentName,
        turn: 2,
      });
      // The fork holds the parent's turn 2, then the different message at turn 3.
      expect(lines.some((l) => l.includes('"turn":2,"role":"user","text":"Fine for now'))).toBe(
        true,
      );
      expect(lines.some((l) => l.includes('"turn":3,"role":"user","text":"Add protein'))).toBe(
        true,
      );
      expect(lines.at(-1)).toContain('"end":"ended"');
      expect(readFileSync(path.join(dir, parentName), 'utf8')).toBe(parent);
      expect(parent).not.toContain('Add protein');
    },
  );

  it(
    'ctrl+f playing the agent forks at the last turn and goes on with the person as the agent',
    { timeout: 90_000 },
    async () => {
      start(
        [
          'play',
          'researcher/meal-plan',
          '--agent',
          'human',
          '--no-deps',
          '--recordings',
          'asagent',
        ],
        { columns: 160, rows: 40 },
      );
      await term.begin();
      await waitFor(
        (s) => s.includes('PLAY (you are the agent)') && s.includes('your turn'),
        'the agent’s first turn',
      );
      send('Happy to help. Any foods you avoid?');
      await waitFor(
        (s) => s.includes('agent Happy to help. Any foods you avoid?') && s.includes('turn 2/'),
        'the rules user’s answer, your turn 2',
      );
      const dir = path.join(term.work, 'asagent');
      const { forkName, parentName, parent } = await forkWithCtrlF(dir, 1, 'agent');
      send('Noted: a weekday plan, no weekend.');
      await waitFor(
        (s) => s.includes('agent Noted: a weekday plan, no weekend.') && s.includes('turn 3/'),
        'the fork’s turn 2 reply and the user’s turn 3',
      );
      const lines = await endNow(path.join(dir, forkName));
      const header = JSON.parse(lines[0]!) as { fork: unknown; backends: { agent: unknown } };
      expect(header.fork).toEqual({ parent: parentName, turn: 1 });
      expect(header.backends.agent).toEqual({ kind: 'human' });
      // Turn 1 is the parent's; turn 2's reply is the one typed in the fork.
      expect(lines.some((l) => l.includes('"role":"agent","text":"Happy to help.'))).toBe(true);
      expect(lines.some((l) => l.includes('"turn":2,"role":"agent","text":"Noted:'))).toBe(true);
      expect(readFileSync(path.join(dir, parentName), 'utf8')).toBe(parent);
      expect(parent).not.toContain('Noted:');
    },
  );

  it('t in a replay shows its tree of forks; enter replays the one chosen', async () => {
    const dir = path.join(term.work, 'tree');
    await runTarget('researcher/meal-plan', { agent: 'script:reactive', recordingsDir: dir });
    const parent = path.join(
      dir,
      readdirSync(dir).find((f) => f.includes('meal-plan'))!,
    );
    const specs = {
      agent: { kind: 'script' as const, name: 'proactive' },
      user: { kind: 'rules' as const },
      judge: { kind: 'rules' as const },
    };
    const config = resolveConfig({}, {});
    const early = await runFork(loadForkSource(parent, 0), { specs, config });
    const late = await runFork(loadForkSource(parent, 3), { specs, config });
    start(['replay', parent], { columns: 120, rows: 30 });
    await waitFor((s) => s.includes('2 forks (t shows the tree)'), 'the replay');
    await waitFor(() => term.readsKeys(), 'the screen reading keys');
    keys('t');
    const text = await waitFor((s) => s.includes('Branches ('), 'the tree');
    expect(text).toContain(`● ${path.basename(parent)} (on screen)`);
    expect(text).toContain('↳ fork at turn 0  resolved, 2 turns  Proc 1.00  Comp 1.00');
    expect(text).toContain(`↳ fork at turn 3  resolved, 8 turns  Proc 0.00  Comp 0.13`);
    keys('Down');
    keys('Enter');
    await waitFor(
      (s) =>
        s.includes(`a fork of ${path.basename(parent)} at turn 3`) &&
        s.includes('turn 3 of 8') &&
        !s.includes('Branches ('),
      'the later fork replayed from turn 3',
    );
    keys('q');
    await waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');
    expect(existsSync(early.file) && existsSync(late.file)).toBe(true);
  });
});
