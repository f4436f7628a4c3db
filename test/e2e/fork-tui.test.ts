/**
 * `f` in a replay, in a real terminal (tmux): the replay of the reactive agent's meal plan, forked
 * at turn 1, goes on live with the person as the user; a different answer typed as a whole
 * sentence gives a different outcome, in a new recording that names its parent, which is unchanged.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runTarget } from '../helpers/run.ts';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');

const term = tmuxTerminal(BIN, 'fork');
afterAll(() => term.close());
const { keys, start, waitFor } = term;

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
    keys('f');
    const dir = path.join(term.work, 'watched');
    await waitFor(
      () => existsSync(dir) && readdirSync(dir).some((f) => f.includes('-fork1-')),
      'the fork recording',
    );
    const forkName = readdirSync(dir).find((f) => f.includes('-fork1-'))!;
    const parentName = readdirSync(dir).find((f) => f !== forkName && f.includes('meal-plan'))!;
    keys('Space');
    await waitFor((s) => s.includes('resolved · Proc'), 'the fork played to its end');
    const lines = readFileSync(path.join(dir, forkName), 'utf8').trim().split('\n');
    expect((JSON.parse(lines[0]!) as { fork: unknown }).fork).toEqual({
      parent: parentName,
      turn: 1,
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
      for (const ch of 'Fine for now, just the food.') term.type(ch);
      keys('Enter');
      await waitFor(
        (s) => s.includes('user  Fine for now, just the food.') && s.includes('turn 2/'),
        'the agent answered turn 2',
      );
      const dir = path.join(term.work, 'played');
      expect(readdirSync(dir).some((f) => f.includes('-fork'))).toBe(false);
      keys('C-f');
      await waitFor(
        () => readdirSync(dir).some((f) => f.includes('-fork2-')),
        'the fork recording',
      );
      const forkName = readdirSync(dir).find((f) => f.includes('-fork2-'))!;
      const parentName = readdirSync(dir).find((f) => f !== forkName)!;
      await waitFor(
        (s) => s.includes('PLAY (you are the user)') && s.includes('your turn'),
        'the fork',
      );
      const parent = readFileSync(path.join(dir, parentName), 'utf8');
      expect(parent).toContain('"end":"aborted"');
      for (const ch of 'Add protein totals, please.') term.type(ch);
      keys('Enter');
      await waitFor(
        (s) => s.includes('user  Add protein totals, please.') && s.includes('turn 3/'),
        "the agent's turn 3 in the fork",
      );
      keys('C-d');
      await waitFor((s) => s.includes('End the session now?'), 'the end question');
      keys('C-d');
      await waitFor((s) => s.includes('ended · Proc'), 'the ended fork');

      const lines = readFileSync(path.join(dir, forkName), 'utf8').trim().split('\n');
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
});
