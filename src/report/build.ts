/**
 * The analysis behind `intentplay report`: π-Bench's tables and figures computed from a
 * results folder. Table 1 (Proc/Comp per persona, mean ± std over repeats), Table 7 (terminal
 * statuses), Table 8 (per category), Fig. 3d/4 (scatters), Fig. 5 (dependency ablation),
 * plus clarification accounting and cost.
 */
import { ungradedNote } from './ungraded.ts';
import path from 'node:path';
import { isResult, type RunRecord } from '../batch/summary.ts';
import { mean } from '../judge/scores.ts';
import type { IntentStatus, SessionEvent } from '../contracts/events.ts';
import { readRecording } from '../session/recording.ts';
import type { ScenarioLookup } from '../pibench/scoring.ts';
import type { CellValue, Chart, ReportDoc, Section } from './document.ts';
import { installedParadigms } from '../scenario/paradigms.ts';

export interface ReportInput {
  folders: string[];
  /** Runs with recording paths made absolute. */
  runs: RunRecord[];
  /** Reads a recording's events (injected by tests; default reads the file). */
  readEvents?: (file: string) => SessionEvent[] | undefined;
  /** The scenarios the runs came from: π-Bench's scoring needs their dependencies and weights. */
  lookup?: ScenarioLookup;
}

import {
  backendLabel,
  col,
  COMP,
  compOf,
  distinct,
  groupBy,
  meanOf,
  PROC,
  procOf,
} from './columns.ts';
import { sessionComp, sessionProc } from '../contracts/session-scores.ts';
import { ablationSection } from './ablation-section.ts';
import {
  clarificationSection,
  costSection,
  pibenchSection,
  runsSection,
} from './accounting-sections.ts';

export function buildReport(input: ReportInput): ReportDoc {
  const all = input.runs;
  const mixedDeps = all.some((r) => r.deps !== false) && all.some((r) => r.deps === false);
  // The main tables use the normal runs; --no-deps runs serve the ablation.
  // Sessions whose judging failed are counted (in `runs`) but are not results: no table uses them.
  const runs = (mixedDeps ? all.filter((r) => r.deps !== false) : all).filter(isResult);
  const ends = groupBy(all, (r) => r.end);
  const meta: [string, string][] = [
    ['results', input.folders.map((f) => path.relative(process.cwd(), f) || '.').join(', ')],
    ['runs', `${all.length} (${[...ends].map(([e, rs]) => `${rs.length} ${e}`).join(', ')})`],
    [
      'scenarios',
      `${new Set(runs.map((r) => r.scenario)).size} in ${new Set(runs.map((r) => r.persona)).size} persona(s), ${new Set(runs.map((r) => r.repeat)).size} repeat(s)`,
    ],
    ...(['agent', 'user', 'judge'] as const).map((role): [string, string] => [
      role,
      distinct(all.map((r) => backendLabel(r, role))).join(', '),
    ]),
  ];
  const judgeFailed = all.filter((r) => !isResult(r)).length;
  if (judgeFailed)
    meta.push([
      'left out',
      `${judgeFailed} run(s) whose judging failed (not results; rerun them with run --resume)`,
    ]);
  const ungraded = ungradedNote(runs);
  if (ungraded) meta.push(['ungraded', ungraded]);
  if (mixedDeps)
    meta.push([
      'ablation',
      `${all.length - runs.length} --no-deps run(s), used only in the dependency ablation`,
    ]);
  const readEvents = input.readEvents ?? readEventsFromFile;
  return {
    title: 'intentplay report',
    meta,
    sections: [
      // No table pools different agents: with several, each of these sections comes once per agent.
      ...perAgent(runs, personaSection),
      ...perAgent(runs, statusSection),
      ...perAgent(runs, categorySection),
      ...perAgent(runs, scenarioSection),
      ...perAgent(all, (rs) => ablationSection(rs, input.lookup)),
      ...perAgent(runs, (rs) => clarificationSection(rs, readEvents)),
      ...perAgent(runs, (rs) => pibenchSection(rs, input.lookup)),
      // Each paradigm's own sections (ChronosBench's, PARE's), in the registry's order.
      ...installedParadigms().flatMap(
        (p) => p.results?.reportSections?.(runs, (r) => backendLabel(r, 'agent')) ?? [],
      ),
      costSection(all),
      runsSection(all),
    ],
  };
}

