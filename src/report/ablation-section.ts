/** Fig. 5 of π-Bench: the dependency ablation, sessions run after their chain against alone (--no-deps). */
import type { RunRecord } from '../batch/summary.ts';
import type { CellValue, Section } from './document.ts';
import { col, groupBy, meanOf, sessionComp, sessionProc } from './columns.ts';

export function ablationSection(all: RunRecord[]): Section {
  // Scenarios that ran after earlier sessions in a normal run, and alone in a --no-deps run.
  const withHistory = groupBy(
    all.filter((r) => r.deps !== false && (r.index ?? 0) > 0),
    (r) => r.scenario,
  );
  const alone = groupBy(
    all.filter((r) => r.deps === false),
    (r) => r.scenario,
  );
  const both = [...withHistory.keys()].filter((s) => alone.has(s));
  const base: Section = { id: 'ablation', title: 'Dependency ablation', tables: [], charts: [] };
  if (!both.length)
    return {
      ...base,
      text: 'π-Bench Fig. 5 needs the same scenarios run with their history and with `--no-deps`: run both into one folder (or merge them, or pass both folders to `report`). These results have none.',
    };
  const rows: CellValue[][] = [];
  const pick = (m: Map<string, RunRecord[]>, s: string, f: (r: RunRecord) => number | null) =>
    meanOf(m.get(s)!.map(f));
  for (const s of both) {
    const [pw, pa, cw, ca] = [
      pick(withHistory, s, sessionProc),
      pick(alone, s, sessionProc),
      pick(withHistory, s, sessionComp),
      pick(alone, s, sessionComp),
    ];
    rows.push([
      s,
      pw,
      pa,
      pw !== null && pa !== null ? pa - pw : null,
      cw,
      ca,
      cw !== null && ca !== null ? ca - cw : null,
    ]);
  }
  const avg = (i: number) => meanOf(rows.map((r) => r[i] as number | null));
  const totals = [avg(1), avg(2), avg(3), avg(4), avg(5), avg(6)];
  rows.push(['mean', ...totals]);
  return {
    ...base,
    text: `π-Bench Fig. 5: ${both.length} scenario(s) that depend on earlier sessions, run with that history and without it (\`--no-deps\`). Δ is without − with.`,
    tables: [
      {
        id: 'ablation',
        title: 'With and without dependencies (%)',
        columns: [
          col('scenario', 'scenario'),
          col('proc_with', 'Proc with history', 'score'),
          col('proc_without', 'Proc w/o deps', 'score'),
          col('proc_delta', 'Δ Proc', 'delta'),
          col('comp_with', 'Comp with history', 'score'),
          col('comp_without', 'Comp w/o deps', 'score'),
          col('comp_delta', 'Δ Comp', 'delta'),
        ],
        rows,
        totalRows: 1,
      },
    ],
    charts: [
      {
        type: 'bars',
        id: 'ablation-chart',
        title: 'With history vs without dependencies',
        series: ['with history', 'w/o dependencies'],
        groups: [
          { label: 'Proc', values: [totals[0]!, totals[1]!] },
          { label: 'Comp', values: [totals[3]!, totals[4]!] },
        ],
        max: 1,
      },
    ],
  };
}

// ---- clarification accounting
