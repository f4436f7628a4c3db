/**
 * A real agent's task status on a time scenario, scored by ChronosBench's rule: an ACP agent on
 * the official SDKs (test/fixtures/acp-model-agent.mjs) asks the fake model server
 * (test/helpers/fake-models.ts, the script the compatibility matrix's real agents run on) what to
 * do. The script watches with a reminder before it marks the task in progress, so every response
 * carries the status rule 6 expects: `in_progress` only once a reminder is set.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeModels, type FakeModels } from '../helpers/fake-models.ts';
import { ACP_LIB, runAcp } from './helpers.ts';

const MODEL_AGENT = path.resolve('test/fixtures/acp-model-agent.mjs');
const WATCH = path.join(ACP_LIB, 'scenarios/tester/watch.yaml');

let models: FakeModels;
beforeAll(async () => {
  models = await startFakeModels();
});
afterAll(() => models.close());

it('the matrix script on tester/watch sets a reminder first, so its in_progress status is right', async () => {
  const agent = `node ${MODEL_AGENT} --model ${models.url}/v1`;
  const run = await runAcp({ kind: 'acp', name: agent, timeoutMs: 30_000 }, {}, WATCH);
  const time = run.results[0]!.scores.time!;
  expect(time.status_errors).toEqual([]);
  expect(time.status_accuracy).toBe(1);
  expect(time.action_accuracy).toBe(1);
  expect(time).toMatchObject({ completed: true, ending: 'finished_properly', responses: 2 });
  const calls = run.of('tool_result').map((e) => `${e.name}${e.ok ? '' : ' (failed)'}`);
  expect(calls).toEqual(['set_reminder', 'set_task_status', 'query_listings', 'keep_silent']);
});
