/** A whole episode with all three roles on models (the local server), recorded, through runGroup. */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readRecording } from '../../src/session/recording.ts';
import { readRecordingsFolder } from '../../src/batch/recordings-folder.ts';
import { buildReport } from '../../src/report/build.ts';
import { useTestServer } from './server-hooks.ts';
import { fixtureModels } from './fixture-models.ts';
import { MODELS, runWith, serverConfig, TEST_KEY } from './support.ts';

const server = useTestServer(fixtureModels);

it('runs an episode with agent, user and judge on models, and the recording holds no key', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-session-'));
  const config = serverConfig(server, { prices: { [MODELS.agent]: { input: 3, output: 15 } } });
  const run = await runWith(
    'tester/episode.yaml',
    { agent: 'openai', user: 'openai', judge: 'openai' },
    config,
    { recordingsDir: dir },
  );

  expect(run.results.map((r) => [r.scenario, r.end, r.scores.intents])).toEqual([
    ['tester/gear', 'resolved', { I1: 'provided', I2: 'completed' }],
    ['tester/plan', 'resolved', { I1: 'completed', I2: 'completed', I3: 'completed' }],
  ]);
  expect(run.results[1]!.scores).toMatchObject({ comp: 1, graded: 3, passed: 3 });
  expect(run.of('message').filter((m) => m.role === 'user' && m.turn === 2)[0]).toMatchObject({
    text: 'Keep it under 600 RMB.',
    intents: ['I1'],
  });
  expect(run.of('judge_error')).toEqual([]);

  // Every request carried the key in its header; the later session's agent saw its memory.
  expect(new Set(server.requests.map((r) => r.headers.authorization))).toEqual(
    new Set([`Bearer ${TEST_KEY}`]),
  );
  const planAgent = server.requests.find(
    (r) => r.body.model === MODELS.agent && JSON.stringify(r.body).includes('meal plan'),
  )!;
  expect(planAgent.body.messages[0].content).toContain('## gear\nshoes under 600 RMB');

  // Usage per role, priced where the table knows the model.
  const usage = run.of('usage');
  expect(new Set(usage.map((u) => u.role))).toEqual(new Set(['agent', 'user', 'judge']));
  expect(
    usage
      .filter((u) => u.role === 'agent')
      .every((u) => u.usage.costUsd! > 0 && !u.usage.estimated),
  ).toBe(true);
  expect(usage.filter((u) => u.role === 'judge').every((u) => u.usage.costUsd === undefined)).toBe(
    true,
  );

  const files = readdirSync(dir).map((f) => path.join(dir, f));
  expect(files).toHaveLength(2);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(TEST_KEY);
    expect(text).not.toContain('SECRET');
    const rec = readRecording(file);
    expect(rec.complete).toBe(true);
    expect(rec.header.backends).toEqual({
      agent: { kind: 'openai', model: MODELS.agent, baseUrl: server.url },
      user: { kind: 'openai', model: MODELS.user, baseUrl: server.url },
      judge: { kind: 'openai', model: MODELS.judge, baseUrl: server.url },
    });
    expect(rec.events.some((e) => e.type === 'usage')).toBe(true);
    expect(rec.events.some((e) => e.type === 'agent_delta')).toBe(false);
  }

  // report on the recordings folder (a user study's sessions) counts the same calls per role as the run did.
  const { records } = readRecordingsFolder(dir);
  const calls = (role: string) =>
    records
      .flatMap((r) => r.usage ?? [])
      .filter((u) => u.role === role)
      .reduce((a, u) => a + u.calls, 0);
  for (const role of ['agent', 'user', 'judge'])
    expect(calls(role), role).toBe(usage.filter((u) => u.role === role).length);
  const doc = buildReport({ folders: [dir], runs: records });
  expect(doc.sections.find((s) => s.id === 'cost')!.text ?? '').not.toContain(
    'No model was called',
  );
});
