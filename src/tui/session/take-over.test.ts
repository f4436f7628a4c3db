/**
 * Taking over a running watch: the next user message after `t` is the person's, always (in the
 * wait between turns, not only while paused), and the recording says a person took over.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { liveFixture } from '../../../test/tui/live-sessions.ts';
import { waitFor } from '../../../test/tui/harness.tsx';
import { Pacer } from './pacer.ts';
import { TakeOverUser } from './take-over.ts';
import { createHumanPorts } from '../../session/input-queue.ts';
import type { UserBackend, UserTurnInput } from '../../contracts/backends.ts';

const fixture = liveFixture();

describe('taking over a running watch', () => {
  it('in the wait after turn 1, the next message is the person’s and the take-over is recorded', async () => {
    const live = fixture.start('tester/gear', 'watch', { agent: 'script:reactive', delayMs: 1500 });
    live.begin();
    const session = () => live.store.getState().session;
    const agentSpoke = () =>
      session().turns.some((t) => t.items.some((i) => i.kind === 'message' && i.role === 'agent'));
    await waitFor(agentSpoke, 10_000);
    expect(live.control.getState().notice ?? '').not.toContain('will not read what you type');
    live.takeOver();
    // The agent is a script: the person who took over is told it will not read them.
    expect(live.control.getState().notice).toContain('The agent is script:reactive, a script');
    await waitFor(() => session().awaiting?.role === 'user', 10_000);
    const userMessages = () =>
      session().turns.flatMap((t) =>
        t.items.flatMap((i) => (i.kind === 'message' && i.role === 'user' ? [i.text] : [])),
      );
    // Only the request that opened the session: the simulated user never wrote turn 2.
    expect(userMessages()).toHaveLength(1);
    live.sendUser('My budget is 600 RMB, nothing above.', []);
    await waitFor(() => userMessages().length === 2, 10_000);
    expect(userMessages()[1]).toBe('My budget is 600 RMB, nothing above.');
    live.endSession();
    const [result] = await live.done;
    const recording = readFileSync(result!.recording!, 'utf8');
    expect(recording).toContain('a person took over the user after turn 1');
    expect(recording).toContain('My budget is 600 RMB, nothing above.');
  });
});

describe('the wait between turns', () => {
  it('comes before the simulated user writes, and the agent turn after it does not wait again', async () => {
    const pacer = new Pacer({ paused: false, delayMs: 150 });
    const t0 = performance.now();
    await pacer.beforeUser(1);
    // A timer never fires early: a lower bound holds however loaded the machine.
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    // No second wait: the agent's turn goes on within a few turns of the event loop, not a clock.
    let paced = false;
    void pacer.pace(2).then(() => (paced = true));
    for (let i = 0; i < 5 && !paced; i++) await new Promise((r) => setImmediate(r));
    expect(paced).toBe(true);
  });
});

describe('the take-over notice', () => {
  it('names the turn the simulated user already opened with its message, though that turn has not begun', async () => {
    const simulated: UserBackend = {
      info: { kind: 'rules' },
      picksIntents: false,
      nextMessage: async () => ({ text: 'Keep it under 600 RMB.' }),
    };
    const user = new TakeOverUser(simulated, createHumanPorts());
    expect(user.simulatedOpened).toBe(0);
    const input = { turn: 3, emit: () => undefined } as unknown as UserTurnInput;
    await user.nextMessage(input);
    // The engine is still at turn 3: a take-over now holds the seat after turn 4.
    expect(user.simulatedOpened).toBe(4);
  });
});
