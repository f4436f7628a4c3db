/**
 * `f` in the replay of a time scenario a person played (tmux, the real binary): they spoke while
 * waiting for time, cutting the wait short. The fork's replayed turns end that wait as the
 * recording did, so the fork goes on live from the turn on screen; before, the screen refused
 * it ("its user spoke while waiting for time, and this replay let the time pass instead").
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadForkSource } from '../../src/fork/source.ts';
import { ASKS_IN_THE_WAIT, speaksWhileWaiting } from '../fork/person.ts';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');

const term = tmuxTerminal(BIN, 'fork-time');
afterAll(() => term.close());
const { keys, start, waitFor } = term;

describe.skipIf(!hasTmux)('forking the replay of a time scenario a person played', () => {
  it(
    'f at the turn the person spoke goes on live, past the wait the person cut short',
    { timeout: 90_000 },
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'fork-time-tui-'));
      const parent = await speaksWhileWaiting(dir);
      // The turn of the person's message: the wait before it was cut short, and more follows.
      const lines = readFileSync(parent, 'utf8').trim().split('\n');
      const asked = lines
        .map((l) => JSON.parse(l) as { type: string; turn: number; text?: string })
        .find((e) => e.type === 'message' && e.text === ASKS_IN_THE_WAIT)!;
      const turns = asked.turn;
      expect(loadForkSource(parent, 0).turns).toBeGreaterThan(turns);
      start(['replay', parent, '--turn', String(turns)], { columns: 160, rows: 40 });
      await waitFor((s) => s.includes('REPLAY') && s.includes(`turn ${turns} of `), 'the replay');
      await waitFor(() => term.readsKeys(), 'the screen reading keys');
      keys('f');
      // The replayed turns run, then the person waits for time with the clock; a refusal would come instead.
      const refused = /cannot fork|let the time pass instead/i;
      const text = await waitFor(
        (s) => s.includes('ctrl+n lets the time pass, or write now') || refused.test(s),
        'the fork waiting for the person, or its refusal',
      );
      expect(text).not.toMatch(refused);
      expect(text).toContain(`a fork of ${path.basename(parent)} at turn ${turns}`);
      expect(text).toContain('PLAY (you are the user)');
      const forks = readdirSync(path.dirname(parent)).filter((f) => f.includes(`-fork${turns}-`));
      expect(forks).toHaveLength(1);
      const header = JSON.parse(
        readFileSync(path.join(path.dirname(parent), forks[0]!), 'utf8').split('\n')[0]!,
      ) as { fork: unknown };
      expect(header.fork).toEqual({ parent: path.basename(parent), turn: turns });
    },
  );
});
