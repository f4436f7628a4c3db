/**
 * A proposal scenario with the openai agent, through the real engine, SDK and local server:
 * observe turns offer read-only tools with propose and wait, and an accepted proposal gets an
 * execute turn with every tool (PARE's observe / execute split).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeLibrary } from '../helpers/library.ts';
import { useTestServer } from './server-hooks.ts';
import { runWith, serverConfig } from './support.ts';

const server = useTestServer();

const SOAP = `id: p/soap
persona: p
title: Soap
proposals: required
trigger: { kind: event, text: Pat is on the bus. }
tools: [todoist]
apps:
  todoist:
    account: { email: pat@example.com, password: pw }
    projects: [{ name: Shopping }]
environment:
  name: feed
  updates:
    - { id: U1, at: +1m, text: "Text from Kim: we are out of hand soap." }
activity:
  - { app: todoist, action: open, args: { item: Shopping } }
  - { wait: true }
  - { wait: true }
intents:
  - { id: G1, text: Soap on the list., accept: "(?i)soap", done: { app_state: { app: todoist, path: tasks.*.title, pattern: "(?i)soap" } } }
`;

type Req = {
  body: {
    messages: { role: string; content?: string | null }[];
    tools: { function: { name: string } }[];
  };
};
const toolNames = (r: Req) => r.body.tools.map((t) => t.function.name);
const system = (r: Req) => r.body.messages[0]!.content!;

describe('proposals with a model agent', () => {
  it('observes with read-only tools, proposes, and executes with every tool once accepted', async () => {
    // wait and propose end their turn: the model is not asked again until the next observation.
    server.enqueue(
      { toolCalls: [{ name: 'wait', arguments: {} }] },
      {
        toolCalls: [
          { name: 'propose', arguments: { summary: 'Add hand soap to your Shopping list?' } },
        ],
      },
      {
        toolCalls: [
          { name: 'todoist__login', arguments: { username: 'pat@example.com', password: 'pw' } },
        ],
      },
      {
        toolCalls: [
          {
            name: 'todoist__create_task',
            arguments: {
              access_token: 'todoist-access-token-1',
              title: 'Hand soap',
              project_id: 2,
            },
          },
        ],
      },
      { content: 'Added hand soap to Shopping.' },
      { toolCalls: [{ name: 'wait', arguments: {} }] },
    );
    const root = makeLibrary({ 'scenarios/p/soap.yaml': SOAP });
    const run = await runWith(
      path.join(root, 'scenarios/p/soap.yaml'),
      { agent: 'openai' },
      serverConfig(server),
    );
    const reqs = server.requests as unknown as Req[];
    const observe = reqs[0]!;
    expect(toolNames(observe)).toEqual(
      expect.arrayContaining(['propose', 'wait', 'todoist__show_projects', 'todoist__login']),
    );
    expect(toolNames(observe)).not.toContain('todoist__create_task');
    expect(system(observe)).toContain('While you observe, you may read');
    expect(system(observe)).toContain('call propose with a one-sentence summary');
    expect(observe.body.messages.at(-1)!.content).toContain(
      'The user, in todoist: opened “Shopping (0 tasks)”\nTheir screen:\n[todoist · Shopping]',
    );
    // The first observation gives the user's accounts, as PARE's agent acts logged in as its user.
    expect(observe.body.messages.at(-1)!.content).toContain(
      'todoist: username pat@example.com, password pw',
    );
    expect(reqs).toHaveLength(6);
    const execute = reqs[2]!;
    expect(toolNames(execute)).toContain('todoist__create_task');
    expect(execute.body.messages.at(-1)).toMatchObject({
      role: 'user',
      content: expect.stringContaining('Yes, please go ahead with P1'),
    });
    const r = run.results[0]!;
    expect(r.end).toBe('resolved');
    expect(r.scores.intents).toEqual({ G1: 'completed' });
    expect(r.scores.proposals).toMatchObject({ proposals: 1, accepted: 1, succeeded: true });
  });

  it("a model user moves on the phone by the screen's own actions, and answers the proposal with a reason", async () => {
    server.enqueue(
      { toolCalls: [{ name: 'open_app', arguments: { app: 'todoist' } }] },
      { toolCalls: [{ name: 'open', arguments: { item: '1' } }] },
      { toolCalls: [{ name: 'accept', arguments: { reason: 'I do need soap on that list.' } }] },
    );
    const root = makeLibrary({
      'scenarios/p/soap.yaml': `${SOAP}references:
  main:
    - say: ""
      actions: [{ tool: wait }]
    - say: ""
      actions: [{ tool: propose, args: { summary: Add hand soap to your Shopping list? } }]
    - say: Added.
      actions:
        - { tool: todoist__login, args: { username: pat@example.com, password: pw } }
        - { tool: todoist__create_task, args: { access_token: todoist-access-token-1, title: Hand soap, project_id: 2 } }
`,
    });
    const run = await runWith(
      path.join(root, 'scenarios/p/soap.yaml'),
      { agent: 'script:main', user: 'openai' },
      serverConfig(server),
    );
    const reqs = server.requests as unknown as Req[];
    expect(reqs).toHaveLength(3);
    // On the phone's home screen the model is offered what that screen offers, and knows what it wants.
    expect(toolNames(reqs[0]!)).toEqual(['open_app', 'wait', 'say_to_assistant']);
    expect(system(reqs[0]!)).toContain('- Soap on the list.');
    expect(reqs[0]!.body.messages.at(-1)!.content).toContain('[Home]\n1. Todoist (todoist)');
    expect(toolNames(reqs[1]!)).toEqual([
      'open',
      'new_project',
      'back',
      'home',
      'wait',
      'say_to_assistant',
    ]);
    // While it may look into the proposal first, the screen's actions are offered beside accept and reject.
    expect(toolNames(reqs[2]!)).toEqual(['accept', 'reject', 'add_task', 'back', 'home', 'wait']);
    expect(reqs[2]!.body.messages.at(-1)!.content).toContain(
      'Your assistant proposes: "Add hand soap to your Shopping list?"',
    );
    const moves = run.events.filter((e) => e.type === 'user_action');
    expect(moves.map((e) => e.type === 'user_action' && `${e.ok}:${e.text}`)).toEqual([
      'true:opened Todoist',
      'true:opened “Shopping (0 tasks)”',
    ]);
    expect(run.events.find((e) => e.type === 'proposal_verdict')).toMatchObject({
      verdict: 'accepted',
      reason: 'I do need soap on that list.',
      goal: 'G1',
    });
    const r = run.results[0]!;
    expect(r.end).toBe('resolved');
    expect(r.scores.intents).toEqual({ G1: 'completed' });
  });

  it('a model user that neither accepts nor rejects fails the session with a clear error', async () => {
    server.enqueue(
      { toolCalls: [{ name: 'wait', arguments: {} }] },
      { toolCalls: [{ name: 'wait', arguments: {} }] },
      { content: 'hmm, maybe' },
    );
    const root = makeLibrary({
      'scenarios/p/soap.yaml': `${SOAP}references:
  main:
    - say: ""
      actions: [{ tool: wait }]
    - say: ""
      actions: [{ tool: propose, args: { summary: Add soap? } }]
`,
    });
    const run = await runWith(
      path.join(root, 'scenarios/p/soap.yaml'),
      { agent: 'script:main', user: 'openai' },
      serverConfig(server),
    );
    expect(run.results[0]!.end).toBe('error');
    expect(
      JSON.stringify(run.events.filter((e) => e.type === 'session_end' || e.type === 'notice')),
    ).toContain('neither accepted nor rejected proposal P1');
  });
});

describe('gather context (PARE Table 2)', () => {
  const SCRIPT = `references:
  main:
    - say: ""
      actions: [{ tool: propose, args: { summary: Add hand soap to your Shopping list? } }]
    - say: ""
      actions: [{ tool: wait }]
    - say: ""
      actions: [{ tool: wait }]
    - say: Added.
      actions:
        - { tool: todoist__login, args: { username: pat@example.com, password: pw } }
        - { tool: todoist__create_task, args: { access_token: todoist-access-token-1, title: Hand soap, project_id: 2 } }
`;

  it('a model user looks into a proposal with screen moves before accepting; after gather_ticks it must decide', async () => {
    server.enqueue(
      { toolCalls: [{ name: 'open_app', arguments: { app: 'todoist' } }] },
      // The verdict's tick: instead of deciding, it opens the Shopping list (gather context).
      { toolCalls: [{ name: 'open', arguments: { item: '1' } }] },
      { toolCalls: [{ name: 'back', arguments: {} }] },
      { toolCalls: [{ name: 'accept', arguments: { reason: 'Yes, soap is missing.' } }] },
      { toolCalls: [{ name: 'wait', arguments: {} }] },
    );
    const root = makeLibrary({
      'scenarios/p/soap.yaml': `${SOAP.replace('proposals: required', 'proposals: required\ngather_ticks: 2')}${SCRIPT}`,
    });
    const run = await runWith(
      path.join(root, 'scenarios/p/soap.yaml'),
      { agent: 'script:main', user: 'openai' },
      serverConfig(server),
    );
    const reqs = server.requests as unknown as Req[];
    // Two looks were allowed (gather_ticks: 2); the third answer is offered accept and reject only.
    expect(toolNames(reqs[1]!)).toContain('open');
    expect(toolNames(reqs[2]!)).toContain('back');
    expect(toolNames(reqs[3]!)).toEqual(['accept', 'reject']);
    const looks = run.events.filter((e) => e.type === 'user_action' && e.gathering === 'P1');
    expect(looks).toHaveLength(2);
    const observations = run.events.filter((e) => e.type === 'message' && e.role === 'monitor');
    expect(observations[1]).toMatchObject({
      text: expect.stringContaining('P1 still waits for the user, who looks into it first.'),
    });
    const r = run.results[0]!;
    expect(r.scores.intents).toEqual({ G1: 'completed' });
    expect(r.scores.proposals).toMatchObject({
      accepted: 1,
      decisions: { accept: 0, reject: 0, gather_context: 1, truncated: 0 },
    });
  });
});
