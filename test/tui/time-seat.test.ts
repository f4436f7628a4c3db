/**
 * A person playing the user of a time scenario: while they wait for the world to change they may
 * speak (enter), and the agent answers them before the clock moves on; ctrl+n lets the time pass.
 * Runs researcher/gpu-watch of the bundled library through a real LiveSession.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { planRuns } from '../../src/session/plan.ts';
import { sessionSetup } from '../../src/session/setup.ts';
import { LiveSession } from '../../src/tui/session/live.ts';
import { waitFor } from './harness.tsx';

const LIBRARY = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-time-seat-'));
let live: LiveSession | undefined;
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  live?.quit();
  await live?.done.catch(() => undefined);
});

async function play(): Promise<LiveSession> {
  const l = new LiveSession({
    groups: planRuns(['researcher/gpu-watch'], { library: LIBRARY }),
    setup: sessionSetup({ library: LIBRARY }),
    mode: 'play',
    recordingsDir: dir,
    date: '2026-05-04',
  });
  live = l;
  await waitFor(() => Boolean(l.control.getState().opening), 15_000);
  l.begin();
  return l;
}

const messages = (l: LiveSession, role: string) =>
  l.store
    .getState()
    .session.turns.flatMap((t) =>
      t.items.flatMap((i) =>
        i.kind === 'message' && i.role === role ? [{ turn: t.turn, text: i.text, at: i.at }] : [],
      ),
    );

describe('playing the user of a time scenario', () => {
  it('a message sent while you wait is your turn: the agent answers it, then the wait goes on', async () => {
    const l = await play();
    await waitFor(() => Boolean(l.control.getState().waitingForTime), 15_000);
    const wait = l.control.getState().waitingForTime!;
    expect(wait.at).toBe('2026-05-05T10:00:00+08:00');
    expect(messages(l, 'user')).toHaveLength(1);

    l.sendUser('Does it have to come with a receipt? The lab needs one.', []);
    await waitFor(() => messages(l, 'agent').some((m) => m.turn === 2), 15_000);
    const said = messages(l, 'user')[1]!;
    expect(said).toMatchObject({
      turn: 2,
      text: 'Does it have to come with a receipt? The lab needs one.',
    });
    // Said before the time passed: at the time the agent's first turn ended, not a day later.
    expect(said.at).toBe('2026-05-04T10:02:00+08:00');
    // Then the user waits again, for the same update.
    await waitFor(() => Boolean(l.control.getState().waitingForTime), 15_000);
    expect(l.control.getState().waitingForTime!.at).toBe(wait.at);

    l.passTime();
    await waitFor(() => messages(l, 'monitor').length === 1, 15_000);
    expect(messages(l, 'monitor')[0]!.turn).toBe(3);
    l.endSession();
    const [result] = await l.done;
    const recording = readFileSync(result!.recording!, 'utf8');
    expect(recording).toContain('Does it have to come with a receipt? The lab needs one.');
  });

  it('a refusal said while you wait is read as one: the agent answers once and the session ends', async () => {
    const l = await play();
    await waitFor(() => Boolean(l.control.getState().waitingForTime), 15_000);
    l.sendUser("Forget it, I don't want a 4090 anymore.", []);
    const [result] = await l.done;
    expect(result!.end).toBe('resolved');
    expect(messages(l, 'agent').some((m) => m.turn === 2)).toBe(true);
    expect(readFileSync(result!.recording!, 'utf8')).toContain('the user refused the task');
    expect(messages(l, 'monitor')).toHaveLength(0);
  });

  it('ctrl+d while you wait ends the session', async () => {
    const l = await play();
    await waitFor(() => Boolean(l.control.getState().waitingForTime), 15_000);
    l.endSession();
    const [result] = await l.done;
    expect(result!.end).toBe('ended');
  });

  it('taking over a watch in the wait records the take-over when t is pressed, not at the message', async () => {
    const l = new LiveSession({
      groups: planRuns(['researcher/gpu-watch'], { library: LIBRARY }),
      setup: sessionSetup({ library: LIBRARY }),
      mode: 'watch',
      delayMs: 300,
      recordingsDir: dir,
      date: '2026-05-04',
    });
    live = l;
    await waitFor(() => Boolean(l.control.getState().opening), 15_000);
    l.begin();
    await waitFor(() => messages(l, 'agent').length === 1, 15_000);
    l.takeOver();
    await waitFor(() => Boolean(l.control.getState().waitingForTime), 15_000);
    // The person reads the screen a while before writing.
    await new Promise((r) => setTimeout(r, 1200));
    l.sendUser('Please also check whether it comes with a receipt.', []);
    await waitFor(() => messages(l, 'agent').some((m) => m.turn === 2), 15_000);
    l.endSession();
    const [result] = await l.done;
    const events = readFileSync(result!.recording!, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line) as { type: string; t: number; text?: string; role?: string });
    const notice = events.find((e) => e.text === 'a person took over the user after turn 1')!;
    const said = events.find(
      (e) => e.text === 'Please also check whether it comes with a receipt.',
    )!;
    expect(said.t - notice.t).toBeGreaterThanOrEqual(1000);
    expect(events.filter((e) => e.text?.startsWith('a person took over'))).toHaveLength(1);
  });

  it("taking over right after a follow-up drops the intention shift the simulated user was to tell: the person's words tell what they tell", async () => {
    const l = new LiveSession({
      groups: planRuns(['marketer/flight-watch'], { library: LIBRARY, noDeps: true }),
      setup: sessionSetup({ library: LIBRARY }),
      mode: 'watch',
      paused: true,
      delayMs: 0,
      recordingsDir: dir,
    });
    live = l;
    await waitFor(() => Boolean(l.control.getState().opening), 15_000);
    l.begin();
    // Turn by turn to the follow-up on U2 (turn 3), which opens I4 for the user to tell.
    for (const turn of [1, 2, 3]) {
      l.step();
      await waitFor(() => messages(l, 'agent').some((m) => m.turn === turn), 15_000);
    }
    const intent = (id: string) => l.store.getState().session.intentStates[id]!;
    expect(intent('I4').status).toBe('open');
    l.takeOver();
    await waitFor(() => l.store.getState().session.awaiting?.role === 'user', 15_000);
    l.sendUser('Thanks, I will look at it tonight.', []);
    await waitFor(() => messages(l, 'agent').some((m) => m.turn === 4), 15_000);
    // The person said nothing of the new press day: I4 is not provided by their message (the
    // scripted agent's reply may still complete it), and their message is not about it.
    expect(intent('I4').history.map((h) => h.to)).not.toContain('provided');
    const turn4 = l.store.getState().session.turns.find((t) => t.turn === 4)!;
    const said = turn4.items.find((i) => i.kind === 'message' && i.role === 'user');
    expect(said).toMatchObject({ text: 'Thanks, I will look at it tonight.' });
    expect(said && 'intents' in said ? (said.intents ?? []) : []).not.toContain('I4');
  });
});
