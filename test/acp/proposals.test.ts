/**
 * A real agent plays a proposal scenario end to end: an ACP agent on the official SDKs
 * (test/fixtures/acp-model-agent.mjs) that asks a local OpenAI-compatible model what to do. It
 * observes, proposes, is accepted, logs in with the account from its first observation and
 * executes with the write tools it learned of through notifications/tools/list_changed.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLibrary } from '../helpers/library.ts';
import {
  startOpenAIServer,
  type OpenAITestServer,
  type ScriptedReply,
} from '../helpers/openai-server.ts';
import { soap } from '../helpers/soap-scenario.ts';
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
    },
    60_000,
  );
});
