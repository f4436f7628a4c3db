/**
 * A recording made by a model agent forks exactly: the model named its own tool calls, and the
 * fork replays them under those names (before, the engine renamed them `call_1`… and the fork was
 * refused as "a different tool_call"). Real engine, SDK and local server.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TimedEvent } from '../../src/contracts/events.ts';
import { loadForkSource } from '../../src/fork/source.ts';
import { runFork } from '../../src/fork/run.ts';
import { parseBackendSpec } from '../../src/session/backend-spec.ts';
import { fixtureModels } from '../llm/fixture-models.ts';
import { useTestServer } from '../llm/server-hooks.ts';
import { FIXTURES, runWith, serverConfig } from '../llm/support.ts';

const server = useTestServer();
const dir = mkdtempSync(path.join(os.tmpdir(), 'fork-model-agent-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const events = (file: string): TimedEvent[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as TimedEvent);

const toolCalls = (list: TimedEvent[], upTo: number) =>
  list.filter((e) => e.type === 'tool_call' && e.turn <= upTo).map(({ t: _t, ...e }) => e);

describe('forking a model agent’s recording', () => {
  it('replays its tool calls under the ids the model gave them, and forks', async () => {
    server.respond(fixtureModels);
    const recordings = path.join(dir, 'rec');
    await runWith('tester/gear.yaml', { agent: 'openai' }, serverConfig(server), {
      recordingsDir: recordings,
      maxTurns: 3,
      noDeps: true,
    });
    const parent = readdirSync(recordings, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => path.join(recordings, f))[0]!;
    const recorded = toolCalls(events(parent), 2);
    // The model's own ids (the local server names them call_<request>_<index>).
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.every((e) => e.type === 'tool_call' && /^call_\d+_\d+$/.test(e.callId))).toBe(
      true,
    );
    const file = path.join(dir, 'fork.jsonl');
    await runFork(loadForkSource(parent, 2, path.dirname(FIXTURES)), {
      specs: {
        agent: parseBackendSpec('agent', 'script:reactive'),
        user: parseBackendSpec('user', 'rules'),
        judge: parseBackendSpec('judge', 'rules'),
      },
      config: serverConfig(server),
      out: file,
    });
    expect(toolCalls(events(file), 2)).toEqual(recorded);
  });
});
