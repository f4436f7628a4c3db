/**
 * `f` on the side-by-side screens in a real terminal (tmux): `replay FORK --vs PARENT` forks the
 * parent at the turn on screen, and `watch --vs` forks side A after its first turn; in each fork a
 * person types a whole different answer and the intents come out otherwise than in the side it
 * left. Each fork's recording names the side it left and the turn.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/config.ts';
import { runFork } from '../../src/fork/run.ts';
import { loadForkSource } from '../../src/fork/source.ts';
import { runTarget } from '../helpers/run.ts';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const term = tmuxTerminal(path.join(ROOT, 'bin/intentplay.js'), 'fork-vs');
afterAll(() => term.close());
const { keys, start, waitFor } = term;
/** Two scripted agents side by side, paused before their first turn. */
const STAGE =
  'watch researcher/meal-plan --agent script:reactive --vs script:proactive --no-deps --delay 0 --paused --recordings staged';

/** `f`, then the side's arrow: the question first, then the fork's screen naming its parent and turn. */
async function forkSide(arrow: 'Left' | 'Right', parent: string, turn: number, screen: string) {
  keys('f');
  await waitFor((s) => s.includes('fork which side? ←'), 'the question');
  keys(arrow);
  return waitFor(
    (s) => s.includes(`┬ a fork of ${parent} at turn ${turn}`) && s.includes(screen),
    'the fork, named on screen',
  );
}

/** ctrl+d twice ends the fork; returns its recording's lines and header (not those of `made`, made before). */
async function endFork(dir: string, turn: number, made = '') {
  keys('C-d');
  await waitFor((s) => s.includes('End the session now?'), 'the end question');
  keys('C-d');
  await waitFor((s) => s.includes('ended · Proc'), 'the ended fork');
  const name = readdirSync(dir).find(
    (f) => f.includes(`-fork${turn}-`) && f !== path.basename(made),
  )!;
  const lines = readFileSync(path.join(dir, name), 'utf8').trim().split('\n');
  return { lines, header: JSON.parse(lines[0]!) as { fork: unknown } };
}

describe.skipIf(!hasTmux)('f on the side-by-side screens', () => {
  it(
    'replay --vs: → forks the parent at turn 1; the typed answer gets I1 met by the agent',
    { timeout: 60_000 },
    async () => {
      const dir = path.join(term.work, 'replayed');
      await runTarget('researcher/meal-plan', { agent: 'script:reactive', recordingsDir: dir });
      const parentName = readdirSync(dir).find((f) => f.includes('meal-plan'))!;
      const parent = path.join(dir, parentName);
      const before = readFileSync(parent, 'utf8');
      const specs = {
        agent: { kind: 'script' as const, name: 'proactive' },
        user: { kind: 'rules' as const },
        judge: { kind: 'rules' as const },
      };
      const fork = await runFork(loadForkSource(parent, 1), {
        specs,
        config: resolveConfig({}, {}),
      });
      start(['replay', fork.file, '--vs', parent], { columns: 160, rows: 40 });
      await waitFor((s) => s.includes('turn 1/8 (opened at 1)'), 'the two sides at turn 1');
      await waitFor(() => term.readsKeys(), 'the screen reading keys');
      await forkSide('Right', parentName, 1, 'PLAY (you are the user)');
      term.type('That is all I need, thanks.');
      keys('Enter');
      // In the parent the user gave I1 at turn 2; here the reactive agent's reply meets it itself.
      const text = await waitFor(
        (s) => s.includes('user  That is all I need, thanks.') && s.includes('68 kg and'),
        "the agent's turn 2",
      );
      expect(text).toContain('I1 completed · turn 2 · evidence');
      expect(before).toMatch(/"intent":"I1","from":"open","to":"provided"/);
      const { lines, header } = await endFork(dir, 1, fork.file);
      expect(header.fork).toEqual({ parent: parentName, turn: 1 });
      expect(lines.some((l) => l.includes('"turn":2,"role":"user","text":"That is all I'))).toBe(
        true,
      );
      expect(readFileSync(parent, 'utf8')).toBe(before);
      keys('q');
      const exit = await waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');
      expect(exit).toMatch(/recording: .*meal-plan.*-fork1-/);
    },
  );

  it(
    'watch --vs: ← forks side A after turn 1; taken over, the typed answer gives I2 too',
    { timeout: 60_000 },
    async () => {
      start(STAGE.split(' '));
      await waitFor((s) => s.includes('PAUSED') && s.includes('f fork a side'), 'the paused stage');
      await waitFor(() => term.readsKeys(), 'the screen reading keys');
      keys('s');
      await waitFor((s) => (s.match(/── turn 1 /g) ?? []).length === 2, 'turn 1 on both sides');
      const dir = path.join(term.work, 'staged');
      const a = readdirSync(dir).find((f) =>
        readFileSync(path.join(dir, f), 'utf8').includes('"name":"reactive"'),
      )!;
      await forkSide('Left', a, 1, 'WATCH ❚❚ paused');
      keys('t');
      await waitFor((s) => s.includes('PLAY (you are the user)'), 'the person as the user');
      term.type(
        'I am 175 cm and 68 kg, 17% body fat, bulking. Give daily protein, fat and carb totals in grams too.',
      );
      keys('Enter');
      // Side A's user gave only I1 at turn 2; the answer typed here states I2 as well.
      const text = await waitFor(
        (s) => s.includes('↳ about I1, I2') && s.includes('68 kg and'),
        "the agent's turn 2",
      );
      expect(text).toMatch(/↩ I2 provided · turn 2 · in own words/);
      const { lines, header } = await endFork(dir, 1);
      expect(header.fork).toEqual({ parent: a, turn: 1 });
      expect(lines.some((l) => l.includes('"turn":2,"role":"user","text":"I am 175 cm'))).toBe(
        true,
      );
      // Both sides of the stage stopped where the fork left them.
      for (const f of readdirSync(dir).filter((f) => !f.includes('-fork')))
        expect(readFileSync(path.join(dir, f), 'utf8')).toContain('"end":"aborted"');
    },
  );
});
