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
import {
  begin,
  dismissResultCard,
  KEYS,
  press,
  renderSession,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { FIXTURE_LIB } from '../../../test/tui/session-events.ts';
import { planRuns } from '../../session/plan.ts';
import { sessionSetup } from '../../session/setup.ts';
import { LiveSession } from '../session/live.ts';
import { SessionScreen } from './SessionScreen.tsx';
import { PHONE_SCENARIO } from '../../../test/helpers/soap-scenario.ts';

let r: Rendered | undefined;
afterEach(() => r?.unmount());

function watch(): LiveSession {
  const lib = makeLibrary({ 'scenarios/p/soap.yaml': PHONE_SCENARIO });
  return new LiveSession({
    groups: planRuns(['p/soap'], { library: lib }),
    setup: sessionSetup({ library: lib, agent: 'script:proactive' }),
    mode: 'watch',
    delayMs: 0,
    recordingsDir: mkdtempSync(path.join(os.tmpdir(), 'intentplay-widths-')),
  });
}

/** A number, or Proc/Comp, followed by … : a score or count cut at a pane's edge. */
const CUT_SCORE = /\d…|(Proc|Comp) ?…/;

describe('the session screen at every width', () => {
  it.each([80, 120, 160, 200])(
    '%i columns: the result and the scores are whole',
    async (columns) => {
      const s = watch();
      r = renderSession(s, <SessionScreen onExit={() => undefined} />, { columns, rows: 40 });
      // The result card closes the run: esc shows the panes again.
      await dismissResultCard(r);
      const frame = await waitForFrame(r, (f) => f.includes('resolved · Proc 1.00 · Comp –'), 8000);
      expect(frame).not.toMatch(/Proc 1\.0…|Proc 1…|Comp 1\.0…/);
      // The panes' title lines (in the medium layout the side pane's title is under its tab bar).
      const at = frame.split('\n').findIndex((l) => l.includes('Conversation'));
      const top = frame
        .split('\n')
        .slice(at, at + 2)
        .join('\n');
      if (columns >= 110) {
        // The conversation and the hidden intents side by side, the intents' score whole.
        expect(top).toContain('Hidden intents');
        expect(top).toContain('Proc 1.00');
      }
      if (columns >= 160) {
        expect(top).toMatch(/Checklist.*Comp –/);
        expect(top).toMatch(/Phone\s+tick/);
      }
      // No score or count in a title is cut: a title that does not fit drops its counts instead.
      expect(top).not.toMatch(CUT_SCORE);
      await s.done;
    },
  );

  it.each([80, 120, 160, 200])(
    '%i columns, playing the user of a chain: the pane titles are whole, and from 110 columns the intents sit beside the conversation',
    async (columns) => {
      const s = new LiveSession({
        groups: planRuns(['tester/plan'], { library: FIXTURE_LIB }),
        setup: sessionSetup({ library: FIXTURE_LIB, agent: 'script:proactive' }),
        mode: 'play',
        delayMs: 0,
        recordingsDir: mkdtempSync(path.join(os.tmpdir(), 'intentplay-widths-')),
        date: '2025-01-01',
      });
      r = renderSession(s, <SessionScreen onExit={() => undefined} />, { columns, rows: 40 });
      await begin(r);
      await waitForFrame(r, (f) => f.includes('Next: tester/plan'), 8000);
      await press(r, KEYS.enter);
      await begin(r);
      const frame = await waitForFrame(
        r,
        (f) => f.includes('your turn: write the user') && (columns < 110 || f.includes('I2')),
        8000,
      );
      const lines = frame.split('\n');
      const at = lines.findIndex((l) => l.includes('Conversation'));
      const top = lines.slice(at, at + 2).join('\n');
      expect(top).not.toMatch(CUT_SCORE);
      if (columns >= 110) {
        expect(top).toMatch(/Conversation.*Hidden intents/s);
        expect(top).toMatch(/Proc 1\.00/);
        expect(frame).toContain('? I2 inferred');
      }
      if (columns >= 160) expect(top).toMatch(/Checklist +Comp 1\.00.*Workspace/);
      s.quit();
      await s.done;
    },
  );
});
