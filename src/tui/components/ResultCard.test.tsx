/**
 * Every session of a chain ends on screen: its result card (how it ended, scores, each
 * intent's status, what comes next) stays until enter, then the next session starts.
 * The run's last (or only) session gets one too, once its last turn was in view for the pace;
 * after an episode it lists each session's ending with Proc and Comp and the totals.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_LIB } from '../../../test/tui/session-events.ts';
import {
  begin,
  KEYS,
  plain,
  press,
  renderSession,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { planRuns } from '../../session/plan.ts';
import { sessionSetup } from '../../session/setup.ts';
import { SessionScreen } from '../screens/SessionScreen.tsx';
import { LiveSession } from '../session/live.ts';
import { liveFixture } from '../../../test/tui/live-sessions.ts';
import type { SessionSummary } from '../../store/state.ts';
import type { Scores } from '../../contracts/events.ts';
import { runTotals } from './episode-summary.ts';

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
    // When the session ended and when the card came, as they happened (not when a poll saw them).
    let endedAt = 0;
    let cardAt = 0;
    s.store.subscribe((st) => (endedAt ||= st.session.end ? performance.now() : 0));
    s.control.subscribe((c) => (cardAt ||= c.between ? performance.now() : 0));
    r = renderSession(s, <SessionScreen onExit={() => undefined} />, { columns: 160, rows: 40 });
    await waitForFrame(r, (f) => f.includes('Next: tester/plan'), 15_000);
    const lastReply = s.store
      .getState()
      .session.turns.flatMap((t) => t.items)
      .findLast((i) => i.kind === 'message' && i.role === 'agent');
    const words = (lastReply as { text: string }).text.slice(0, 30);
    // The last reply was on screen, uncovered, before the card; the card came a pace later.
    const frames = r.frames.map(plain);
    const seen = frames.findIndex((f) => f.includes(words) && !f.includes('Next: tester/plan'));
    const covered = frames.findIndex((f) => f.includes('Next: tester/plan'));
    expect(seen).toBeGreaterThanOrEqual(0);
    expect(seen).toBeLessThan(covered);
    expect(endedAt).toBeGreaterThan(0);
    expect(cardAt - endedAt).toBeGreaterThanOrEqual(1000 - 20);
    s.quit();
  });
});

const fixture = liveFixture();

describe('the result card that closes a run', () => {
  it('after the only session: its last turn stays in view for the pace, then the card; enter shows the panes', async () => {
    const delayMs = 400;
    const live = fixture.start('tester/gear', 'watch', { agent: 'script:proactive', delayMs });
    let endedAt = 0;
    let cardAt = 0;
    live.store.subscribe((s) => (endedAt ||= s.session.end ? Date.now() : 0));
    live.control.subscribe((c) => (cardAt ||= c.finished ? Date.now() : 0));
    const r = fixture.show(
      renderSession(live, <SessionScreen onExit={() => {}} />, { columns: 120, rows: 36 }),
    );
    await begin(r);
    const card = await waitForFrame(r, (f) => f.includes('the run is over'), 8000);
    // The last turn was on screen, uncovered, with the session's end in the status bar.
    const frames = r.frames.map(plain);
    const seen = frames.findIndex(
      (f) => f.includes('agent Your notes say 600 RMB') && f.includes('resolved · Proc 1.00'),
    );
    const covered = frames.findIndex((f) => f.includes('the run is over'));
    expect(seen).toBeGreaterThanOrEqual(0);
    expect(seen).toBeLessThan(covered);
    expect(cardAt - endedAt).toBeGreaterThanOrEqual(delayMs - 20);
    expect(card).toContain('tester/gear ended · Pick gym gear');
    expect(card).toContain('resolved  Proc 1.00 · Comp 1.00 · 1 turn');
    expect(card).toContain('I1 completed Budget is 600 RMB.');
    expect(card).toContain('the run is over · enter or esc shows the session · q quits');
    expect(card).not.toContain('episode');
    await press(r, KEYS.enter);
    const panes = await waitForFrame(r, (f) => !f.includes('the run is over'));
    expect(panes).toContain('agent Your notes say 600 RMB');
    // It stays away: nothing brings it back.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(plain(r.lastFrame())).not.toContain('the run is over');
  });

  it('a question left open when the session ends by itself goes, and the card shows', async () => {
    const live = fixture.start('tester/gear', 'play', { agent: 'script:reactive' });
    const r = fixture.show(
      renderSession(live, <SessionScreen onExit={() => {}} />, { columns: 120, rows: 36 }),
    );
    await begin(r);
    await waitForFrame(r, (f) => f.includes('your turn'));
    await press(r, ...'Keep it under 600 RMB please.', KEYS.enter);
    await waitForFrame(r, (f) => f.includes('── turn 2') && f.includes('your turn'));
    // ctrl+d asks; the person goes on typing and sends the message that ends the session.
    await press(r, ...'Please remember what I picked.', KEYS.ctrlD);
    await waitForFrame(r, (f) => f.includes('End the session now?'));
    await press(r, KEYS.enter);
    const card = await waitForFrame(r, (f) => f.includes('the run is over'), 8000);
    expect(card).toContain('tester/gear ended · Pick gym gear');
    expect(card).not.toContain('End the session now?');
    // y no longer answers a question that is gone: the card stays until enter or esc.
    await press(r, 'y');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(plain(r.lastFrame())).toContain('the run is over');
  });

  it('after a session that failed: why, as the session said it', async () => {
    const live = fixture.start('tester/gear', 'watch', { agent: 'acp:no-such-agent-for-the-card' });
    const r = fixture.show(
      renderSession(live, <SessionScreen onExit={() => {}} />, { columns: 120, rows: 36 }),
    );
    // At no delay the watch starts by itself, past the opening card.
    const card = await waitForFrame(r, (f) => f.includes('the run is over'), 8000);
    const lines = card.split('\n').map((l) => l.replace(/^[║ ]+|[║ ]+$/g, ''));
    const at = lines.findIndex((l) => l.startsWith('error  Proc'));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toBe(
      'the acp agent did not start: could not start `no-such-agent-for-the-card`: spawn no-such-agent-for-the-card ENOENT',
    );
  });

  it("after an episode: each session's ending, Proc and Comp, and the episode's totals", async () => {
    const live = fixture.start('tester', 'watch', { agent: 'script:proactive' });
    const r = fixture.show(
      renderSession(live, <SessionScreen onExit={() => {}} />, { columns: 120, rows: 40 }),
    );
    // At no delay the watch goes on by itself: past both opening cards and the card between.
    const card = await waitForFrame(r, (f) => f.includes('the run is over'), 8000);
    const lines = card.split('\n').map((l) => l.replace(/^[║ ]+|[║ ]+$/g, ''));
    const from = lines.indexOf('episode tester ended · 2 sessions');
    expect(from).toBeGreaterThanOrEqual(0);
    expect(lines.slice(from + 2, from + 7)).toEqual([
      '1/2 tester/gear · Pick gym gear',
      'resolved  Proc 1.00 · Comp 1.00 · 1 turn',
      '2/2 tester/plan · Weekly meal plan',
      'resolved  Proc 1.00 · Comp 1.00 · 2 turns',
      'In all: 2 of 2 resolved · mean Proc 1.00 · mean Comp 1.00 · 3 turns',
    ]);
    // Then the last session in full, with its intents.
    expect(card).toContain('tester/plan ended · Weekly meal plan');
    expect(card).toContain('I3 inferred Include Sunday batch cooking.');
    await press(r, KEYS.escape);
    await waitForFrame(r, (f) => !f.includes('the run is over') && f.includes('tester/plan (2/2)'));
  });
});

describe("an episode's totals", () => {
  const scores = (proc: number, comp: number | null, turns: number) =>
    ({ proc, comp, turns }) as Scores;
  const session = (end: SessionSummary['end'], s?: Scores): SessionSummary => ({
    scenario: 'x/y',
    title: 'Y',
    end,
    ...(s ? { scores: s } : {}),
  });

  it('mean Proc over the sessions with a result, mean Comp over those with one, every turn', () => {
    expect(
      runTotals([
        session('resolved', scores(1, 1, 2)),
        session('max_turns', scores(0.5, null, 6)),
        session('judge_failed', scores(0, 0, 3)),
      ]),
    ).toBe('1 of 3 resolved · mean Proc 0.75 · mean Comp 1.00 · 11 turns');
    expect(runTotals([session('aborted')])).toBe(
      '0 of 1 resolved · mean Proc – · mean Comp – · 0 turns',
    );
  });

  it('means of the exact scores, rounded when shown: 2/3 and 1/7 make 0.40, not 0.41', () => {
    // Stored rounded to three digits (0.667, 0.143), whose mean 0.405 showed 0.41; exact 0.4048.
    const exact = (credited: number, of: number): Scores =>
      ({
        proc: Math.round((credited / of) * 1000) / 1000,
        comp: Math.round((credited / of) * 1000) / 1000,
        turns: 1,
        intents: Object.fromEntries(
          Array.from({ length: of }, (_, i) => [`I${i}`, i < credited ? 'completed' : 'provided']),
        ),
        checklist: Object.fromEntries(
          Array.from({ length: of }, (_, i) => [`C${i}`, i < credited]),
        ),
      }) as Scores;
    expect(runTotals([session('resolved', exact(2, 3)), session('resolved', exact(1, 7))])).toBe(
      '2 of 2 resolved · mean Proc 0.40 · mean Comp 0.40 · 2 turns',
    );
  });
});
