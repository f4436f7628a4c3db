/** Fig. 5 of π-Bench: the dependency ablation, sessions run after their chain against alone (--no-deps). */
import type { RunRecord } from '../batch/summary.ts';
import type { ScenarioLookup } from '../pibench/scoring.ts';
import type { CellValue, Section } from './document.ts';
import { col, groupBy, meanOf } from './columns.ts';
import { sessionComp, sessionProc } from '../contracts/session-scores.ts';

/**
 * The paper ablates "the final task of each strong dependency group": a scenario with
 * `depends_on`. A session that only came later in its episode has no dependency to remove, so
 * with the library known it is left out; without it, every later session counts, and the text
 * says so.
 */
export function ablationSection(all: RunRecord[], lookup?: ScenarioLookup): Section {
  // Scenarios that ran after earlier sessions in a normal run, and alone in a --no-deps run.
  const withHistory = groupBy(
    all.filter((r) => r.deps !== false && (r.index ?? 0) > 0),
    (r) => r.scenario,
  );
  const alone = groupBy(
    all.filter((r) => r.deps === false),
    (r) => r.scenario,
  );
  const later = [...withHistory.keys()].filter((s) => alone.has(s));
  const hasDeps = (s: string) => {
    const known = lookup?.(s);
    return known ? known.dependsOn.length > 0 : true;
  };
  const both = later.filter(hasDeps);
  const leftOut = later.length - both.length;
  const base: Section = { id: 'ablation', title: 'Dependency ablation', tables: [], charts: [] };
  if (leftOut && !both.length)
    return {
      ...base,
      text: `π-Bench Fig. 5 ablates the final task of each dependency group (a scenario with \`depends_on\`): none of the ${leftOut} scenario(s) run both with their history and with \`--no-deps\` has one.`,
    };
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
    text:
      `π-Bench Fig. 5: ${both.length} scenario(s) run after earlier sessions of their group and alone (\`--no-deps\`); each session's own Proc and Comp. Δ is without − with.` +
      (lookup
        ? ' As in the paper, only scenarios with `depends_on` (the final task of a dependency group) count' +
          (leftOut
            ? `; ${leftOut} later session(s) of an episode without \`depends_on\` are left out.`
            : '.')
        : " The scenario library was not found, so every session that ran after others counts, not only those with `depends_on` (the paper's set); pass `--library DIR`."),
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
