/**
 * ChronosBench's table in `intentplay report` (the paper's Tables 2 and 3): per agent, simple
 * and complex scenarios apart, task completion on the positive and the negative branch,
 * overall success (their equal-weight mean), action and status accuracy, each as mean ± std
 * over repeats; and how the runs ended. No row pools different agents.
 */
import type { EngineTypes } from '../contracts/engine-types.ts';
import { TIME_ENDINGS } from '../contracts/events.ts';
import { aggregateTime, type TimeRow } from './aggregate.ts';
import { col, type CellValue, type Column, type Section, type Table } from '../contracts/report.ts';

type RunRecord = EngineTypes['runRecord'];

const COLUMNS: Column[] = [
  col('agent', 'agent'),
  col('cases', 'cases'),
  col('runs', 'runs', 'int'),
  // Two decimals, as the paper's Tables 2 and 3.
  col('positive', 'Positive', 'meanStd', 2),
  col('negative', 'Negative', 'meanStd', 2),
  col('overall', 'Overall', 'meanStd', 2),
  col('action', 'Action', 'meanStd', 2),
  col('status', 'Status', 'meanStd', 2),
];

const cells = (agent: string, cases: string, t: TimeRow): CellValue[] => [
  agent,
  cases,
  t.runs,
  t.positive,
  t.negative,
  t.overall,
  t.action,
  t.status,
];

/** None when no run is of a time scenario. */
export function timeSection(
  runs: readonly RunRecord[],
  agentOf: (r: RunRecord) => string,
): Section[] {
  const summary = aggregateTime(runs, agentOf);
  if (!summary) return [];
  const agents = Object.entries(summary.by_agent);
  const rows = agents.flatMap(([agent, a]) => [
    ...(a.simple ? [cells(agent, 'simple', a.simple)] : []),
    ...(a.complex ? [cells(agent, 'complex', a.complex)] : []),
  ]);
  const reasons = TIME_ENDINGS.filter((e) => agents.some(([, a]) => a.endings[e]));
  const endings: Table = {
    id: 'time-endings',
    title: 'How the runs ended (runs)',
    columns: [
      col('agent', 'agent'),
      col('runs', 'runs', 'int'),
      ...reasons.map((e) => col(e, e.replaceAll('_', ' '), 'int')),
    ],
    rows: agents.map(([agent, a]) => [agent, a.runs, ...reasons.map((e) => a.endings[e] ?? 0)]),
  };
  const n = agents.reduce((x, [, a]) => x + a.runs, 0);
  return [
    {
      id: 'time',
      title: 'Time: ChronosBench',
      text:
        `ChronosBench's measures over ${n} run(s) of time scenarios, one row per agent and kind of scenario (complex: an intention shift). ` +
        'Positive and Negative are task completion rates on each branch; Overall is their equal-weight mean (– unless both branches ran); ' +
        'Action is the share of responses with no action error, Status the share whose task status was the expected one. Each is mean ± std over repeats.',
      tables: [{ id: 'time', title: "ChronosBench's table (%)", columns: COLUMNS, rows }, endings],
      charts: [],
    },
  ];
}
