/**
 * The session screen at the widths people use (80, 120, 160, 200 columns): the result in the
 * status bar and the scores in the pane titles are never cut; at 120 the conversation and the
 * hidden intents show side by side; with five panes (a proposal scenario) every title still
 * fits, shortening its counts before its score.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeLibrary } from '../../../test/helpers/library.ts';
import { renderSession, waitForFrame, type Rendered } from '../../../test/tui/harness.tsx';
import { planRuns } from '../../session/plan.ts';
import { sessionSetup } from '../../session/setup.ts';
import { LiveSession } from '../session/live.ts';
import { SessionScreen } from './SessionScreen.tsx';
import { PHONE_SCENARIO } from '../../../test/helpers/soap-scenario.ts';

let r: Rendered | undefined;
afterEach(() => r?.unmount());

function watch(): LiveSession {
  const lib = makeLibrary({ 'scenarios/p/soap.yaml': PHONE_SCENARIO });
  return new LiveSession({ groups: planRuns(['p/soap'], { library: lib }), setup: sessionSetup({ library: lib, agent: 'script:proactive' }), mode: 'watch', delayMs: 0, recordingsDir: mkdtempSync(path.join(os.tmpdir(), 'intentplay-widths-')) });
}

describe('the session screen at every width', () => {
  it.each([80, 120, 160, 200])('%i columns: the result and the scores are whole', async (columns) => {
    const s = watch();
    r = renderSession(s, <SessionScreen onExit={() => undefined} />, { columns, rows: 40 });
    const frame = await waitForFrame(r, (f) => f.includes('resolved · Proc 1.00 · Comp –'), 8000);
    expect(frame).not.toMatch(/Proc 1\.0…|Proc 1…|Comp 1\.0…/);
    // The panes' title lines (in the medium layout the side pane's title is under its tab bar).
    const at = frame.split('\n').findIndex((l) => l.includes('Conversation'));
    const top = frame.split('\n').slice(at, at + 2).join('\n');
    if (columns >= 110) {
      // The conversation and the hidden intents side by side, the intents' score whole.
      expect(top).toContain('Hidden intents');
      expect(top).toContain('Proc 1.00');
    }
    if (columns >= 160) {
      expect(top).toMatch(/Checklist.*Comp –/);
      expect(top).toMatch(/Phone\s+tick/);
    }
    await s.done;
  });
});
