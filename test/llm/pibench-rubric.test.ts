/**
 * The openai judge grades a π-Bench scenario's criteria the way π-Bench's grader does: one
 * call per agent turn over that turn's trace, OR-ed over turns (real SDK, local server).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RoleClient } from '../../src/llm/client.ts';
import { OpenAIJudge } from '../../src/judge/openai.ts';
import { loadLibrary, type LoadedScenario } from '../../src/scenario/library.ts';
import type { RubricInput, ToolCallRecord, TranscriptEntry } from '../../src/contracts/backends.ts';
import type { RecordedRequest } from '../helpers/openai-server.ts';
import { useTestServer } from './server-hooks.ts';
import { collector, serverConfig } from './support.ts';

const server = useTestServer();

const here = path.dirname(fileURLToPath(import.meta.url));
const scenario = (root: string, id: string): LoadedScenario => {
  const s = loadLibrary(path.join(here, root)).library.scenarios.get(id);
  if (!s) throw new Error(`fixture scenario ${id} is missing`);
  return s;
};
// Criteria C1 "plan.md assigns Ada to the river loop." and C2 "The reply states the 40-minute limit.";
// objectives.tools: read_file(call.path), write_file(call.path, call.content, result.written), simple_note login.
const dispatch = () =>
  scenario('../fixtures/pibench/repo/data/courier', 'courier/courier_task_002');

const calls: ToolCallRecord[] = [
  {
    turn: 1,
    callId: 'a',
    name: 'read_file',
    args: { path: 'brief.md' },
    ok: true,
    result: { content: 'Routes: river loop, hill run.' },
  },
  {
    turn: 2,
    callId: 'b',
    name: 'read_file',
    args: { path: 'route_notes.md' },
    ok: true,
    result: { content: 'Ada knows the river.' },
  },
  {
    turn: 2,
    callId: 'c',
    name: 'write_file',
    args: { path: 'plan.md', content: 'Ada: river loop' },
    ok: true,
    result: { written: 15 },
  },
];
const toolEntry = (c: ToolCallRecord): TranscriptEntry => ({
  kind: 'tool',
  turn: c.turn,
  callId: c.callId,
  name: c.name,
  args: c.args,
  outcome: { ok: true, result: c.result },
});
const transcript: TranscriptEntry[] = [
  { kind: 'user', turn: 1, text: 'Read brief.md and write the dispatch plan to plan.md.' },
  toolEntry(calls[0]!),
  { kind: 'agent', turn: 1, text: 'Who should take the river loop?' },
  { kind: 'user', turn: 2, text: 'Ada.' },
  toolEntry(calls[1]!),
  toolEntry(calls[2]!),
  { kind: 'agent', turn: 2, text: 'Plan written.' },
  { kind: 'user', turn: 3, text: 'Thanks.' },
  { kind: 'agent', turn: 3, text: 'You are welcome.' },
];

function grade(s: LoadedScenario, events = collector()) {
  const judge = new OpenAIJudge(new RoleClient('judge', serverConfig(server)));
  const input: RubricInput = {
    scenario: s,
    items: s.checklist ?? [],
    evidence: {
      replies: [],
      toolCalls: calls,
      files: new Map([['plan.md', 'Ada: river loop']]),
      apps: {},
    },
    transcript,
    emit: events.ctx.emit,
    signal: events.ctx.signal,
  };
  return { events, grades: judge.gradeRubric(input) };
}

const prompt = (r: RecordedRequest) =>
  (r.body.messages as { content: string }[]).map((m) => m.content).join('\n');
const turnOf = (r: RecordedRequest) => Number(/<turn index="(\d+)">/.exec(prompt(r))?.[1]);
const items = (c1: 'YES' | 'NO', c2: 'YES' | 'NO', turn: number) => ({
  content: JSON.stringify({
    items: [
      { id: 'C1', verdict: c1, reason: `c1 in ${turn}` },
      { id: 'C2', verdict: c2, reason: `c2 in ${turn}\nsecond line` },
    ],
  }),
});

describe('π-Bench rubric grading, per turn', () => {
  it('asks once per agent turn with only that turn’s trace, and ORs each criterion over turns', async () => {
    server.respond((r) => {
      const t = turnOf(r);
      return items(t === 2 ? 'YES' : 'NO', 'NO', t);
    });
    const { events, grades } = grade(dispatch());
    expect(await grades).toEqual([
      { item: 'C1', pass: true, reason: 'turn 2: c1 in 2' },
      { item: 'C2', pass: false, reason: 'NO in every turn; turn 3: c2 in 3' },
    ]);
    const reqs = server.completions();
    expect(reqs.map(turnOf)).toEqual([1, 2, 3]);
    const [t1, t2, t3] = reqs.map(prompt) as [string, string, string];
    for (const text of [t1, t2, t3]) {
      // All hidden intents and the numbered criteria, every time.
      expect(text).toContain(
        '- I1: Assign Ada to the river loop.\n- I2: Mention the 40-minute limit per route.\n- I3: End with a one-line summary',
      );
      expect(text).toContain(
        '- C1: plan.md assigns Ada to the river loop.\n- C2: The reply states the 40-minute limit.',
      );
      expect(text.match(/^<tool_trace_extracts>$/gm)).toHaveLength(1);
    }
    // The last read_file of each turn, and nothing of another turn.
    expect(t1).toContain('<tool name="read_file" status="called">\ncall.path (ok): brief.md');
    expect(t1).toContain('<tool name="write_file" status="not_called"/>');
    expect(t1).not.toMatch(/route_notes\.md|plan\.md \(|Plan written/);
    expect(t2).toContain('<tool name="read_file" status="called">\ncall.path (ok): route_notes.md');
    expect(t2).toContain(
      'call.path (ok): plan.md\ncall.content (ok): Ada: river loop\nresult.written (ok): 15',
    );
    expect(t2).not.toMatch(/brief\.md \(|Who should take/);
    expect(t3).toContain(
      '<tool name="read_file" status="not_called"/>\n<tool name="write_file" status="not_called"/>',
    );
    expect(t3).toContain('[assistant]\nYou are welcome.');
    expect(events.of('judge_error')).toEqual([]);
    expect(events.of('usage')).toHaveLength(3);
  });

  it('inlines the files_read files (final workspace) in every turn', async () => {
    const s = dispatch();
    server.respond((r) => items('NO', 'NO', turnOf(r)));
    await grade({ ...s, pibench: { ...s.pibench, files_read: ['plan.md', 'missing.md'] } }).grades;
    for (const r of server.completions())
      expect(prompt(r)).toContain(
        '<files_read>\n<file path="plan.md" status="ok">\nAda: river loop\n</file>\n<file path="missing.md" status="missing"/>\n</files_read>',
      );
  });

  it('retries a turn once with the validation error quoted back', async () => {
    server.enqueue({
      content: JSON.stringify({
        items: [
          { id: 'C1', verdict: 'maybe', reason: '' },
          { id: 'C2', verdict: 'NO' },
        ],
      }),
    });
    server.respond((r) => items('NO', turnOf(r) === 1 ? 'YES' : 'NO', turnOf(r)));
    const { events, grades } = grade(dispatch());
    expect(await grades).toEqual([
      { item: 'C1', pass: false, reason: 'NO in every turn; turn 3: c1 in 3' },
      { item: 'C2', pass: true, reason: 'turn 1: c2 in 1' },
    ]);
    const retry = server.completions()[1]!.body.messages as { role: string; content: string }[];
    expect(retry.at(-1)!.content).toMatch(/Your answer was not valid:\n- items\.0\.verdict: /);
    expect(server.completions().map(turnOf)).toEqual([1, 1, 2, 3]);
    expect(events.of('judge_error')).toEqual([]);
  });

  it('leaves every criterion ungraded when one turn never parses, as π-Bench drops the task, and reports it', async () => {
    server.respond((r) =>
      turnOf(r) === 2
        ? { content: 'Ada got the river loop, so yes.' }
        : items(turnOf(r) === 3 ? 'YES' : 'NO', 'NO', turnOf(r)),
    );
    const { events, grades } = grade(dispatch());
    const reason =
      "the judge's answer never parsed for 1 of 3 turns: dropped, as π-Bench drops a task when any turn's grading fails";
    expect(await grades).toEqual([
      { item: 'C1', pass: null, reason },
      { item: 'C2', pass: null, reason },
    ]);
    expect(server.completions().map(turnOf)).toEqual([1, 2, 2, 3]);
    expect(events.of('judge_error').map((e) => e.message)).toEqual([
      "rubric grading of turn 2 failed: the judge's answer was invalid even after a retry (the answer was not a JSON object); every criterion stays ungraded, as π-Bench drops the task",
    ]);
  });

  it('counts a criterion a turn left out as NO for that turn, and says so', async () => {
    server.respond((r) =>
      turnOf(r) === 1
        ? { content: JSON.stringify({ items: [{ id: 'C1', verdict: 'YES', reason: 'ok' }] }) }
        : items('NO', 'NO', turnOf(r)),
    );
    const { events, grades } = grade(dispatch());
    expect((await grades).map((g) => g.pass)).toEqual([true, false]);
    expect(events.of('judge_error').map((e) => e.message)).toEqual([
      'rubric grading of turn 1, after one retry: C2: no verdict given; a criterion without a verdict counts as NO for this turn',
    ]);
  });

  it('leaves every criterion ungraded (null) when no turn ever parses, as π-Bench drops the task', async () => {
    server.respond(() => ({ content: 'Looks good to me.' }));
    const { events, grades } = grade(dispatch());
    const reason =
      "the judge's answer never parsed for any of 3 turns: dropped, as π-Bench drops a task when any turn's grading fails";
    expect(await grades).toEqual([
      { item: 'C1', pass: null, reason },
      { item: 'C2', pass: null, reason },
    ]);
    expect(server.completions()).toHaveLength(6);
    expect(events.of('judge_error').map((e) => e.message.slice(0, 31))).toEqual([
      'rubric grading of turn 1 failed',
      'rubric grading of turn 2 failed',
      'rubric grading of turn 3 failed',
    ]);
  });

  it('keeps one call over the whole session for a scenario that is not from π-Bench', async () => {
    const plan = scenario('../fixtures/lib', 'tester/plan');
    const rubric = (plan.checklist ?? []).filter((c) => !c.rule || c.grader !== 'rule');
    server.enqueue({
      content: JSON.stringify({
        items: rubric.map((c) => ({ id: c.id, verdict: 'YES', reason: 'whole session' })),
      }),
    });
    const events = collector();
    const judge = new OpenAIJudge(new RoleClient('judge', serverConfig(server)));
    const grades = await judge.gradeRubric({
      scenario: plan,
      items: rubric,
      evidence: { replies: [], toolCalls: calls, files: new Map(), apps: {} },
      transcript,
      emit: events.ctx.emit,
      signal: events.ctx.signal,
    });
    expect(server.completions()).toHaveLength(1);
    const text = prompt(server.completions()[0]!);
    expect(text).not.toContain('<turn index=');
    expect(text).toMatch(/Who should take the river loop\?[\s\S]*You are welcome\./);
    expect(grades).toEqual(
      rubric.map((c) => ({ item: c.id, pass: true, reason: 'whole session' })),
    );
  });
});
