/**
 * PARE's rules worked out by hand (docs/proposals.md), each a case that failed before: the rules
 * user accepts a proposal for a goal the user already asked for; the verdict is the user's act of
 * the next tick, after that tick's updates; only an accepted proposal's execution completes a
 * goal; observe turns end at propose or wait; read-only is what each API declares; an unreached
 * goal's cause follows how the session ended; a proposal pending at the end is truncated.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventOf, TimedEvent } from '../../src/contracts/events.ts';
import { makeLibrary } from '../helpers/library.ts';
import { soap } from '../helpers/soap-scenario.ts';
import { runTarget } from '../helpers/run.ts';

const LOGIN = `{ tool: todoist__login, args: { username: pat@example.com, password: pw } }`;
const ADD = `{ tool: todoist__create_task, args: { access_token: todoist-access-token-1, title: Hand soap, project_id: 2 } }`;
const PROPOSE = `{ tool: propose, args: { summary: Add hand soap to Shopping? } }`;

const run = async (yaml: string, opts: { maxTurns?: number } = {}) => {
  const root = makeLibrary({ 'scenarios/p/soap.yaml': yaml });
  return runTarget(path.join(root, 'scenarios/p/soap.yaml'), opts);
};
const of = <T extends TimedEvent['type']>(events: TimedEvent[], type: T) =>
  events.filter((e) => e.type === type) as (EventOf<T> & { t: number })[];
const soapTasks = (events: TimedEvent[]) =>
  of(events, 'tool_result').filter((e) => e.name === 'todoist__create_task' && e.ok).length;

describe('PARE rules', () => {
  it("docs' soap example: the user asks in chat (provided), the agent proposes, the rules user accepts and the goal is reached", async () => {
    const { events, results } = await run(
      soap(
        `    - say: ""
      actions: [{ tool: wait }]
    - say: ""
      actions: [${PROPOSE}]
    - say: Added.
      actions: [${LOGIN}, ${ADD}]
    - say: ""
      actions: [{ tool: wait }]`,
        {
          activity: `  - { app: todoist, action: open, args: { item: Shopping } }
  - { say: "Can you remind me to buy soap?", reveals: [G1] }
  - { wait: true }`,
        },
      ),
    );
    // A goal the user asked for is not yet done: the proposal for it is accepted.
    expect(of(events, 'proposal_verdict')).toEqual([
      expect.objectContaining({ proposal: 'P1', verdict: 'accepted', goal: 'G1' }),
    ]);
    const r = results[0]!;
    expect(r.scores.intents).toEqual({ G1: 'provided' });
    expect(r.scores.proposals).toMatchObject({ accepted: 1, success: 1, succeeded: true });
  });

  it('the verdict is the act of the next tick, after its updates: a goal an update reached first is rejected, never executed twice', async () => {
    // Kim adds the soap herself one tick after the proposal, before Pat answers it.
    const yaml = soap(
      `    - say: ""
      actions: [${PROPOSE}]
    - say: Added.
      actions: [${LOGIN}, ${ADD}]
    - say: ""
      actions: [{ tool: wait }]
    - say: ""
      actions: [{ tool: wait }]`,
      { activity: `  - { wait: true }\n  - { wait: true }` },
    )
      .replace(
        '      text: "Text from Kim: out of hand soap, can you get some? also the landlord called about the boiler"',
        `      text: "Text from Kim: out of hand soap"
    - id: U2
      at: +1m
      apps: { todoist: { projects: [{ name: Kim's errands, tasks: [{ title: Hand soap }] }] } }
      text: "Kim added Hand soap to Shopping"`,
      )
      .replace('at: +1m\n      apps: { phone', 'at: +0m\n      apps: { phone');
    const { events, results } = await run(yaml);
    const ticks = of(events, 'tick');
    const verdict = of(events, 'proposal_verdict')[0]!;
    const u2 = of(events, 'update').find((u) => u.update === 'U2')!;
    // The proposal is made in tick 1; tick 2 fires U2 and then the user answers.
    expect(of(events, 'proposal')[0]!.turn).toBe(1);
    expect(ticks.map((t) => t.tick)).toEqual([1, 2, 3]);
    expect(events.indexOf(u2)).toBeLessThan(events.indexOf(verdict));
    expect(verdict).toMatchObject({
      verdict: 'rejected',
      reason: 'it matches no goal the user still has',
    });
    expect(soapTasks(events)).toBe(0);
    expect(of(events, 'phase').map((e) => e.phase)).toEqual(['observe']);
    // What the update did is provided, not the agent's.
    expect(of(events, 'intent_status')[0]).toMatchObject({
      intent: 'G1',
      to: 'provided',
      cause: 'update',
    });
    // One user act and one agent turn per tick; the verdict tick's turn observes the rejection.
    expect(results[0]!.scores.turns).toBe(3);
    expect(results[0]!.scores.proposals).toMatchObject({
      proposals: 1,
      proposal_rate: 0.333,
      decisions: { reject: 1 },
    });
  });

  it('a goal that an update makes true is provided, not completed by an agent that did nothing', async () => {
    const yaml = soap(`    - say: ""\n      actions: [{ tool: wait }]`).replace(
      '      apps: { phone: { messages:',
      "      apps: { todoist: { projects: [{ name: Kim's errands, tasks: [{ title: Hand soap }] }] }, phone: { messages:",
    );
    const { events, results } = await run(yaml);
    expect(of(events, 'intent_status').map((e) => `${e.intent}:${e.to}:${e.cause}`)).toEqual([
      'G1:provided:update',
    ]);
    expect(results[0]!.scores.intents).toEqual({ G1: 'provided' });
    expect(results[0]!.scores.proc).toBe(0);
  });

  it('an observe turn ends at propose: nothing after it runs in that turn', async () => {
    const { events } = await run(soap(`    - say: ""\n      actions: [${PROPOSE}, ${LOGIN}]`));
    const first = of(events, 'tool_call').filter((e) => e.turn === 1);
    expect(first.map((e) => e.name)).toEqual(['propose']);
  });

  it('read-only is what each API declares: file_exists is offered while observing and counts as a read action', async () => {
    const yaml = soap(
      `    - say: ""
      actions:
        - { tool: file_system__login, args: { username: pat@example.com, password: pw } }
        - { tool: file_system__file_exists, args: { access_token: file_system-access-token-1, file_path: "~/notes.txt" } }
        - { tool: wait }`,
    )
      .replace('tools: [todoist, phone]', 'tools: [todoist, phone, file_system]')
      .replace(
        'apps:\n',
        'apps:\n  file_system:\n    account: { email: pat@example.com, password: pw }\n',
      );
    const { events, results } = await run(yaml);
    const exists = of(events, 'tool_result').find((e) => e.name === 'file_system__file_exists')!;
    expect(exists).toMatchObject({ ok: true });
    expect(results[0]!.scores.proposals!.read_actions).toBe(2);
  });

  it("a goal not reached when the user's activity ends is unresolved for that reason, not max_turns; a pending proposal at max_turns is truncated", async () => {
    const done = await run(soap(`    - say: ""\n      actions: [{ tool: wait }]`));
    expect(done.results[0]!.end).toBe('resolved');
    expect(of(done.events, 'intent_status').at(-1)).toMatchObject({
      intent: 'G1',
      to: 'unresolved',
      cause: 'activity_done',
    });
    const cut = await run(
      soap(
        `    - say: ""\n      actions: [{ tool: wait }]\n    - say: ""\n      actions: [${PROPOSE}]`,
      ),
      {
        maxTurns: 2,
      },
    );
    expect(cut.results[0]!.end).toBe('max_turns');
    expect(of(cut.events, 'intent_status').at(-1)).toMatchObject({
      intent: 'G1',
      to: 'unresolved',
      cause: 'max_turns',
    });
    expect(cut.results[0]!.scores.proposals!.decisions).toEqual({
      accept: 0,
      reject: 0,
      gather_context: 0,
      truncated: 1,
    });
  });

  it('forms are screens: a proposal arrives while the user is mid-form, and the form is still there after the verdict', async () => {
    const { events, results } = await run(
      soap(
        `    - say: ""
      actions: [{ tool: wait }]
    - say: ""
      actions: [${PROPOSE}]
    - say: Added.
      actions: [${LOGIN}, ${ADD}]
    - say: ""
      actions: [{ tool: wait }]`,
        {
          activity: `  - { app: todoist, action: open, args: { item: Shopping } }
  - { app: todoist, action: add_task }
  - { app: todoist, action: fill, args: { field: title, value: Milk } }`,
        },
      ),
    );
    const acts = of(events, 'user_action');
    // Tick 2: the form opens as the text about soap arrives; the agent proposes.
    expect(acts[1]!.screen![0]).toBe('[todoist · add a task]');
    expect(of(events, 'proposal')[0]!.turn).toBe(2);
    // Tick 3 is the verdict; the user's form is still open in tick 4, where they fill it.
    // Recorded for the turn the answer opens (the agent hears it then), not the proposal's.
    expect(of(events, 'proposal_verdict')[0]).toMatchObject({ verdict: 'accepted', turn: 3 });
    expect(acts[2]).toMatchObject({ text: 'filled title: “Milk”' });
    expect(acts[2]!.screen!.slice(0, 2)).toEqual(['[todoist · add a task]', 'title: “Milk”']);
    expect(results[0]!.scores.intents).toEqual({ G1: 'completed' });
  });
});