/** The section over all runs when one agent ran them; else one section per agent, its title naming the agent. */
function perAgent(runs: RunRecord[], build: (runs: RunRecord[]) => Section): Section[] {
  const byAgent = groupBy(runs, (r) => backendLabel(r, 'agent'));
  if (byAgent.size < 2) return [build(runs)];
  return [...byAgent].map(([agent, rs], i) => {
    const s = build(rs);
    return {
      ...s,
      id: `${s.id}-${i + 1}`,
      title: `${s.title} (agent ${agent})`,
      tables: s.tables.map((t) => ({
        ...t,
        id: `${t.id}-${i + 1}`,
        title: `${t.title}, agent ${agent}`,
      })),
      charts: s.charts.map((c) => ({ ...c, id: `${c.id}-${i + 1}` })),
    };
  });
}

function readEventsFromFile(file: string): SessionEvent[] | undefined {
  try {
    return readRecording(file).events;
  } catch {
    return undefined;
  }
}

// ---- Table 1: Proc and Comp per persona

function personaSection(runs: RunRecord[]): Section {
  const rows: CellValue[][] = [];
  const bars: { label: string; values: (number | null)[] }[] = [];
  const add = (label: string, rs: RunRecord[]) => {
    const p = procOf(rs);
    const c = compOf(rs);
    rows.push([label, rs.length, new Set(rs.map((r) => r.repeat)).size, p, c]);
    bars.push({ label, values: [p.mean, c.mean] });
  };
  for (const [persona, rs] of groupBy(runs, (r) => r.persona)) add(persona, rs);
  add('overall', runs);
  return {
    id: 'personas',
    title: 'Proc and Comp by persona (session means)',
    text:
      "Every session's Proc and Comp (%) averaged over all runs of the persona, ± the sample standard deviation across repeats of each repeat's mean. " +
      "Not π-Bench's Table 1, which pools a task's Proc with its dependencies and weighs tasks with criteria by dependency-group size: that is the section 'π-Bench Table 1 (π-Bench's scoring)'.",
    tables: [
      {
        id: 'personas',
        title: 'Session means of Proc / Comp by persona (%)',
        columns: [
          col('persona', 'persona'),
          col('runs', 'runs', 'int'),
          col('repeats', 'repeats', 'int'),
          PROC,
          COMP,
        ],
        rows,
        totalRows: 1,
      },
    ],
    charts: [
      {
        type: 'bars',
        id: 'personas-chart',
        title: 'Proc and Comp by persona',
        series: ['Proc', 'Comp'],
        groups: bars,
        max: 1,
      },
    ],
  };
}

// ---- Table 7: terminal statuses of hidden intents

const STATUSES: IntentStatus[] = ['completed', 'inferred', 'provided', 'unresolved', 'open'];

function statusSection(runs: RunRecord[]): Section {
  const counts = (rs: RunRecord[]) => {
    const c = new Map<IntentStatus, number>(STATUSES.map((s) => [s, 0]));
    for (const r of rs) for (const s of Object.values(r.intents)) c.set(s, (c.get(s) ?? 0) + 1);
    return c;
  };
  const shown = STATUSES.filter(
    (s) => s !== 'open' || runs.some((r) => Object.values(r.intents).includes('open')),
  );
  const rows: CellValue[][] = [];
  const chartRows: { label: string; values: number[] }[] = [];
  const add = (label: string, rs: RunRecord[]) => {
    const c = counts(rs);
    const n = shown.reduce((a, s) => a + (c.get(s) ?? 0), 0);
    const shares = shown.map((s) => (n ? (c.get(s) ?? 0) / n : 0));
    rows.push([label, n, ...shares]);
    chartRows.push({ label, values: shares });
  };
  for (const [persona, rs] of groupBy(runs, (r) => r.persona)) add(persona, rs);
  add('overall', runs);
  return {
    id: 'statuses',
    title: 'Terminal status of hidden intents',
    text:
      "π-Bench Table 7: the share of all hidden intents (%) of all runs that ended completed (resolved without being told), inferred (asked for by a targeted question) or provided (told by the user); unresolved (open at max_turns) is intentplay's extra column, so the first three sum to 100 only when no intent was left unresolved. Intents an intention shift superseded are not counted." +
      (shown.includes('open') ? ' "open" intents belong to runs that ended in an error.' : ''),
    tables: [
      {
        id: 'statuses',
        title: 'Terminal statuses, share of intents (%)',
        columns: [
          col('persona', 'persona'),
          col('intents', 'intents', 'int'),
          ...shown.map((s) => col(s, s, 'score', 2)), // two decimals, as the paper's Table 7
        ],
        rows,
        totalRows: 1,
      },
    ],
    charts: [
      {
        type: 'stacked',
        id: 'statuses-chart',
        title: 'Terminal statuses',
        parts: shown,
        rows: chartRows,
      },
    ],
  };
}

