/**
 * The two tables a paradigm's section shows (time, proposals): its aggregate by agent and by
 * persona, each with an overall row, from one aggregate function and one row layout.
 */
import type { RunRecord } from '../batch/summary.ts';
import { col, groupBy } from './columns.ts';
import type { CellValue, Column, Table } from './document.ts';

export function byAgentAndPersona<S>(
  runs: readonly RunRecord[],
  agentOf: (r: RunRecord) => string,
  t: {
    id: string;
    title: string;
    columns: Column[];
    aggregate: (rs: readonly RunRecord[]) => S | null;
    cells: (s: S) => CellValue[];
    overall: S;
  },
): Table[] {
  const rowsBy = (key: (r: RunRecord) => string): CellValue[][] =>
    [...groupBy(runs, key)].flatMap(([label, rs]) => {
      const s = t.aggregate(rs);
      return s ? [[label, ...t.cells(s)]] : [];
    });
  const table = (by: 'agent' | 'persona', key: (r: RunRecord) => string): Table => ({
    id: `${t.id}-${by}s`,
    title: `${t.title} by ${by} (%)`,
    columns: [col(by, by), ...t.columns],
    rows: [...rowsBy(key), ['overall', ...t.cells(t.overall)]],
    totalRows: 1,
  });
  return [table('agent', agentOf), table('persona', (r) => r.persona)];
}
