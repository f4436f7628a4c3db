/** The openai judge through the real engine, SDK and local server (script agent, rules user). */
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../helpers/openai-server.ts';
import { useTestServer } from './server-hooks.ts';
import { runWith, serverConfig } from './support.ts';

const server = useTestServer();

const json = (value: unknown) => ({ content: JSON.stringify(value) });
const prompt = (r: RecordedRequest) =>
  (r.body.messages as { content: string }[]).map((m) => m.content).join('\n');
const gear = (opts: { maxTurns?: number } = {}) =>
  runWith('tester/gear.yaml', { judge: 'openai' }, serverConfig(server), opts);

describe('stages 1 and 2 in one call per agent turn', () => {
  it('marks intents completed with the evidence behind them', async () => {
    server.enqueue(
      json({
        intents: [
          { id: 'I1', status: 'completed', evidence: '"here are shoes under 600 RMB"' },
          { id: 'I2', status: 'completed', evidence: 'write_memory(key: gear)' },
        ],
      }),
    );
    const run = await gear();
    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.body.model).toBe('judge-model');
    expect(req.body.response_format).toEqual({ type: 'json_object' });
    const text = prompt(req);
    expect(text).toContain('- I1: Budget is 600 RMB.');
    expect(text).toContain('Which distance do you run?');
    expect(text).toMatch(/write_memory\(\{"key":"gear".*\) -> ok/);
    expect(run.of('intent_status').map((e) => [e.intent, e.to, e.cause, e.detail])).toEqual([
      ['I1', 'completed', 'evidence', '"here are shoes under 600 RMB"'],
      ['I2', 'completed', 'evidence', 'write_memory(key: gear)'],
    ]);
    expect(run.results[0]!.end).toBe('resolved');
    expect(run.of('usage').map((u) => u.role)).toEqual(['judge']);
  });

  it('turns a targeting question into inferred, and the user answers exactly that intent', async () => {
    server.enqueue(
      json({
        intents: [
          { id: 'I1', status: 'targeted', question: 'Which distance do you run?' },
          { id: 'I2', status: 'neither' },
        ],
      }),
      json({ intents: [{ id: 'I2', status: 'completed', evidence: 'the earlier write_memory' }] }),
    );
    const run = await gear();
    expect(run.of('intent_status').map((e) => [e.turn, e.intent, e.to, e.cause, e.detail])).toEqual(
      [
        [1, 'I1', 'inferred', 'question', 'Which distance do you run?'],
        [2, 'I2', 'completed', 'evidence', 'the earlier write_memory'],
      ],
    );
    expect(run.of('message').find((m) => m.turn === 2 && m.role === 'user')).toMatchObject({
      text: 'Keep it under 600 RMB.',
      intents: ['I1'],
    });
    // Turn 2 asks only about what is still open.
    expect(prompt(server.requests[1]!)).not.toContain('- I1:');
  });

  it('retries once with the problems quoted back, then uses the corrected answer', async () => {
    server.enqueue(
      json({
        intents: [
          { id: 'I1', status: 'completed' },
          { id: 'I2', status: 'neither' },
        ],
      }),
      json({
        intents: [
          { id: 'I1', status: 'completed', evidence: '600 RMB' },
          { id: 'I2', status: 'neither' },
        ],
      }),
    );
    const run = await gear({ maxTurns: 1 });
    const retry = server.requests[1]!.body.messages as { role: string; content: string }[];
    expect(retry.at(-2)).toMatchObject({ role: 'assistant' });
    expect(retry.at(-1)!.content).toMatch(/I1: "completed" needs the evidence/);
    expect(run.of('intent_status')[0]).toMatchObject({
      intent: 'I1',
      to: 'completed',
      detail: '600 RMB',
    });
    expect(run.of('judge_error')).toEqual([]);
  });

  it('after a second invalid answer, reports a judge_error and leaves the intents open', async () => {
    server.respond(() => ({ content: 'I think the assistant did well overall.' }));
    const run = await gear({ maxTurns: 1 });
    expect(server.requests).toHaveLength(2);
    const errors = run.of('judge_error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(
      /^intent judging failed: .*invalid even after a retry \(the answer was not a JSON object\); intents stay open$/,
    );
    expect(run.of('intent_status').filter((e) => e.cause === 'evidence')).toEqual([]);
    expect(run.results[0]!.scores.intents).toEqual({ I1: 'unresolved', I2: 'unresolved' });
  });

  it('keeps the usable part of an answer and reports the intent it left out', async () => {
    const partial = json({ intents: [{ id: 'I1', status: 'completed', evidence: '600 RMB' }] });
    server.enqueue(partial, partial);
    const run = await gear({ maxTurns: 1 });
    expect(run.of('intent_status')[0]).toMatchObject({ intent: 'I1', to: 'completed' });
    expect(run.of('judge_error').map((e) => e.message)).toEqual([
      'intent judging, after one retry: I2: no verdict given; I2 stays open',
    ]);
  });
});

