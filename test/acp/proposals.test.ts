/**
 * A real agent plays a proposal scenario end to end: an ACP agent on the official SDKs
 * (test/fixtures/acp-model-agent.mjs) that asks a local OpenAI-compatible model what to do. It
 * observes, proposes, is accepted, logs in with the account from its first observation and
 * executes with the write tools it learned of through notifications/tools/list_changed.
 */
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLibrary } from '../helpers/library.ts';
import {
  startOpenAIServer,
  type OpenAITestServer,
  type ScriptedReply,
} from '../helpers/openai-server.ts';
import { soap } from '../helpers/soap-scenario.ts';
import { createPlainFormatter } from '../../src/tui/plain.ts';
import { runAcp } from './helpers.ts';

const MODEL_AGENT = path.resolve('test/fixtures/acp-model-agent.mjs');

interface Body {
  messages: { role: string; content: string | null }[];
  tools: { function: { name: string } }[];
}

/**
 * The model: it reads what it is given. Offered todoist's write tools (an accepted proposal), it
 * logs in with the account its observations named, finds the Shopping project and adds the
 * soap; otherwise it proposes once an observation mentions soap, and waits.
 */
function model(body: Body): ScriptedReply {
  const names = body.tools.map((t) => t.function.name);
  const all = body.messages.map((m) => m.content ?? '').join('\n');
  const lastUser = body.messages.findLastIndex((m) => m.role === 'user');
  const results = body.messages
    .slice(lastUser + 1)
    .flatMap((m) => (m.role === 'tool' ? [m.content ?? ''] : []));
  if (names.includes('todoist__create_task')) {
    const account = /todoist: username (\S+), password (\S+)/.exec(all);
    if (!account) return { content: 'I do not know the todoist account.' };
    const token = /todoist-access-token-\d+/.exec(results.join('\n'))?.[0];
    if (!token)
      return {
        toolCalls: [
          { name: 'todoist__login', arguments: { username: account[1]!, password: account[2]! } },
        ],
      };
    const projects = results.find((r) => r.includes('num_tasks'));
    if (!projects)
      return {
        toolCalls: [{ name: 'todoist__show_projects', arguments: { access_token: token } }],
      };
    if (!results.some((r) => r.includes('task_id'))) {
      const list = (JSON.parse(projects) as { response: { name: string; project_id: number }[] })
        .response;
      const shopping = list.find((p) => p.name === 'Shopping')!.project_id;
      return {
        toolCalls: [
          {
            name: 'todoist__create_task',
            arguments: { access_token: token, title: 'Hand soap', project_id: shopping },
          },
        ],
      };
    }
    return { content: 'Added hand soap to your Shopping list.' };
  }
  if (/soap/i.test(body.messages[lastUser]!.content ?? '') && !all.includes('"proposal"'))
    return {
      toolCalls: [
        { name: 'propose', arguments: { summary: 'Add hand soap to your Shopping list?' } },
      ],
    };
  return { toolCalls: [{ name: 'wait', arguments: {} }] };
}

/**
 * A model that does not wait to be asked: offered the write tools while it observes (one tool list
 * for the session), it tries them at once; refused, it proposes (once), and waits once it is done.
 */
function eager(body: Body): ScriptedReply {
  const all = body.messages.map((m) => m.content ?? '').join('\n');
  const last = body.messages.at(-1)!;
  if (last.role === 'tool' && last.content?.includes('not available in this turn'))
    return all.includes('"proposal"')
      ? { toolCalls: [{ name: 'wait', arguments: {} }] }
      : {
          toolCalls: [
            { name: 'propose', arguments: { summary: 'Add hand soap to your Shopping list?' } },
          ],
        };
  if (all.includes('Added hand soap')) return { toolCalls: [{ name: 'wait', arguments: {} }] };
  return model(body);
}

let server: OpenAITestServer;
beforeAll(async () => {
  server = await startOpenAIServer({
    latencyMs: 0,
    responder: (req) => model(req.body as unknown as Body),
  });
});
afterAll(() => server.close());

