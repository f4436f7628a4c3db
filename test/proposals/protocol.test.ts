/**
 * The proposal protocol step by step (docs/proposals.md), through real scenario files, the
 * script agent, the rules user and the rules judge: ticks and notifications, the user's one act
 * per tick, observe turns that cannot write, accept or reject by pattern, execute turns, the end
 * rule, seeded noise and PARE's scores.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventOf, TimedEvent } from '../../src/contracts/events.ts';
import { makeLibrary } from '../helpers/library.ts';
import { soap } from '../helpers/soap-scenario.ts';
import { runTarget } from '../helpers/run.ts';

const LOGIN = `{ tool: todoist__login, args: { username: pat@example.com, password: pw } }`;
const ADD = `{ tool: todoist__create_task, args: { access_token: todoist-access-token-1, title: Hand soap, project_id: 2 } }`;

const run = async (yaml: string, opts: { maxTurns?: number } = {}) => {
  const root = makeLibrary({ 'scenarios/p/soap.yaml': yaml });
  return runTarget(path.join(root, 'scenarios/p/soap.yaml'), opts);
};
const of = <T extends TimedEvent['type']>(events: TimedEvent[], type: T) =>
  events.filter((e) => e.type === type) as (EventOf<T> & { t: number })[];

const PROACTIVE = `    - say: ""
      actions: [{ tool: wait }]
    - say: ""
      actions: [{ tool: propose, args: { summary: Add hand soap to Shopping? } }]
    - say: Added.
      actions: [${LOGIN}, ${ADD}]
    - say: ""`;

describe('proposal protocol', () => {
  it('ticks, notifies, observes, proposes, is accepted and executes; the goal is completed', async () => {
    const { events, results } = await run(soap(PROACTIVE));
    const r = results[0]!;
    expect(r.end).toBe('resolved');
    // Four ticks: one per activity step, and the verdict's own (the user's act of the tick after the proposal), whose agent turn executes.
    expect(of(events, 'tick').map((e) => `${e.tick}@${e.at}`)).toEqual([
      '1@2026-05-09T18:00:00+08:00',
      '2@2026-05-09T18:01:00+08:00',
      '3@2026-05-09T18:02:00+08:00',
      '4@2026-05-09T18:03:00+08:00',
    ]);
    expect(r.scores.turns).toBe(4);
    expect(of(events, 'user_action').map((e) => `${e.kind}:${e.text}`)).toEqual([
      'screen:opened the Shopping list',
      'screen:opened “Kim Ho: out of hand soap, can you get some? also the land…”',
      'wait:The user is not using the phone.',
    ]);
    // Each move records the screen the user is on afterwards, as the Phone shows it.
    expect(of(events, 'user_action')[0]!.screen).toEqual([
      '[todoist · Shopping]',
      '1. ☐ Eggs',
      'actions: open(item) · add_task(title, due_date?, description?) · back · home',
    ]);
    expect(of(events, 'user_action')[1]!.screen![0]).toBe('[phone · Kim Ho]');
    // The notification reaches the user truncated and the agent whole.
    const n = of(events, 'notification')[0]!;
    expect(n).toMatchObject({
      app: 'phone',
      spurious: false,
      preview: 'Text from Kim: out of hand soap, can you get…',
    });
    const observations = of(events, 'message').filter((m) => m.role === 'monitor');
    expect(observations[1]!.text).toContain('also the landlord called about the boiler');
    expect(of(events, 'phase').map((e) => `${e.turn}:${e.phase}`)).toEqual([
      '0:observe',
      '2:execute',
      '3:observe',
    ]);
    expect(of(events, 'proposal_verdict')).toEqual([
      expect.objectContaining({ proposal: 'P1', verdict: 'accepted', goal: 'G1' }),
    ]);
    expect(of(events, 'message').find((m) => m.turn === 3)).toMatchObject({
      role: 'user',
      text: 'Yes, please go ahead with P1: Add hand soap to Shopping?',
    });
    expect(r.scores.intents).toEqual({ G1: 'completed' });
    expect(r.scores.proposals).toEqual({
      proposals: 1,
      accepted: 1,
      acceptance_rate: 1,
      proposal_rate: 0.333,
      read_actions: 1,
      decisions: { accept: 1, reject: 0, gather_context: 0, truncated: 0 },
      success: 1,
      succeeded: true,
      noise: null,
    });
  });

  it("the user's own moves go through the app: a task added on the phone reaches the goal, provided by the user", async () => {
    const { events, results } = await run(
      soap(`    - say: ""`, {
        activity: `  - { app: todoist, action: open, args: { item: Shopping } }
  - { app: todoist, action: add_task }
  - { app: todoist, action: fill, args: { field: title, value: Hand soap } }
  - { app: todoist, action: submit }`,
      }),
    );
    const acts = of(events, 'user_action');
    // The form is a screen of its own: opened, filled and sent in three moves, each seen by the agent.
    expect(acts.map((e) => `${e.ok}:${e.text}`)).toEqual([
      'true:opened “Shopping (1 tasks)”',
      'true:opened the form: add a task',
      'true:filled title: “Hand soap”',
      'true:add a task: “Hand soap”',
    ]);
    expect(acts[1]!.screen).toEqual([
      '[todoist · add a task]',
      'title: (empty)',
      'due_date (optional): (empty)',
      'description (optional): (empty)',
      'actions: fill(field, value) · submit · back · home',
    ]);
    expect(acts[2]!.screen![1]).toBe('title: “Hand soap”');
    expect(acts[3]!.screen).toContain('2. ☐ Hand soap');
    expect(of(events, 'app_diff').some((d) => d.turn === 3)).toBe(true);
    expect(results[0]!.scores.intents).toEqual({ G1: 'provided' });
  });

  it('an observe turn cannot write: the write is refused and nothing changes', async () => {
    const { events, results } = await run(
      soap(`    - say: Adding it.
      actions: [${LOGIN}, ${ADD}]`),
    );
    const refused = of(events, 'tool_result').find((e) => e.name === 'todoist__create_task')!;
    expect(refused).toMatchObject({
      ok: false,
      error: expect.stringContaining('not available in this turn'),
    });
    expect(of(events, 'tool_result').find((e) => e.name === 'todoist__login')).toMatchObject({
      ok: true,
    });
    expect(results[0]!.scores.intents).toEqual({ G1: 'unresolved' });
    expect(results[0]!.scores.proposals!.succeeded).toBe(false);
  });

  it('rejects a proposal that matches no open goal, and the agent keeps observing', async () => {
    const { events, results } = await run(
      soap(`    - say: ""
      actions: [{ tool: propose, args: { summary: Call the landlord back? } }]
    - say: ""`),
    );
    expect(of(events, 'proposal_verdict')).toEqual([
      expect.objectContaining({
        verdict: 'rejected',
        reason: 'it matches no goal the user still has',
      }),
    ]);
    expect(of(events, 'phase').map((e) => e.phase)).toEqual(['observe']);
    expect(of(events, 'message').filter((m) => m.role === 'monitor')[1]!.text).toMatch(
      /^The user rejected your proposal P1\./,
    );
    expect(results[0]!.scores.proposals).toMatchObject({
      proposals: 1,
      accepted: 0,
      acceptance_rate: 0,
      success: 0,
    });
  });

  it('a chat message that asks for a goal makes it provided', async () => {
    const { events, results } = await run(
      soap(PROACTIVE, {
        activity: `  - { say: Can you put soap on the list?, reveals: [G1] }\n  - { wait: true }`,
      }),
    );
    expect(of(events, 'intent_status').map((e) => `${e.intent}:${e.to}:${e.cause}`)).toEqual([
      'G1:provided:reveal',
    ]);
    expect(results[0]!.scores.proc).toBe(0);
  });

  it('ends at max_turns', async () => {
    const { results } = await run(soap(PROACTIVE), { maxTurns: 2 });
    expect(results[0]!.end).toBe('max_turns');
    expect(results[0]!.scores.turns).toBe(2);
  });

  it('noise is seeded: the same seed gives the same run, another seed another', async () => {
    const noisy = (seed: number) =>
      soap(PROACTIVE, {
        noise: `noise: { notifications_per_hour: 600, tool_failure: 0.5, seed: ${seed} }`,
      });
    const strip = (events: TimedEvent[]) =>
      events
        .filter((e) => e.type === 'notification' || e.type === 'tool_result')
        .map((e) => JSON.stringify({ ...e, t: 0 }));
    const [a, b, c] = [await run(noisy(7)), await run(noisy(7)), await run(noisy(8))];
    expect(strip(a.events)).toEqual(strip(b.events));
    expect(strip(a.events)).not.toEqual(strip(c.events));
    expect(of(a.events, 'notification').filter((n) => n.spurious).length).toBeGreaterThan(0);
    // A failed app call reads like a busy app's error.
    const failures = [a, c].flatMap((x) => of(x.events, 'tool_result').filter((e) => !e.ok));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]!.error).toMatch(/todoist is temporarily unavailable \(503\)/);
  });
});
