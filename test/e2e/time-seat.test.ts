/**
 * A time scenario played by a person in a real terminal (tmux, 80×24), typed one key at a time:
 * while the user waits for the world, a sentence typed into any pane is sent with enter and the
 * agent answers it before time passes; the clock stays in the status bar; ctrl+d while waiting ends.
 */
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
      expect(text).toMatch(/│ ⏱ May 4 10:02 │/);
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
});
