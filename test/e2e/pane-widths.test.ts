/**
 * Pane widths by what the panes hold, through the real binary in a real terminal (tmux): a
 * watched time scenario at 160×48 gives the Timeline the columns its lines need (nothing cut at
 * its edge, its title whole) and the empty Workspace no more than its one line; at 80×24 the
 * status bar and the key hints leave parts out whole instead of cutting one.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';
import { cutLines } from '../tui/cut-lines.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');

const term = tmuxTerminal(BIN, 'pane-widths');
afterAll(() => term.close());

const watch = ['watch', 'marketer/flight-watch', '--library', ROOT, '--no-deps', '--delay', '0'];

describe.skipIf(!hasTmux)('pane widths in a real terminal', () => {
  it(
    '160×48: the Timeline uncut beside an empty Workspace; 80×24: whole hints',
    { timeout: 90_000 },
    async () => {
      term.start([...watch, '--recordings', 'rec'], { columns: 160, rows: 48 });
      await term.waitFor((s) => s.includes('enter or esc shows the session'), 'the result card');
      term.keys('Enter');
      let text = await term.waitFor((s) => s.includes('Timeline'), 'the session under the card');
      expect(cutLines(text)).toEqual([]);
      expect(text).toMatch(/Timeline +May 9 09:00 · 3\/3/);
      expect(text).toContain('· keep silent expected');
      expect(text).toContain(' No files changed yet. ');
      const status = text.trimEnd().split('\n').at(-2)!;
      expect(status).toContain('judge rules');
      term.keys('q');
      await term.waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');

      term.start([...watch, '--recordings', 'rec'], { columns: 80, rows: 24 });
      await term.waitFor((s) => s.includes('enter or esc shows'), 'the result card at 80×24');
      term.keys('Enter');
      text = await term.waitFor((s) => /resolved · Proc/.test(s), 'the session at 80×24');
      const [bar, hints] = text.trimEnd().split('\n').slice(-2);
      expect(bar).not.toMatch(/…$/);
      expect(bar).toMatch(/resolved · Proc \d\.\d\d · Comp \d\.\d\d │ turn 5\/30/);
      expect(hints).not.toMatch(/…$/);
      expect(hints).toMatch(/q quit$/);
      for (let i = 0; i < 4; i++) {
        term.keys('Tab');
        await new Promise((r) => setTimeout(r, 300));
        expect(cutLines(term.screen()), `tab ${i + 1}`).toEqual([]);
      }
      term.keys('q');
      await term.waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );
});
