/**
 * The ChronosBench table of `intentplay report`: for the runs of time scenarios, per agent
 * and per persona, task completion on positive, negative and all scenarios, action accuracy,
 * status accuracy, and follow-up precision and recall.
 */
import type { RunRecord } from '../batch/summary.ts';
import { aggregateTime, type TimeSummary } from '../time/aggregate.ts';
import type { CellValue, Column, Section } from './document.ts';
import { col } from './columns.ts';
import { byAgentAndPersona } from './paradigm-tables.ts';

const COLUMNS: Column[] = [
  col('runs', 'runs', 'int'),
  col('tc_pos', 'TC positive', 'score'),
  col('tc_neg', 'TC negative', 'score'),
  col('tc_all', 'TC all', 'score'),
  col('aa', 'action acc.', 'score'),
  col('sa', 'status acc.', 'score'),
  col('fp', 'follow-up P', 'score'),
  col('fr', 'follow-up R', 'score'),
];

const cells = (t: TimeSummary): CellValue[] => [
  t.n,
  t.completion.positive,
  t.completion.negative,
  t.completion.all,
  t.action_accuracy,
  t.status_accuracy,
  t.followup_precision,
  t.followup_recall,
];

/** Null when no run is of a time scenario (the section is left out). */
export function timeSection(runs: readonly RunRecord[], agentOf: (r: RunRecord) => string): Section | null {
  const timed = runs.filter((r) => r.time);
  const overall = aggregateTime(timed);
  if (!overall) return null;
  return {
    id: 'time',
    title: 'Time: follow-ups and silences',
    text:
      `ChronosBench's measures over ${overall.n} run(s) of time scenarios (${overall.positive} positive: some update deserves a follow-up; ${overall.negative} negative: silence throughout). ` +
      'TC is task completion (every expected follow-up made, no false one, every silence kept, the right final task status); action accuracy is the share of updates handled as expected; ' +
      'follow-up precision is hits over follow-ups made, recall hits over follow-ups expected.',
    tables: byAgentAndPersona(timed, agentOf, {
      id: 'time',
      title: 'Time scores',
      columns: COLUMNS,
      aggregate: aggregateTime,
      cells,
      overall,
    }),
    charts: [],
  };
}
