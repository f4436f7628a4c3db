/**
 * The Phone pane with a real session: a person plays the user of a proposal scenario by
 * keyboard alone (opens an app and a list, lets a tick pass, accepts the agent's proposal with
 * ctrl+y in the tick after it), and watching shows the simulated user's moves and the verdict as they happen.
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
  waitFor,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { planRuns } from '../../session/plan.ts';
import { sessionSetup } from '../../session/setup.ts';
import { LiveSession } from '../session/live.ts';
import { SessionScreen } from '../screens/SessionScreen.tsx';
import { PHONE_SCENARIO } from '../../../test/helpers/soap-scenario.ts';

function session(mode: 'play' | 'watch', paused = false): LiveSession {
  const lib = makeLibrary({ 'scenarios/p/soap.yaml': PHONE_SCENARIO });
  return new LiveSession({
    groups: planRuns(['p/soap'], { library: lib }),
    setup: sessionSetup({ library: lib, agent: 'script:proactive' }),
    mode,
    delayMs: 0,
    paused,
    recordingsDir: mkdtempSync(path.join(os.tmpdir(), 'intentplay-phone-')),
  });
}

let r: Rendered | undefined;
afterEach(() => r?.unmount());

/** A person plays the user and lets two ticks pass: the agent has proposed P1. */
async function untilProposal(): Promise<LiveSession> {
  const s = session('play');
  r = renderSession(s, <SessionScreen onExit={() => undefined} />, { columns: 220, rows: 50 });
  await begin(r);
  await waitForFrame(r!, (f) => f.includes('[Home]'));
  await press(r!, 'wait', KEYS.enter);
  await waitForFrame(r!, (f) => f.includes('tick 2'));
  await press(r!, 'wait', KEYS.enter);
  return s;
}

describe('the Phone pane', () => {
  it('lets a person play the user by keyboard: open an app, open a list, accept the proposal with ctrl+y in the next tick', async () => {
    const s = session('play');
    r = renderSession(s, <SessionScreen onExit={() => undefined} />, { columns: 220, rows: 50 });
    await begin(r);
    // Before any move the phone shows its home screen; the input box says how to move.
    let frame = await waitForFrame(r!, (f) => f.includes('[Home]') && f.includes('a phone move'));
    expect(frame).toContain('2. Todoist (todoist)');
    await press(r!, 'open_app todoist', KEYS.enter);
    frame = await waitForFrame(r!, (f) => f.includes('[todoist · Projects]'));
    await press(r!, '1', KEYS.enter);
    frame = await waitForFrame(
      r!,
      (f) => f.includes('[todoist · Shopping]') && f.includes('☐ Eggs'),
    );
    // The agent proposes after the text arrives; the user's act of the next tick answers it.
    frame = await waitForFrame(
      r!,
      (f) => f.includes('P1 ? waiting') && f.includes('ctrl+y accepts P1'),
    );
    expect(frame).toContain('🔔 phone: Text from Kim');
    // The preview is the phone's, cut short as the user sees it: the pane says so.
    expect(frame).toContain('Notifications 1 · previews: open the app to read one whole');
    expect(frame).toContain('agent observing');
    await press(r!, KEYS.ctrlY);
    frame = await waitForFrame(
      r!,
      (f) => f.includes('P1 ✓ accepted') && f.includes('resolved'),
      8000,
    );
    expect(frame).toContain('G1 completed');
    // The phone shows what the agent did on the list the user is looking at.
    expect(frame).toContain('☐ Hand soap');
    const results = await s.done;
    expect(results[0]!.end).toBe('resolved');
    expect(results[0]!.scores.proposals).toMatchObject({
      proposals: 1,
      accepted: 1,
      succeeded: true,
    });
  });

  it('reject with a reason rejects, and the agent is told why', async () => {
    const s = await untilProposal();
    await waitForFrame(r!, (f) => f.includes('ctrl+y accepts P1'));
    await press(r!, 'reject I will get it myself', KEYS.enter);
    await waitForFrame(r!, (f) => f.includes('P1 ✗ rejected'));
    // The agent reads the answer with the user's next move.
    await press(r!, 'wait', KEYS.enter);
    await waitFor(() =>
      JSON.stringify(s.store.getState().session.turns).includes(
        'rejected your proposal P1: I will get it myself',
      ),
    );
    s.quit();
  });

  it("watching shows the simulated user's moves, the screen they are on and the verdict", async () => {
    const s = session('watch');
    r = renderSession(s, <SessionScreen onExit={() => undefined} />, { columns: 220, rows: 50 });
    // The result card closes the run: esc shows the panes again.
    await dismissResultCard(r);
    const frame = await waitForFrame(
      r!,
      (f) => f.includes('P1 ✓ accepted') && f.includes('resolved'),
      8000,
    );
    expect(frame).toContain('· todoist: opened the Shopping list');
    expect(frame).toContain('· phone: opened “Kim Ho:');
    expect(frame).toContain("Notifications 1 · previews, as the user's phone shows them");
    expect(frame).not.toContain('accepts P1');
    expect((await s.done)[0]!.end).toBe('resolved');
  });

  it('taken over, a watch shows the person how to move and how to answer', async () => {
    const s = session('watch', true);
    r = renderSession(s, <SessionScreen onExit={() => undefined} />, { columns: 220, rows: 50 });
    await waitForFrame(r, (f) => f.includes('enter begins'));
    await press(r, 't');
    await waitForFrame(r!, (f) => f.includes('type a number to open'));
    // Each tick now waits for the person's move (before, the scenario's activity went on).
    for (let tick = 2; tick <= 3; tick++) {
      await waitForFrame(r!, (f) => f.includes(`tick ${tick} ·`) && f.includes('your turn'));
      await press(r!, 'wait', KEYS.enter);
    }
    const frame = await waitForFrame(r!, (f) => f.includes('ctrl+y accepts P1'));
    expect(frame).toContain('P1 ? waiting for your answer');
    await press(r!, KEYS.ctrlY);
    await waitForFrame(r!, (f) => f.includes('P1 ✓ accepted'));
    s.quit();
  });
});

describe('a proposal in the conversation', () => {
  it('is a card with the summary, then the verdict and the reason', async () => {
    const s = await untilProposal();
    // The person reads that it waits for them.
    let frame = await waitForFrame(r!, (f) => f.includes('┌ P1 ? waiting for your answer'));
    expect(frame).toMatch(/│ Add hand soap to Shopping\?/);
    await press(r!, 'accept yes please, we are out', KEYS.enter);
    frame = await waitForFrame(r!, (f) => f.includes('┌ P1 ✓ accepted'));
    expect(frame).toContain('│ user: yes please, we are out');
    s.quit();
  });
});
