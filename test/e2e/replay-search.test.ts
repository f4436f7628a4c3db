/**
 * Replay's text search and a proposal's verdict in a real terminal (tmux, 80×24): a recording of
 * researcher/soap-list, words typed key by key after `/`, the turns holding them one after the
 * other; the proposal waits in its own turn and reads accepted in the turn the answer opened.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runTarget } from '../helpers/run.ts';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');

const term = tmuxTerminal(BIN, 'replay-search');
afterAll(() => term.close());
const { keys, start, waitFor } = term;

function typeByKey(text: string): void {
  for (const ch of text) term.type(ch);
}

describe.skipIf(!hasTmux)('searching a replay', () => {
  it(
    '/ and words go to the turns holding them; the proposal waits in its turn, accepted in the next',
    { timeout: 90_000 },
    async () => {
      // Recorded as `run researcher/soap-list --no-deps` records it (offline backends).
      const { results } = await runTarget('researcher/soap-list', {
        agent: 'script:proactive',
        noDeps: true,
        recordingsDir: path.join(term.work, 'rec'),
      });
      start(['replay', results[0]!.recording!], { columns: 80, rows: 24 });
      await waitFor((s) => s.includes('turn 0 of 6'), 'the replay');
      keys('/');
      typeByKey('hand soap');
      let text = await waitFor(
        (s) => s.includes('/hand soap▏') && s.includes('turn 2 · match 1 of 3 turns'),
        'the first turn holding the words',
      );
      expect(text).toContain('/hand soap');
      expect(text).toContain('turn 2 of 6');
      expect(text).toContain('┌ P1 ? waiting for the user');
      keys('Enter');
      text = await waitFor((s) => s.includes('turn 3 · match 2 of 3 turns'), 'the next match');
      expect(text).toContain('┌ P1 ✓ accepted in turn 3');
      expect(text).toContain('user  Yes, please go ahead with P1');
      // Replay's letter keys (q quits, f forks, n next change) are letters of the words here.
      typeByKey(' quickly for now');
      text = await waitFor((s) => s.includes('no turn holds'), 'no match');
      expect(text).toContain('turn 3 of 6');
      keys('Escape');
      text = await waitFor((s) => !s.includes('no turn holds'), 'the search cleared');
      expect(text).toContain('turn 3 of 6');
      keys('?');
      await waitFor((s) => s.includes('search the conversation'), 'the help listing /');
      keys('Escape');
      // Sent at once, esc and q reach a loaded app as one key (alt+q) and it never exits.
      await waitFor((s) => !s.includes('search the conversation'), 'the help closed');
      keys('q');
      await waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );
});
