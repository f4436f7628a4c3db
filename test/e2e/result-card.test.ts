/**
 * The result card that closes a run, in a real terminal (tmux, 80×24): a person plays the only
 * session, typing whole sentences, and its last turn shows before the card; a watched episode
 * ends on each session's ending and scores and the totals. Enter or esc shows the panes.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');
const LIB = path.join(ROOT, 'test/fixtures/lib');

const term = tmuxTerminal(BIN, 'result-card');
afterAll(() => term.close());
const { keys, start, waitFor } = term;

function typeByKey(text: string): void {
  for (const ch of text) term.type(ch);
}

const SIZE = { columns: 80, rows: 24 };

describe.skipIf(!hasTmux)('the result card that closes a run', () => {
  it(
    'playing the only session: its last turn first, then the card; enter shows the panes, q leaves',
    { timeout: 60_000 },
    async () => {
      start(
        [
          'play',
          'tester/gear',
          '--library',
          LIB,
          '--agent',
          'script:reactive',
          '--recordings',
          'rec',
        ],
        SIZE,
      );
      await term.begin();
      await waitFor((s) => s.includes('your turn: write'), 'the first turn');
      typeByKey('Keep it under 600 RMB please.');
      keys('Enter');
      await waitFor((s) => s.includes('agent (end of script)'), 'the agent’s second reply');
      typeByKey('Please remember what I picked.');
      keys('Enter');
      // The last turn, uncovered, with the session's end in the status bar.
      let text = await waitFor(
        (s) => s.includes('user  Please remember what I picked.') && s.includes('resolved · Proc'),
        'the last turn with the session ended',
      );
      expect(text).not.toContain('the run is over');
      text = await waitFor((s) => s.includes('the run is over'), 'the result card');
      expect(text).toContain('tester/gear ended · Pick gym gear');
      expect(text).toMatch(/resolved {2}Proc \d\.\d\d · Comp \d\.\d\d · 3 turns/);
      expect(text).toContain('I1 provided Budget is 600 RMB.');
      expect(text).toContain('enter or esc shows the session · q quits');
      keys('Enter');
      text = await waitFor((s) => !s.includes('the run is over'), 'the panes again');
      expect(text).toContain('user  Please remember what I picked.');
      keys('q');
      await waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );

  it(
    "watching an episode: each session's ending, Proc and Comp, and the totals",
    { timeout: 60_000 },
    async () => {
      start(['watch', 'tester', '--library', LIB, '--delay', '300', '--recordings', 'rec'], SIZE);
      const text = await waitFor((s) => s.includes('episode tester ended'), 'the episode summary');
      const lines = text.split('\n').map((l) => l.replace(/^[║ ]+|[║ ]+$/g, ''));
      const from = lines.indexOf('episode tester ended · 2 sessions');
      expect(lines.slice(from + 2, from + 7)).toEqual([
        '1/2 tester/gear · Pick gym gear',
        'resolved  Proc 1.00 · Comp 1.00 · 1 turn',
        '2/2 tester/plan · Weekly meal plan',
        'resolved  Proc 1.00 · Comp 1.00 · 2 turns',
        'In all: 2 of 2 resolved · mean Proc 1.00 · mean Comp 1.00 · 3 turns',
      ]);
      keys('Escape');
      await waitFor(
        (s) => !s.includes('the run is over') && s.includes('agent Updated with prices'),
        'the last session’s panes',
      );
      keys('q');
      await waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );
});
