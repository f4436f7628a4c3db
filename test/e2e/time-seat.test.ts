/**
 * A time scenario played by a person in a real terminal (tmux, 80×24), typed one key at a time:
 * while the user waits for the world, a sentence typed into any pane is sent with enter and the
 * agent answers it before time passes; the clock stays in the status bar; ctrl+d while waiting ends.
 * A watch taken over in the wait behaves the same: the person speaks while the world waits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');

const term = tmuxTerminal(BIN, 'time-seat');
afterAll(() => term.close());
const { keys, start, waitFor } = term;

function typeByKey(text: string): void {
  for (const ch of text) term.type(ch);
}

describe.skipIf(!hasTmux)('a time scenario played by a person', () => {
  it(
    'a message typed into the panes while you wait is sent, answered, and the wait goes on',
    { timeout: 90_000 },
    async () => {
      start(['play', 'researcher/gpu-watch', '--library', ROOT, '--recordings', 'rec'], {
        columns: 80,
        rows: 24,
      });
      await term.begin();
      let text = await waitFor((s) => s.includes('⏱ You wait'), 'the wait');
      expect(text).toContain('from May 4 10:02 until May 5 10:00');
      // The status bar keeps the clock (parts that do not fit after it are left out whole).
      expect(text).toMatch(/│ ⏱ May 4 10:02( │|$)/m);
      expect(text).toContain('ctrl+n lets the time pass, or write now');
      // From the Conversation pane, then from the Timeline tab: every letter types.
      keys('Escape');
      typeByKey('Does it need a receipt? ');
      keys('Escape');
      await new Promise((r) => setTimeout(r, 150));
      keys('BTab');
      typeByKey('The lab pays only with one.');
      text = await waitFor(
        (s) => s.includes('› Does it need a receipt? The lab pays only with one.'),
        'the sentence in the box',
      );
      expect(text).toContain('enter sends now');
      keys('Enter');
      text = await waitFor(
        (s) => s.includes('turn 2 · May 4 10:02') && s.includes('⏱ You wait'),
        'the person’s turn answered and the wait again',
      );
      expect(text).toContain('user  Does it need a receipt?');
      expect(text).not.toContain('not your turn');
      keys('C-n');
      await waitFor((s) => s.includes('turn 3 · May 5 10:00'), 'the time passed: the agent woken');
      keys('C-d');
      await waitFor((s) => s.includes('End the session now?'), 'the end question');
      keys('C-d');
      text = await waitFor((s) => /ended · Proc/.test(s), 'the session ended');
      keys('q');
      await waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );

  it(
    'a watch taken over in the wait: the person speaks while time waits for them, and it is recorded',
    { timeout: 90_000 },
    async () => {
      start(
        [
          'watch',
          'marketer/flight-watch',
          '--library',
          ROOT,
          '--no-deps',
          '--agent',
          'script:proactive',
          '--delay',
          '3000',
          '--recordings',
          'rec-watch',
        ],
        { columns: 80, rows: 24 },
      );
      await term.begin();
      // Turn 1 answered: the watch holds its pace before the clock jumps to the first update.
      await waitFor((s) => s.includes('Nothing fits yet'), 'the agent’s first answer');
      keys('t');
      let text = await waitFor((s) => s.includes('⏱ You wait'), 'the wait, now the person’s');
      expect(text).toContain('until May 7 09:00');
      // Time does not pass by itself any more: a pace's delay later it still waits.
      await new Promise((r) => setTimeout(r, 3500));
      text = term.screen();
      expect(text).toContain('⏱ You wait');
      expect(text).not.toContain('turn 2 · May 7');
      typeByKey('Please also check the 13 May flights, the press day may move.');
      await waitFor((s) => s.includes('press day may move.'), 'the sentence in the box');
      keys('Enter');
      text = await waitFor(
        (s) => /turn 2 · May 6 09:0\d/.test(s) && s.includes('⏱ You wait'),
        'the person’s turn answered and the wait again',
      );
      expect(text).toContain('user  Please also check the 13 May flights');
      keys('C-n');
      await waitFor((s) => s.includes('turn 3 · May 7 09:00'), 'the time passed: the agent woken');
      keys('C-d');
      await waitFor((s) => s.includes('End the session now?'), 'the end question');
      keys('C-d');
      await waitFor((s) => /ended · Proc/.test(s), 'the session ended');
      keys('q');
      await waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');
      const dir = path.join(term.work, 'rec-watch');
      const file = readdirSync(dir).find((f) => f.endsWith('.jsonl'))!;
      const events = readFileSync(path.join(dir, file), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; role?: string; text?: string; turn: number });
      const said = events.find(
        (e) => e.type === 'message' && e.role === 'user' && e.text?.includes('13 May flights'),
      );
      expect(said).toMatchObject({
        turn: 2,
        text: 'Please also check the 13 May flights, the press day may move.',
      });
    },
  );
});
