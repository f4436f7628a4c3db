/**
 * A person playing the user of a time scenario refuses in their own words (docs/time.md,
 * "Refusals"): the real binary under tmux, the bundled researcher/gpu-watch with the proactive
 * reference, which answers with `completed` as it would to a thanks. The refusal is read, the
 * session ends after the agent's answer, and the Timeline says the status should have been failed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const term = tmuxTerminal(path.join(ROOT, 'bin/intentplay.js'), 'refusal');
afterAll(() => term.close());

describe.skipIf(!hasTmux)('a person refuses in a time scenario', () => {
  it(
    'types "No thanks, I don\'t want it anymore." where the thanks would go: the task turns to one that should end failed',
    { timeout: 90_000 },
    async () => {
      term.start(
        ['play', 'researcher/gpu-watch', '--agent', 'script:proactive', '--recordings', 'rec'],
        { columns: 200, rows: 50 },
      );
      await term.begin();
      await term.waitFor((s) => s.includes('ctrl+n lets the time pass'), 'the first wait');
      term.keys('C-n');
      await term.waitFor((s) => s.includes('U1 ✔ silence kept'), 'the silence on U1');
      term.keys('C-n');
      await term.waitFor(
        (s) => s.includes('U2 ✔ follow-up hit') && s.includes('enter sends'),
        'the follow-up on U2 and the input',
      );
      term.type("No thanks, I don't want it anymore.");
      term.keys('Enter');
      const text = await term.waitFor(
        (s) => s.includes('resolved') && s.includes('expected failed'),
        'the session to end with the verdict',
      );
      expect(text).toContain('! the user refused the task (read by the offline');
      expect(text).toContain("user  No thanks, I don't want it anymore.");
      // The notice follows the message it was read in, in the Conversation pane.
      expect(text.indexOf("user  No thanks, I don't want it anymore.")).toBeLessThan(
        text.indexOf('! the user refused the task'),
      );
      // The Timeline's header names the status the task should now end with.
      expect(text).toContain('expected at the end: failed');
      expect(text).not.toContain('expected at the end: completed');
      // The Timeline's verdict, wrapped in its pane: turn 4's status should have been failed.
      expect(text).toContain('turn 4: status completed,');
      expect(text).toContain('expected failed');
      term.keys('q');
      await term.waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');

      // The recording says the same: the status after the refusal should have been failed.
      const dir = path.join(term.work, 'rec');
      const file = readdirSync(dir).find((f) => f.endsWith('.jsonl'))!;
      const events = readFileSync(path.join(dir, file), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; scores?: { time?: unknown } });
      const score = events.find((e) => e.type === 'score')!;
      expect(score.scores!.time).toMatchObject({
        completed: false,
        ending: 'not_completed_after_thanks',
        status_errors: [{ turn: 4, expected: 'failed', got: 'completed' }],
      });
    },
  );
});