describe('stage 3 and the rubric', () => {
  it('picks the open intent that fits the stage, with its reason', async () => {
    server.enqueue(
      json({
        intents: [
          { id: 'I1', status: 'neither' },
          { id: 'I2', status: 'neither' },
        ],
      }),
      json({ intent: 'I2', reason: 'the user has chosen and wants it remembered' }),
      json({ intents: [{ id: 'I1', status: 'neither' }] }),
    );
    const run = await gear({ maxTurns: 2 });
    const pick = server.requests[1]!;
    expect(prompt(pick)).toMatch(/Pick the ONE open intent/);
    // Provided in turn 2, the turn of the message that tells it.
    expect(run.of('intent_status')[0]).toMatchObject({
      turn: 2,
      intent: 'I2',
      to: 'provided',
      cause: 'picked',
      detail: 'the user has chosen and wants it remembered',
    });
    expect(run.of('message').find((m) => m.turn === 2 && m.role === 'user')).toMatchObject({
      text: 'Remember what I picked.',
      intents: ['I2'],
    });
  });

  it('grades rubric items in one call at the end with a strict YES/NO and a one-line reason', async () => {
    server.enqueue(
      json({
        intents: [
          { id: 'I1', status: 'completed', evidence: '58 kg' },
          { id: 'I2', status: 'completed', evidence: 'RMB in plan.md' },
          { id: 'I3', status: 'completed', evidence: 'batch' },
        ],
      }),
      json({
        items: [
          { id: 'C2', verdict: 'YES', reason: 'plan.md has a Sunday line' },
          { id: 'C3', verdict: 'no', reason: 'the tone is neutral\nmore detail here' },
        ],
      }),
    );
    const run = await runWith('tester/plan.yaml', { judge: 'openai' }, serverConfig(server), {
      noDeps: true,
    });
    expect(server.requests).toHaveLength(2);
    const rubric = prompt(server.requests[1]!);
    expect(rubric).toContain('- I3: Include Sunday batch cooking.');
    expect(rubric).toMatch(/- C2: The plan covers Sunday\.\n- C3: The tone is encouraging\./);
    expect(rubric).toMatch(/TOOL CALL write_file/);
    expect(rubric).toMatch(/--- plan\.md\n# Plan/);
    expect(prompt(server.requests[0]!)).toMatch(
      /Files created or changed in this turn:\n--- plan\.md/,
    );
    const results = run.of('checklist_result');
    expect(results.map((r) => [r.item, r.pass, r.reason, r.by])).toEqual([
      ['C1', true, expect.any(String), 'rule'],
      ['C2', true, 'plan.md has a Sunday line', 'rubric'],
      ['C3', false, 'the tone is neutral', 'rubric'],
    ]);
    expect(run.results[0]!.scores).toMatchObject({ graded: 3, passed: 2, ungraded: 0 });
  });

  it('leaves an item the judge skipped ungraded and says so', async () => {
    server.enqueue(
      json({
        intents: ['I1', 'I2', 'I3'].map((id) => ({ id, status: 'completed', evidence: 'x' })),
      }),
      json({ items: [{ id: 'C2', verdict: 'YES', reason: 'ok' }] }),
      json({ items: [{ id: 'C2', verdict: 'YES', reason: 'ok' }] }),
    );
    const run = await runWith('tester/plan.yaml', { judge: 'openai' }, serverConfig(server), {
      noDeps: true,
    });
    expect(run.of('judge_error').map((e) => e.message)).toEqual([
      'rubric grading, after one retry: C3: no verdict given',
    ]);
    expect(run.of('checklist_result').find((r) => r.item === 'C3')).toMatchObject({
      pass: null,
      by: 'rubric',
    });
    expect(run.results[0]!.scores.ungraded).toBe(1);
  });
});
