/**
 * Time scores through results: run --json, results.jsonl and summary.json carry each run's
 * time scores and ChronosBench's table per agent; merge recomputes it; report prints it per
 * agent (simple and complex apart) with the ending reasons, never pooling agents.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aggregateAgentTime, aggregateTime } from '../../src/time/aggregate.ts';
import type { TimeScores } from '../../src/contracts/events.ts';
import { cli, readLines, readSummary } from '../batch/helpers.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'intentplay-time-'));
const SCENARIOS = ['researcher/gpu-watch', 'pharmacist/column-restock'];

/** A run's time scores: `errors` responses of `responses` had an action error, `wrong` a wrong status. */
function run(o: {
  branch: 'positive' | 'negative';
  completed: boolean;
  complex?: boolean;
  responses?: number;
  errors?: number;
  wrong?: number;
}) {
  const responses = o.responses ?? 4;
  const time: TimeScores = {
    branch: o.branch,
    complex: o.complex ?? false,
    completed: o.completed,
    ending: o.completed ? 'finished_properly' : 'never_watched',
    action_accuracy: null,
    action_errors: Array.from({ length: o.errors ?? 0 }, (_, k) => ({
      turn: k + 1,
      type: 'redundant_query' as const,
    })),
    status_accuracy: null,
    status_errors: Array.from({ length: o.wrong ?? 0 }, (_, k) => ({
      turn: k + 1,
      expected: 'in_progress' as const,
      got: 'pending' as const,
    })),
    responses,
    followups: { expected: 0, hit: 0, missed: 0, false: 0 },
    silences: { expected: 0, kept: 0, broken: 0, unwatched: 0 },
    decision_accuracy: null,
  };
  return time;
}

