/**
 * A person playing the user of a proposal scenario against the scripted agent (tmux, 160×48):
 * they look around their phone for a tick longer than the rules user before they accept. The
 * script holds its place while its proposal waits (a silent `wait`, no write refused) and carries
 * the proposal out in the turn the person's yes opens, so the goal is done.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');

const term = tmuxTerminal(BIN, 'script-waits');
afterAll(() => term.close());
const { keys, start, type, waitFor } = term;

describe.skipIf(!hasTmux)('the scripted agent waits for a person’s yes', () => {
  it(
    'a person who accepts a tick late still sees the proposal carried out',
    { timeout: 90_000 },
    async () => {
      const args = ['play', 'researcher/soap-list', '--no-deps', '--library', ROOT];
      start([...args, '--recordings', 'rec'], { columns: 160, rows: 48 });
      await term.begin();
      await waitFor((s) => s.includes('your turn: make'), 'the person’s first move');
      for (const [move, turn] of [
        ['1', 'turn 1/30'],
        ['wait', 'turn 2/30'],
        ['wait', 'turn 3/30'],
      ] as const) {
        type(move);
        keys('Enter');
        await waitFor((s) => s.includes(turn) && s.includes('your turn: make'), turn);
      }
      // P1 went out in turn 2; in turn 3 it still waits, and the script only waited.
      await waitFor((s) => s.includes('P1 ? waiting for your answer'), 'the proposal waiting');
      keys('C-y');
      const text = await waitFor((s) => s.includes('resolved  Proc 1.00'), 'the result card');
      expect(text).toContain('G1 completed');
      const dir = path.join(term.work, 'rec');
      const file = path.join(
        dir,
        readdirSync(dir).find((f) => f.endsWith('.jsonl'))!,
      );
      const events = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; turn: number; name?: string; ok?: boolean });
      const calls = (turn: number) =>
        events.filter((e) => e.type === 'tool_result' && e.turn === turn).map((e) => e.name);
      expect(calls(3)).toEqual(['wait']);
      expect(calls(4)).toEqual([
        'todoist__login',
        'todoist__show_projects',
        'todoist__create_task',
      ]);
      expect(events.filter((e) => e.type === 'tool_result' && e.ok === false)).toEqual([]);
    },
  );
});
