/**
 * Time scores through results: run --json, results.jsonl and summary.json carry each run's
 * time scores and ChronosBench's table; merge recomputes it; report prints it by agent and
 * by persona.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aggregateTime } from '../../src/time/aggregate.ts';
import type { TimeScores } from '../../src/contracts/events.ts';
import { cli, readLines, readSummary } from '../batch/helpers.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'intentplay-time-'));
const SCENARIOS = ['researcher/gpu-watch', 'pharmacist/column-restock'];

const scores = (o: Partial<TimeScores> & { hit: number; exp: number; falses?: number; kept?: number; silent?: number }): TimeScores => ({
  followups: { expected: o.exp, hit: o.hit, missed: o.exp - o.hit, false: o.falses ?? 0 },
  silences: { expected: o.silent ?? 0, kept: o.kept ?? 0, broken: o.falses ?? 0, unwatched: 0 },
  action_accuracy: o.action_accuracy ?? null,
  status_ok: o.status_ok ?? null,
  completed: o.completed ?? false,
});

describe('time scores in results', () => {
  it('aggregates completion on positive and negative runs, precision and recall', () => {
    const t = aggregateTime([
      { time: scores({ exp: 1, hit: 1, kept: 1, silent: 1, action_accuracy: 1, status_ok: true, completed: true }) },
      { time: scores({ exp: 1, hit: 1, falses: 1, silent: 1, action_accuracy: 0.5, status_ok: true }) },
      { time: scores({ exp: 0, hit: 0, falses: 2, silent: 2, action_accuracy: 0, status_ok: false }) },
      { time: null },
    ])!;
    expect(t).toEqual({
      n: 3,
      positive: 2,
      negative: 1,
      completion: { positive: 0.5, negative: 0, all: 0.333 },
      action_accuracy: 0.5,
      status_accuracy: 0.667,
      followup_precision: 0.4,
      followup_recall: 1,
    });
    expect(aggregateTime([{ time: null }, {}])).toBeNull();
  });

  it('run --json, results.jsonl, summary.json, merge and report carry them', async () => {
    const [a, b, c, d, merged] = [tmp(), tmp(), tmp(), tmp(), path.join(tmp(), 'merged')];
    const json = await cli(['run', ...SCENARIOS, '--agent', 'script:proactive', '--no-progress', '--json', '--out', a]);
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout) as { runs: { scenario: string; time: TimeScores }[]; summary: { time: unknown } };
    expect(out.runs.map((r) => [r.scenario, r.time.action_accuracy, r.time.completed])).toEqual([
      ['pharmacist/column-restock', 1, true],
      ['researcher/gpu-watch', 1, true],
    ]);
    expect(readLines(a).every((r) => r.time?.action_accuracy === 1)).toBe(true);
    expect(readSummary(a).time).toMatchObject({ n: 2, positive: 1, negative: 1, completion: { all: 1 } });

    // Two shards merged: the table is computed afresh over both.
    expect((await cli(['run', SCENARIOS[0]!, '--agent', 'script:eager', '--no-progress', '--out', c])).code).toBe(0);
    expect((await cli(['run', SCENARIOS[1]!, '--agent', 'script:eager', '--no-progress', '--out', d])).code).toBe(0);
    expect((await cli(['merge', c, d, '--out', merged])).code).toBe(0);
    expect(readSummary(merged).time).toMatchObject({ n: 2, completion: { all: 0 }, followup_precision: 0.2, followup_recall: 1 });

    expect((await cli(['run', ...SCENARIOS, '--agent', 'script:eager', '--no-progress', '--out', b])).code).toBe(0);
    const report = await cli(['report', a, b]);
    expect(report.code).toBe(0);
    const lines = report.stdout.split('\n');
    const table = lines.slice(lines.findIndex((l) => l.includes('Time: follow-ups and silences')));
    expect(table.find((l) => l.includes('script:proactive'))).toMatch(/script:proactive\s+2\s+100\.0\s+100\.0\s+100\.0\s+100\.0/);
    expect(table.find((l) => l.includes('script:eager'))).toMatch(/script:eager\s+2\s+0\.0\s+0\.0\s+0\.0/);
    expect(table.find((l) => l.startsWith('pharmacist'))).toMatch(/pharmacist\s+2\s+–\s+50\.0\s+50\.0/);
  });
});
