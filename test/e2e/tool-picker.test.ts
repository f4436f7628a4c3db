/**
 * The agent seat's tool picker in a real terminal (tmux, 120×40): a newcomer playing the agent
 * opens it, picks the first tool (read_file) and presses enter on the call it inserted, untouched:
 * the call reads the scenario's first workspace file, whose contents the conversation shows.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');

const term = tmuxTerminal(BIN, 'tool-picker');
afterAll(() => term.close());
const { keys, start, waitFor } = term;

describe.skipIf(!hasTmux)('the tool picker as a newcomer uses it', () => {
  it(
    'ctrl+t, enter on read_file, enter: the first workspace file is read and shown',
    { timeout: 60_000 },
    async () => {
      const args = ['play', 'researcher/meal-plan', '--agent', 'human', '--no-deps'];
      start([...args, '--library', ROOT, '--recordings', 'rec'], { columns: 120, rows: 40 });
      await term.begin();
      await waitFor((s) => s.includes('your turn: write the agent'), 'the agent’s turn');
      keys('C-t');
      await waitFor((s) => s.includes('Call a tool'), 'the picker');
      keys('Enter');
      let text = await waitFor((s) => s.includes('› /read_file path="'), 'the template');
      // It names a file of the workspace, and nothing else to fill in.
      expect(text).toContain('› /read_file path="notes/campus-food.md"');
      expect(text).not.toContain('offset=');
      keys('Enter');
      text = await waitFor((s) => s.includes('read_file ✔'), 'the call’s result');
      expect(text).toMatch(/read_file ✔ path="notes\/campus-food\.m… → # Food near th…/);
      expect(text).not.toContain('is a directory');
      // esc leaves the input for the conversation, whose enter opens the call: the whole file.
      keys('Escape');
      await waitFor((s) => s.includes('? keys  tab pane'), 'the conversation to have the keys');
      keys('Enter');
      text = await waitFor((s) => s.includes('## North Canteen'), 'the file in the conversation');
      expect(text).toContain('# Food near the lab (prices checked Feb 2026)');
      expect(text).toContain('- poke bowl — ¥29');
    },
  );
});
