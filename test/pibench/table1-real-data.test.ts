/**
 * π-Bench's Table 1 and Table 7 on a REAL user (../shared/pibench/data, not part of this
 * repository; skipped without it), worked out here from the task files alone, as π-Bench's
 * scoring does (docs/pibench.md §5), and compared with what `run` and `report` give.
 *
 * The judge is a loopback stand-in (not a model) whose verdicts make every task's statuses
 * known: turn 1 completes the first open intent and nothing else ever is, so the user reveals
 * the rest one by one (Proc = 1 / intents); the rubric passes C1 only (Comp = 1 / criteria).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, readLines, readSummary } from '../batch/helpers.ts';
import { startOpenAIServer, type OpenAITestServer } from '../helpers/openai-server.ts';
import { pibenchUsers, SHARED_DATA } from './data-users.ts';

const user = pibenchUsers(SHARED_DATA)[0];
if (!user) console.warn(`π-Bench data not found at ${SHARED_DATA}: Table 1 on real data skipped`);

const ids = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1]!);

/** The stand-in judge's answers, by what it is asked. */
function judge(body: unknown) {
  const user = String(
    (body as { messages: { role: string; content: string }[] }).messages.find(
      (m) => m.role === 'user',
    )?.content ?? '',
  );
  if (user.includes('Criteria:\n')) {
    const items = ids(user.slice(user.lastIndexOf('Criteria:\n')), /^- (C\d+): /gm);
    const verdict = (id: string) => (id === 'C1' ? 'YES' : 'NO');
    return { items: items.map((id) => ({ id, verdict: verdict(id), reason: 'stand-in' })) };
  }
  const open = ids(user.slice(0, user.indexOf('\nConversation')), /^- (I\d+): /gm);
  if (!user.includes('=== The assistant')) return { intent: open[0], reason: 'first open' };
  const first = user.includes("=== The assistant's turn 1 ===");
  return {
    intents: open.map((id, k) =>
      first && k === 0
        ? { id, status: 'completed', evidence: 'stand-in' }
        : { id, status: 'neither' },
    ),
  };
}

interface Task {
  intents: number;
  criteria: number;
  script: boolean;
  deps: string[];
}

/** π-Bench's scoring of this judge's runs, from the files: Proc 1/n pooled, Comp 1/criteria. */
function byHand(dir: string) {
  const episode = parse(readFileSync(path.join(dir, 'episode.yaml'), 'utf8')) as {
    tasks: { task_id: string; depends_on?: string[] }[];
  };
  const tasks = new Map<string, Task>();
  for (const t of episode.tasks) {
    const file = parse(readFileSync(path.join(dir, 'tasks', t.task_id, 'task.yaml'), 'utf8'));
    const contents = file.intent.hidden_intent as { content?: unknown }[];
    const checklist = (file.objectives?.checklist ?? []) as { criterion?: unknown }[];
    tasks.set(t.task_id, {
      intents: contents.filter((h) => String(h.content ?? '').trim()).length,
      criteria: checklist.filter((c) => String(c.criterion ?? '').trim()).length,
      script: Boolean(file.objectives?.tools_evaluation_path),
      deps: t.depends_on ?? [],
    });
  }
  const group = (id: string, seen: string[] = []): string[] => {
    if (seen.includes(id)) return seen;
    seen.push(id);
    for (const d of tasks.get(id)!.deps) group(d, seen);
    return seen;
  };
  let proc = 0;
  let comp = 0;
  let procWeight = 0;
  let compWeight = 0;
  for (const [id, t] of tasks) {
    if (!t.criteria && !t.script) continue; // only tasks with criteria count
    const pool = [id, ...t.deps];
    const w = group(id).length;
    proc += (w * pool.length) / pool.reduce((n, p) => n + tasks.get(p)!.intents, 0);
    procWeight += w;
    // Without the rule script (not copied with the data) the task leaves Comp.
    if (t.criteria && !t.script) {
      comp += w / t.criteria;
      compWeight += w;
    }
  }
  const intents = [...tasks.values()].reduce((n, t) => n + t.intents, 0);
  return {
    proc: proc / procWeight,
    comp: comp / compWeight,
    weight: procWeight,
    completed: tasks.size / intents,
  };
}

describe.skipIf(!user)('π-Bench Table 1 on a real user, by hand', () => {
  let server: OpenAITestServer;
  beforeAll(async () => {
    server = await startOpenAIServer({ latencyMs: 0 });
    server.respond((req: { body: unknown }) => ({ content: JSON.stringify(judge(req.body)) }));
  });
  afterAll(() => server.close());

  it('gives the pooled, group-weighted Proc and Comp and the statuses the files give', async () => {
    const dir = path.join(SHARED_DATA, user!);
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-table1-')), 'out');
    process.env.OPENAI_API_KEY = 'sk-loopback-stand-in';
    const run = await cli([
      'run',
      dir,
      ...['--agent', 'script', '--user', 'rules', '--judge', 'openai'],
      ...['--judge-model', 'stand-in', '--judge-base-url', server.url],
      ...['--out', out, '--no-progress'],
    ]);
    expect(run.code).toBe(0);
    const hand = byHand(dir);
    for (const r of readLines(out)) expect(Object.values(r.intents)[0]).toBe('completed');
    const scored = readSummary(out).pibench!;
    expect(scored.users[user!]!.per_repeat[0]!.total_weight).toBe(hand.weight);
    expect(scored.users[user!]!.proc_mean).toBeCloseTo(hand.proc, 4);
    expect(scored.users[user!]!.comp_mean).toBeCloseTo(hand.comp, 4);
    const report = await cli(['report', out, '--format', 'markdown']);
    const pct = (x: number, d = 1) => (x * 100).toFixed(d);
    expect(report.stdout).toContain(`| ${user} | 1 | ${pct(hand.proc)} | ${pct(hand.comp)} |`);
    expect(report.stdout).toContain(
      `| ${pct(hand.completed, 2)} | 0.00 | ${pct(1 - hand.completed, 2)} | 0.00 |`,
    );
  });
});
