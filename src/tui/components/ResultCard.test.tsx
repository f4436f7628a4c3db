/**
 * Every session of a chain ends on screen: its result card (how it ended, scores, each
 * intent's status, what comes next) stays until enter, then the next session starts.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_LIB } from '../../../test/tui/session-events.ts';
import {
  KEYS,
  press,
  renderSession,
  waitFor,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { planRuns } from '../../session/plan.ts';
import { sessionSetup } from '../../session/setup.ts';
import { SessionScreen } from '../screens/SessionScreen.tsx';
import { LiveSession } from '../session/live.ts';

let r: Rendered | undefined;
afterEach(() => r?.unmount());

describe('the result card between two sessions of a chain', () => {
  it('shows the ended session and its scores until enter, then the next session starts', async () => {
    const s = new LiveSession({
      groups: planRuns(['tester/plan'], { library: FIXTURE_LIB }),
      setup: sessionSetup({ library: FIXTURE_LIB, agent: 'script:proactive' }),
      mode: 'watch',
      paused: true,
      delayMs: 0,
      recordingsDir: mkdtempSync(path.join(os.tmpdir(), 'intentplay-card-')),
    });
    r = renderSession(s, <SessionScreen onExit={() => undefined} />, { columns: 160, rows: 40 });
    await waitForFrame(r, (f) => f.includes('tester/gear'));
    // Paused: step through the first session's turns until its card shows.
    let frame = '';
    for (let i = 0; i < 10 && !frame.includes('Next: tester/plan'); i++) {
      await press(r, 's');
      frame = await waitForFrame(
        r,
        (f) => f.includes('Next: tester/plan') || f.includes('turn'),
        2000,
      );
    }
    frame = await waitForFrame(
      r,
      (f) => f.includes('tester/gear ended') && f.includes('Next: tester/plan'),
    );
    expect(frame).toMatch(/resolved\s+Proc \d\.\d\d · Comp/);
    expect(frame).toContain('(2/2)');
    expect(frame).toContain('enter continues');
    // It waits: nothing starts by itself while paused.
    await new Promise((res) => setTimeout(res, 300));
    expect(r.lastFrame()).toContain('Next: tester/plan');
    await press(r, KEYS.escape);
    frame = await waitForFrame(
      r,
      (f) => !f.includes('Next: tester/plan') && f.includes('Conversation'),
    );
    await press(r, KEYS.enter);
    await waitForFrame(
      r,
      (f) => f.includes('tester/plan') && f.includes('(2/2)') && !f.includes('enter continues'),
    );
    s.quit();
  });

  it('watching, the last turn of a session stays in view at the pace before its card covers it', async () => {
    const s = new LiveSession({
      groups: planRuns(['tester/plan'], { library: FIXTURE_LIB }),
      setup: sessionSetup({ library: FIXTURE_LIB, agent: 'script:proactive' }),
      mode: 'watch',
      delayMs: 1000,
      openingCard: false,
      recordingsDir: mkdtempSync(path.join(os.tmpdir(), 'intentplay-card-')),
    });
    r = renderSession(s, <SessionScreen onExit={() => undefined} />, { columns: 160, rows: 40 });
    await waitFor(() => Boolean(s.store.getState().session.end), 15_000);
    const ended = performance.now();
    const lastReply = s.store
      .getState()
      .session.turns.flatMap((t) => t.items)
      .findLast((i) => i.kind === 'message' && i.role === 'agent');
    const words = (lastReply as { text: string }).text.slice(0, 30);
    await new Promise((res) => setTimeout(res, 600));
    const frame = r.lastFrame() ?? '';
    expect(frame).toContain(words);
    expect(frame).not.toContain('Next: tester/plan');
    await waitForFrame(r, (f) => f.includes('Next: tester/plan'), 5000);
    expect(performance.now() - ended).toBeGreaterThanOrEqual(900);
    s.quit();
  });
});
