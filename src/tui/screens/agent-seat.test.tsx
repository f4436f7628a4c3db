/**
 * Playing the agent: the Workspace pane lists the files that exist (as list_dir would), updated
 * as the session goes, and nothing on screen names the hidden intents a user message concerns.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  begin,
  KEYS,
  press,
  renderSession,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { liveFixture } from '../../../test/tui/live-sessions.ts';
import { SessionScreen } from './SessionScreen.tsx';

const fixture = liveFixture();
let r: Rendered | undefined;
afterEach(() => r?.unmount());

describe('playing the agent', () => {
  it('the Workspace pane lists the files that exist, and a file the agent writes joins the list', async () => {
    const live = fixture.start('tester/gear', 'agent');
    r = renderSession(live, <SessionScreen onExit={() => {}} />, { columns: 160, rows: 36 });
    await begin(r);
    let frame = await waitForFrame(r, (f) => f.includes("your turn: write the agent's reply"));
    expect(frame).toMatch(/Workspace +1 files/);
    expect(frame).toContain('· notes/budget.md');
    await press(r, '/write_file path=shoes.md content="Pegasus, 599 RMB"', KEYS.enter);
    // The new file is listed at once; its diff comes when the turn ends (the reply).
    await waitForFrame(r, (f) => f.includes('· shoes.md') && f.includes('2 files'));
    await press(r, 'Saved to shoes.md.', KEYS.enter);
    frame = await waitForFrame(r, (f) => f.includes('A shoes.md +1 -0'));
    expect(frame).toMatch(/2 files · 1 changed/);
    expect(frame).toContain('· notes/budget.md');
    expect(frame).toContain('+Pegasus, 599 RMB');
  });

  it('a user message that reveals a hidden intent is not tagged with its id', async () => {
    const live = fixture.start('tester/gear', 'agent');
    r = renderSession(live, <SessionScreen onExit={() => {}} />, { columns: 160, rows: 36 });
    await begin(r);
    await waitForFrame(r, (f) => f.includes("your turn: write the agent's reply"));
    await press(r, 'Here are some shoes.', KEYS.enter);
    // The rules user answers with a hidden need (I1, the budget): its words show, its id never does.
    const frame = await waitForFrame(
      r,
      (f) =>
        f.includes('user  Keep it under 600 RMB.') &&
        f.includes("your turn: write the agent's reply"),
    );
    expect(frame).not.toContain('↳ about');
    expect(frame).not.toMatch(/\bI1\b/);
    const tagged = live.store
      .getState()
      .session.turns.flatMap((t) => t.items)
      .some((i) => i.kind === 'message' && i.intents?.includes('I1'));
    expect(tagged).toBe(true);
  });

  it('the agent seat’s help lists no ctrl+p (there is no persona card for the agent)', async () => {
    const live = fixture.start('tester/gear', 'agent');
    r = renderSession(live, <SessionScreen onExit={() => {}} />, { columns: 160, rows: 48 });
    await begin(r);
    await waitForFrame(r, (f) => f.includes("your turn: write the agent's reply"));
    await press(r, KEYS.escape);
    await press(r, '?');
    const frame = await waitForFrame(r, (f) => f.includes('Keys (esc or ? closes)'));
    expect(frame).toContain('ctrl+t');
    expect(frame).not.toContain('ctrl+p');
  });
});