// ---- Table 8: per task category

function categorySection(runs: RunRecord[]): Section {
  const rows: CellValue[][] = [];
  const bars: { label: string; values: (number | null)[] }[] = [];
  for (const [category, rs] of groupBy(runs, (r) => r.category ?? '(none)')) {
    const p = procOf(rs);
    const c = compOf(rs);
    rows.push([category, new Set(rs.map((r) => r.scenario)).size, rs.length, p, c]);
    bars.push({ label: category, values: [p.mean, c.mean] });
  }
  const categorized = runs.some((r) => r.category);
  return {
    id: 'categories',
    title: 'By task category',
    text:
      "Proc / Comp (%) per task category (the scenario's `category`, the paper's taxonomy A..R), as session means over the category's runs, ± the std across repeats; π-Bench's Table 8 has the same rows, but the paper does not say how it aggregates them." +
      (categorized ? '' : ' No scenario in these runs has a category.'),
    tables: [
      {
        id: 'categories',
        title: 'Proc / Comp by category (%)',
        columns: [
          col('category', 'category'),
          col('scenarios', 'scenarios', 'int'),
          col('runs', 'runs', 'int'),
          PROC,
          COMP,
        ],
        rows,
      },
    ],
    charts: categorized
      ? [
          {
            type: 'bars',
            id: 'categories-chart',
            title: 'Proc and Comp by category',
            series: ['Proc', 'Comp'],
            groups: bars,
            max: 1,
          },
        ]
      : [],
  };
}

// ---- Fig. 4 (turns vs Proc) and Fig. 3d (Proc vs Comp), per scenario

export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length < 3) return null;
  const mx = mean(xs);
  const my = mean(ys);
  const sxy = xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0);
  const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  const syy = ys.reduce((a, y) => a + (y - my) ** 2, 0);
  return sxx && syy ? sxy / Math.sqrt(sxx * syy) : null;
}

function scenarioSection(runs: RunRecord[]): Section {
  const per = [...groupBy(runs, (r) => r.scenario)].map(([scenario, rs]) => ({
    scenario,
    category: rs[0]?.category ?? null,
    n: rs.length,
    turns: mean(rs.map((r) => r.turns)),
    proc: mean(rs.map(sessionProc)),
    comp: meanOf(rs.map(sessionComp)),
  }));
  const r = pearson(
    per.map((p) => p.turns),
    per.map((p) => p.proc),
  );
  const maxTurns = Math.max(1, ...per.map((p) => p.turns));
  const charts: Chart[] = [
    {
      type: 'scatter',
      id: 'turns-proc',
      title: 'Turns vs Proc (one point per scenario)',
      x: { label: 'mean agent turns', min: 0, max: Math.ceil(maxTurns), kind: 'num' },
      y: { label: 'Proc', min: 0, max: 1, kind: 'score' },
      points: per.map((p) => ({ label: p.scenario, x: p.turns, y: p.proc })),
    },
    {
      type: 'scatter',
      id: 'proc-comp',
      title: 'Proc vs Comp (one point per scenario; the line is Proc = Comp)',
      x: { label: 'Proc', min: 0, max: 1, kind: 'score' },
      y: { label: 'Comp', min: 0, max: 1, kind: 'score' },
      points: per
        .filter((p) => p.comp !== null)
        .map((p) => ({ label: p.scenario, x: p.proc, y: p.comp! })),
      diagonal: true,
    },
  ];
  return {
    id: 'scenarios',
    title: 'Turns, Proc and Comp per scenario',
    text:
      'π-Bench Fig. 4 and Fig. 3d, per scenario: more turns mean the user had to supply more; points below the diagonal complete the task better than they anticipate it.' +
      (r === null ? '' : ` Pearson r (turns, Proc) = ${r.toFixed(2)}.`),
    tables: [
      {
        id: 'scenarios',
        title: 'Per scenario (means over runs)',
        columns: [
          col('scenario', 'scenario'),
          col('category', 'category'),
          col('runs', 'runs', 'int'),
          col('turns', 'turns', 'num'),
          col('proc', 'Proc', 'score'),
          col('comp', 'Comp', 'score'),
        ],
        rows: per.map((p) => [p.scenario, p.category, p.n, p.turns, p.proc, p.comp]),
      },
    ],
    charts,
  };
}
