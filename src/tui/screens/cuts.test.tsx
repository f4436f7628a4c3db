/**
 * No text is cut where the screen has room for it: bundled recordings of the three paradigms
 * (a π-Bench chat, a time scenario, a proposal scenario) replayed to their end at 80×24, 120×40,
 * 160×48 and 200×50, with each pane in turn brought into view, show no side pane's line cut at
 * its edge (a line that ends in … at the border), and no cut status bar or key hints. The
 * Conversation's one-line tool calls are excerpts by design (selected, they open in full); a
 * verdict's quoted reason (↳) wraps while its pane has free rows and is cut only in a full pane.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readRecording } from '../../session/recording.ts';
import {
  KEYS,
  press,
  renderSession,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { cutLines } from '../../../test/tui/cut-lines.ts';
import { ReplaySession } from '../session/replay-session.ts';
import { SessionScreen } from './SessionScreen.tsx';

const GOLDEN = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/golden/recordings/proactive',
);
const SIZES = [
  [80, 24],
  [120, 40],
  [160, 48],
  [200, 50],
] as const;
const SCENARIOS = ['researcher/meal-plan', 'marketer/flight-watch', 'researcher/soap-list'];

/** A golden recording (its times normalised away) as a recording file replay reads. */
function recordingOf(id: string): string {
  const lines = readFileSync(path.join(GOLDEN, `${id}.jsonl`), 'utf8')
    .trim()
    .split('\n');
  const events = lines.slice(1).map((l) => JSON.stringify({ t: 0, ...JSON.parse(l) }));
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-cuts-')), 'r.jsonl');
  writeFileSync(file, [lines[0], ...events].join('\n') + '\n');
  return file;
}

let r: Rendered | undefined;
afterEach(() => r?.unmount());

describe('text is never cut where there is room', () => {
  it.each(SIZES)(
    '%i×%i: every pane of three paradigms, the status bar and the key hints',
    async (columns, rows) => {
      for (const id of SCENARIOS) {
        const recording = readRecording(recordingOf(id));
        const session = new ReplaySession(recording, Number.MAX_SAFE_INTEGER);
        r = renderSession(session, <SessionScreen onExit={() => undefined} />, { columns, rows });
        let frame = await waitForFrame(r, (f) => f.includes('Conversation'));
        const panes = id === 'researcher/meal-plan' ? 4 : 5;
        // Every pane in view once: tab moves the focus along (the narrower layouts show it).
        for (let i = 0; i < panes; i++) {
          const shown = frame;
          expect(cutLines(shown), `${id} at ${columns}×${rows}, pane ${i + 1}`).toEqual([]);
          const [status, hints] = shown.trimEnd().split('\n').slice(-2);
          expect(status, `${id} status bar`).not.toMatch(/…$/);
          expect(hints, `${id} key hints`).not.toMatch(/…$/);
          await press(r, KEYS.tab);
          frame = await waitForFrame(r, (f) => f !== shown, 2000).catch(() => shown);
        }
        r.unmount();
        r = undefined;
      }
    },
  );
});