describe('time scores in results', () => {
  it('overall success is the equal-weight mean of the two branches, not the pooled share', () => {
    // Positive 1 of 2 (50 %), negative 1 of 1 (100 %): overall 75 %, where pooling would give 66.7 %.
    const a = aggregateAgentTime([
      { time: run({ branch: 'positive', completed: true }), repeat: 0 },
      { time: run({ branch: 'positive', completed: false }), repeat: 0 },
      { time: run({ branch: 'negative', completed: true }), repeat: 0 },
    ])!;
    expect(a.simple).toMatchObject({
      runs: 3,
      positive: { mean: 0.5, std: 0 },
      negative: { mean: 1, std: 0 },
      overall: { mean: 0.75, std: 0 },
    });
    expect(a.complex).toBeNull();
    expect(a.endings).toEqual({ finished_properly: 2, never_watched: 1 });
  });

  it('keeps simple and complex apart, pools responses within a repeat, and gives mean ± std over repeats', () => {
    const a = aggregateAgentTime([
      // repeat 0: 8 responses, 2 with an action error, 1 with a wrong status
      {
        time: run({ branch: 'positive', completed: true, complex: true, errors: 2, wrong: 1 }),
        repeat: 0,
      },
      { time: run({ branch: 'negative', completed: true, complex: true }), repeat: 0 },
      // repeat 1: 8 responses, none wrong; the positive run fails
      { time: run({ branch: 'positive', completed: false, complex: true }), repeat: 1 },
      { time: run({ branch: 'negative', completed: true, complex: true }), repeat: 1 },
      { time: run({ branch: 'negative', completed: false }), repeat: 0 },
    ])!;
    expect(a.simple).toMatchObject({
      runs: 1,
      positive: { mean: null },
      negative: { mean: 0 },
      overall: { mean: null },
    });
    // Overall per repeat: (1 + 1) / 2 = 1 and (0 + 1) / 2 = 0.5; mean 0.75, sample std 0.354.
    expect(a.complex).toMatchObject({
      runs: 4,
      positive: { mean: 0.5, std: 0.7071 },
      negative: { mean: 1, std: 0 },
      overall: { mean: 0.75, std: 0.3536 },
      action: { mean: 0.875, std: 0.1768 },
      status: { mean: 0.9375, std: 0.0884 },
    });
  });

  it('never pools agents', () => {
    const t = aggregateTime(
      [
        { time: run({ branch: 'positive', completed: true }), agent: 'a' },
        { time: run({ branch: 'positive', completed: false }), agent: 'b' },
        { time: null, agent: 'c' },
      ],
      (r) => r.agent,
    )!;
    expect(Object.keys(t.by_agent)).toEqual(['a', 'b']);
    expect(t.by_agent.a!.simple!.positive.mean).toBe(1);
    expect(t.by_agent.b!.simple!.positive.mean).toBe(0);
    expect(aggregateTime([{ time: null }, {}], () => 'x')).toBeNull();
  });

  it('run --json, results.jsonl, summary.json, merge and report carry them', async () => {
    const [a, b, c, d, merged] = [tmp(), tmp(), tmp(), tmp(), path.join(tmp(), 'merged')];
    const json = await cli([
      'run',
      ...SCENARIOS,
      '--agent',
      'script:proactive',
      '--no-progress',
      '--json',
      '--out',
      a,
    ]);
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout) as {
      runs: { scenario: string; time: TimeScores }[];
      summary: { time: unknown };
    };
    expect(
      out.runs.map((r) => [
        r.scenario,
        r.time.branch,
        r.time.completed,
        r.time.ending,
        r.time.action_accuracy,
        r.time.status_accuracy,
      ]),
    ).toEqual([
      ['pharmacist/column-restock', 'negative', true, 'finished_properly', 1, 1],
      ['researcher/gpu-watch', 'positive', true, 'finished_properly', 1, 1],
    ]);
    expect(readLines(a).every((r) => r.time?.decision_accuracy === 1)).toBe(true);
    expect(readSummary(a).time).toMatchObject({
      by_agent: {
        'script:proactive': {
          runs: 2,
          simple: { overall: { mean: 1, std: 0 } },
          endings: { finished_properly: 2 },
        },
      },
    });

    // Two shards merged: the table is computed afresh over both.
    expect(
      (await cli(['run', SCENARIOS[0]!, '--agent', 'script:eager', '--no-progress', '--out', c]))
        .code,
    ).toBe(0);
    expect(
      (await cli(['run', SCENARIOS[1]!, '--agent', 'script:eager', '--no-progress', '--out', d]))
        .code,
    ).toBe(0);
    expect((await cli(['merge', c, d, '--out', merged])).code).toBe(0);
    expect(readSummary(merged).time).toMatchObject({
      by_agent: { 'script:eager': { runs: 2, simple: { overall: { mean: 0 } } } },
    });

    expect(
      (await cli(['run', ...SCENARIOS, '--agent', 'script:eager', '--no-progress', '--out', b]))
        .code,
    ).toBe(0);
    const report = await cli(['report', a, b]);
    expect(report.code).toBe(0);
    const lines = report.stdout.split('\n');
    const table = lines.slice(lines.findIndex((l) => l.includes('Time: ChronosBench')));
    // One row per agent and kind: Positive, Negative, Overall, Action, Status (mean ± std over repeats).
    expect(table.find((l) => l.includes('script:proactive'))).toMatch(
      /script:proactive\s+simple\s+2\s+100\.00 ± 0\.00\s+100\.00 ± 0\.00\s+100\.00 ± 0\.00\s+100\.00/,
    );
    expect(table.find((l) => l.includes('script:eager'))).toMatch(
      /script:eager\s+simple\s+2\s+0\.00 ± 0\.00\s+0\.00 ± 0\.00\s+0\.00 ± 0\.00\s+50\.00 ± 0\.00\s+62\.50 ± 0\.00/,
    );
    expect(table.some((l) => /^\s*overall\b/.test(l))).toBe(false);
    const endings = lines.slice(lines.findIndex((l) => l.includes('finished properly')));
    expect(endings.find((l) => l.includes('script:proactive'))).toMatch(
      /script:proactive\s+2\s+2\b/,
    );
  });
});