describe('an ACP agent driven by a model in a proposal scenario', () => {
  it.each([
    ['that lists them before its prompt', ''],
    ['that lists them in the background, as opencode does', ' --lazy-list'],
  ])(
    'observes, proposes, is accepted, logs in and executes with the write tools announced by list_changed (an agent %s)',
    async (_, flags) => {
      server.reset();
      server.respond((req) => model(req.body as unknown as Body));
      const root = makeLibrary({ 'scenarios/p/soap.yaml': soap('    - say: ""') });
      const run = await runAcp(
        {
          kind: 'acp',
          name: `node ${MODEL_AGENT} --model ${server.url}${flags}`,
          timeoutMs: 30_000,
        },
        {},
        path.join(root, 'scenarios/p/soap.yaml'),
      );
      const r = run.results[0]!;
      expect(r.end).toBe('resolved');
      expect(run.of('proposal_verdict')).toEqual([
        expect.objectContaining({ proposal: 'P1', verdict: 'accepted', goal: 'G1' }),
      ]);
      // The agent lists its tools only at the start and when told they changed: the model saw the write tools
      // only in the execute turn, and read-only ones again afterwards.
      const offered = server
        .completions()
        .map((q) => (q.body as unknown as Body).tools.map((t) => t.function.name));
      const writes = offered.map((names) => names.includes('todoist__create_task'));
      expect(writes[0]).toBe(false);
      expect(writes).toContain(true);
      expect(writes.at(-1)).toBe(false);
      // The execute turn's first request already had them: the prompt waited for the agent to list them again.
      const bodies = server.completions().map((q) => q.body as unknown as Body);
      const execute = bodies.findIndex((b) =>
        b.messages.some((m) => m.role === 'user' && m.content?.includes('[execute]')),
      );
      expect(writes[execute]).toBe(true);
      const calls = run.of('tool_result').map((e) => `${e.name}:${e.ok}`);
      expect(calls).toEqual(
        expect.arrayContaining([
          'propose:true',
          'todoist__login:true',
          'todoist__create_task:true',
        ]),
      );
      expect(run.of('tool_call').find((e) => e.name === 'todoist__login')!.args).toEqual({
        username: 'pat@example.com',
        password: 'pw',
      });
      expect(r.scores.intents).toEqual({ G1: 'completed' });
      expect(r.scores.proposals).toMatchObject({ proposals: 1, accepted: 1, succeeded: true });
      // It wrote only once accepted: no early write to count.
      expect(r.scores.proposals!.writes_before_acceptance).toBeUndefined();
    },
    60_000,
  );

  const offeredByRequest = () =>
    server.completions().map((q) => (q.body as unknown as Body).tools.map((t) => t.function.name));
  /** The model agent keeping its first tool list, answered by `respond`, on the soap scenario. */
  const firstListRun = (respond: (body: Body) => ScriptedReply, oneToolList?: true) => {
    server.reset();
    server.respond((req) => respond(req.body as unknown as Body));
    const root = makeLibrary({ 'scenarios/p/soap.yaml': soap('    - say: ""') });
    const name = `node ${MODEL_AGENT} --model ${server.url} --first-list`;
    return runAcp(
      { kind: 'acp', name, timeoutMs: 30_000, ...(oneToolList ? { oneToolList } : {}) },
      {},
      path.join(root, 'scenarios/p/soap.yaml'),
    );
  };

  it('an agent that keeps its first tool list (as Codex does) is told it missed the change', async () => {
    const run = await firstListRun(model);
    expect(run.of('proposal_verdict')).toEqual([
      expect.objectContaining({ proposal: 'P1', verdict: 'accepted' }),
    ]);
    expect(offeredByRequest().some((names) => names.includes('todoist__create_task'))).toBe(false);
    expect(run.results[0]!.scores.intents).toEqual({ G1: 'unresolved' });
    const warnings = run.of('notice').map((n) => n.text);
    expect(warnings).toContainEqual(
      expect.stringMatching(/did not list intentplay's tools again .*--one-tool-list/),
    );
  }, 60_000);

  it('with --one-tool-list such an agent has every tool from the start, is refused a write while observing, and carries out the accepted proposal', async () => {
    const run = await firstListRun(eager, true);
    const r = run.results[0]!;
    expect(r.end).toBe('resolved');
    // One list, the same in every request: the write tools in it say when they work.
    const offered = offeredByRequest();
    expect(new Set(offered.map((names) => names.join()))).toHaveLength(1);
    expect(offered[0]).toContain('todoist__create_task');
    const create = server.completions()[0]!.body as unknown as {
      tools: { function: { name: string; description: string } }[];
    };
    expect(
      create.tools.find((t) => t.function.name === 'todoist__create_task')!.function.description,
    ).toMatch(/Only once the user accepts a proposal/);
    // Tried before any proposal: refused with the phase's reason, recorded as a failed call.
    const creates = run.of('tool_result').filter((e) => e.name === 'todoist__create_task');
    expect(creates[0]).toMatchObject({ ok: false, turn: 1 });
    expect(creates[0]!.error).toMatch(/not available in this turn: observe and propose first/);
    expect(creates.filter((e) => e.ok)).toHaveLength(1);
    expect(run.of('proposal_verdict')).toEqual([
      expect.objectContaining({ proposal: 'P1', verdict: 'accepted', goal: 'G1' }),
    ]);
    expect(r.scores.intents).toEqual({ G1: 'completed' });
    // A refused write is no read action: only the successful read-only calls count.
    const reads = run
      .of('tool_result')
      .filter((e) => e.ok && ['todoist__login', 'todoist__show_projects'].includes(e.name));
    expect(r.scores.proposals).toMatchObject({
      proposals: 1,
      accepted: 1,
      succeeded: true,
      read_actions: reads.length,
    });
    // …it is counted apart, as intentplay's own measure: one app write tried before acceptance
    expect(r.scores.proposals!.writes_before_acceptance).toBe(1);
    const score = run.of('score').at(-1)!;
    expect(createPlainFormatter()(score).join('\n')).toContain(
      "· 1 app write tried before acceptance (intentplay's count)",
    );
    expect(run.of('notice').map((n) => n.text)).not.toContainEqual(
      expect.stringMatching(/did not list/),
    );
  }, 60_000);
});

describe('a call that ends the turn (propose, wait)', () => {
  it('cancels the prompt once, before the call is answered', async () => {
    server.reset();
    // A model that asks for two calls at once: the second comes after the turn ended.
    server.respond((req) => {
      const reply = model(req.body as unknown as Body);
      const wait = reply.toolCalls?.[0]?.name === 'wait';
      return wait ? { toolCalls: [reply.toolCalls![0]!, reply.toolCalls![0]!] } : reply;
    });
    const root = makeLibrary({ 'scenarios/p/soap.yaml': soap('    - say: ""') });
    // What goes out of our process, in order: tool answers (MCP over HTTP) and prompt cancels (ACP).
    const out: string[] = [];
    const write = net.Socket.prototype.write;
    net.Socket.prototype.write = function (this: net.Socket, chunk: unknown, ...rest: unknown[]) {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString();
      const answer = /^\{"result":\{"content":\[\{"type":"text","text":"(.{0,40})/.exec(text);
      if (answer) out.push(`answer ${answer[1]}`);
      if (text.includes('"session/cancel"')) out.push('cancel');
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof write;
    try {
      const run = await runAcp(
        { kind: 'acp', name: `node ${MODEL_AGENT} --model ${server.url}`, timeoutMs: 30_000 },
        {},
        path.join(root, 'scenarios/p/soap.yaml'),
      );
      const ending = run
        .of('tool_result')
        .filter((e) => e.ok && ['propose', 'wait'].includes(e.name));
      expect(ending.length).toBeGreaterThan(1);
      expect(run.of('tool_result').map((e) => e.error)).toContainEqual(
        expect.stringMatching(/^your turn ended with wait/),
      );
      // The agent learns its turn is over no later than the answer: each cancel is followed by the
      // answer of the call that ended the turn (a proposal sent, or waiting), and sent only once.
      expect(out.filter((o) => o === 'cancel')).toHaveLength(ending.length);
      out.forEach((o, i) => {
        if (o === 'cancel') expect(out[i + 1]).toMatch(/^answer \{\\n {2}\\"(proposal|waiting)\\"/);
      });
    } finally {
      net.Socket.prototype.write = write;
    }
  }, 60_000);
});
