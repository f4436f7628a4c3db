/**
 * The analysis behind `intentplay report`: π-Bench's tables and figures computed from a
 * results folder. Table 1 (Proc/Comp per persona, mean ± std over repeats), Table 7 (terminal
 * statuses), Table 8 (per category), Fig. 3d/4 (scatters), Fig. 5 (dependency ablation),
 * plus clarification accounting and cost.
 */
import path from 'node:path';
import { isResult, meanAndRepeatStd, type RunRecord } from '../batch/summary.ts';
import { mean } from '../judge/scores.ts';
import { sumUsage, totals } from '../batch/usage.ts';
import type { IntentStatus, SessionEvent } from '../contracts/events.ts';
import { readRecording } from '../session/recording.ts';
import { reduceAll } from '../store/reducer.ts';
import { clarificationCounts, type QuestionCounts } from '../store/selectors.ts';
import { pibenchSummary, type ScenarioLookup } from '../pibench/scoring.ts';
import type { CellValue, Chart, Column, ReportDoc, Section, Table } from './document.ts';
import { timeSection } from './time-section.ts';
import { proposalsSection } from './proposals-section.ts';

export interface ReportInput {
  folders: string[];
  /** Runs with recording paths made absolute. */
  runs: RunRecord[];
  /** Reads a recording's events (injected by tests; default reads the file). */
  readEvents?: (file: string) => SessionEvent[] | undefined;
  /** The scenarios the runs came from: π-Bench's scoring needs their dependencies and weights. */
  lookup?: ScenarioLookup;
}

const col = (key: string, label: string, kind: Column['kind'] = 'text'): Column => ({ key, label, kind });
const PROC = col('proc', 'Proc', 'meanStd');
const COMP = col('comp', 'Comp', 'meanStd');

export function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of xs) out.set(key(x), [...(out.get(key(x)) ?? []), x]);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const procOf = (runs: readonly RunRecord[]) => meanAndRepeatStd(runs, (r) => r.proc);
const compOf = (runs: readonly RunRecord[]) => meanAndRepeatStd(runs, (r) => r.comp);
const meanOf = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? mean(v) : null;
};

export function backendLabel(r: RunRecord, role: 'agent' | 'user' | 'judge'): string {
  const b = r.backends?.[role];
  if (!b) return '?';
  return [b.name ? `${b.kind}:${b.name}` : b.kind, b.model].filter(Boolean).join(' ');
}

const distinct = (xs: string[]) => [...new Set(xs)];
const optional = (s: Section | null): Section[] => (s ? [s] : []);

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
  if (judgeFailed) meta.push(['left out', `${judgeFailed} run(s) whose judging failed (not results; rerun them with run --resume)`]);
  if (mixedDeps) meta.push(['ablation', `${all.length - runs.length} --no-deps run(s), used only in the dependency ablation`]);
  const readEvents = input.readEvents ?? readEventsFromFile;
  return {
    title: 'intentplay report',
    meta,
    sections: [
      personaSection(runs),
      statusSection(runs),
      categorySection(runs),
      scenarioSection(runs),
      ablationSection(all),
      clarificationSection(runs, readEvents),
      pibenchSection(runs, input.lookup),
      ...optional(timeSection(runs, (r) => backendLabel(r, 'agent'))),
      ...optional(proposalsSection(runs, (r) => backendLabel(r, 'agent'))),
      costSection(all),
      runsSection(all),
    ],
  };
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
    title: 'Proc and Comp by persona',
    text: "π-Bench Table 1: mean over all runs (%), ± the sample standard deviation across repeats of each repeat's mean.",
    tables: [
      {
        id: 'personas',
        title: 'Proc / Comp by persona (%)',
        columns: [col('persona', 'persona'), col('runs', 'runs', 'int'), col('repeats', 'repeats', 'int'), PROC, COMP],
        rows,
        totalRows: 1,
      },
    ],
    charts: [{ type: 'bars', id: 'personas-chart', title: 'Proc and Comp by persona', series: ['Proc', 'Comp'], groups: bars, max: 1 }],
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
  const shown = STATUSES.filter((s) => s !== 'open' || runs.some((r) => Object.values(r.intents).includes('open')));
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
      'π-Bench Table 7: the share of all hidden intents (%) that ended completed (resolved without being told), inferred (asked for by a targeted question), provided (told by the user) or unresolved (open at max_turns).' +
      (shown.includes('open') ? ' "open" intents belong to runs that ended in an error.' : ''),
    tables: [
      {
        id: 'statuses',
        title: 'Terminal statuses, share of intents (%)',
        columns: [col('persona', 'persona'), col('intents', 'intents', 'int'), ...shown.map((s) => col(s, s, 'score'))],
        rows,
        totalRows: 1,
      },
    ],
    charts: [{ type: 'stacked', id: 'statuses-chart', title: 'Terminal statuses', parts: shown, rows: chartRows }],
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
      "π-Bench Table 8: Proc / Comp (%) per task category (the scenario's `category`, the paper's taxonomy A..R)." +
      (categorized ? '' : ' No scenario in these runs has a category.'),
    tables: [
      {
        id: 'categories',
        title: 'Proc / Comp by category (%)',
        columns: [col('category', 'category'), col('scenarios', 'scenarios', 'int'), col('runs', 'runs', 'int'), PROC, COMP],
        rows,
      },
    ],
    charts: categorized
      ? [{ type: 'bars', id: 'categories-chart', title: 'Proc and Comp by category', series: ['Proc', 'Comp'], groups: bars, max: 1 }]
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
    proc: mean(rs.map((r) => r.proc)),
    comp: meanOf(rs.map((r) => r.comp)),
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
      points: per.filter((p) => p.comp !== null).map((p) => ({ label: p.scenario, x: p.proc, y: p.comp! })),
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

// ---- Fig. 5: the dependency ablation

function ablationSection(all: RunRecord[]): Section {
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
  const pick = (m: Map<string, RunRecord[]>, s: string, f: (r: RunRecord) => number | null) => meanOf(m.get(s)!.map(f));
  for (const s of both) {
    const [pw, pa, cw, ca] = [
      pick(withHistory, s, (r) => r.proc),
      pick(alone, s, (r) => r.proc),
      pick(withHistory, s, (r) => r.comp),
      pick(alone, s, (r) => r.comp),
    ];
    rows.push([s, pw, pa, pw !== null && pa !== null ? pa - pw : null, cw, ca, cw !== null && ca !== null ? ca - cw : null]);
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

function clarificationSection(runs: RunRecord[], readEvents: (file: string) => SessionEvent[] | undefined): Section {
  const counted: { run: RunRecord; q: QuestionCounts }[] = [];
  for (const run of runs) {
    const events = run.recording ? readEvents(run.recording) : undefined;
    if (events) counted.push({ run, q: clarificationCounts(reduceAll(events)) });
  }
  const rows: CellValue[][] = [];
  const add = (label: string, xs: typeof counted) => {
    const q = xs.reduce((a, x) => a + x.q.questions, 0);
    const t = xs.reduce((a, x) => a + x.q.targeted, 0);
    rows.push([label, xs.length, q, xs.length ? q / xs.length : null, t, q - t, q ? t / q : null]);
  };
  for (const [persona, xs] of groupBy(counted, (x) => x.run.persona)) add(persona, xs);
  add('overall', counted);
  const missing = runs.length - counted.length;
  return {
    id: 'clarifications',
    title: 'Clarification questions',
    text:
      'Questions the agent asked (sentences of its replies ending in "?"), from the recordings. Targeted questions asked for a hidden intent (stage 2: the intent became inferred); generic ones targeted nothing.' +
      (missing ? ` ${missing} run(s) have no readable recording and are not counted.` : ''),
    tables: [
      {
        id: 'clarifications',
        title: 'Clarification questions',
        columns: [
          col('persona', 'persona'),
          col('sessions', 'sessions', 'int'),
          col('questions', 'questions', 'int'),
          col('per_session', 'per session', 'num'),
          col('targeted', 'targeted', 'int'),
          col('generic', 'generic', 'int'),
          col('targeted_share', 'targeted %', 'score'),
        ],
        rows,
        totalRows: 1,
      },
    ],
    charts: [],
  };
}

// ---- π-Bench's own scoring

function pibenchSection(runs: RunRecord[], lookup: ScenarioLookup | undefined): Section {
  const base: Section = { id: 'pibench', title: 'π-Bench scoring', tables: [], charts: [] };
  if (!lookup)
    return {
      ...base,
      text: "π-Bench's scoring needs the scenario library (dependencies, checklist weights); it was not found from run.json. Pass `--library DIR`.",
    };
  const s = pibenchSummary(runs, lookup);
  const rows: CellValue[][] = Object.entries(s.users)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([user, u]) => [user, u.repeats, { mean: u.proc_mean, std: u.proc_std }, { mean: u.comp_mean, std: u.comp_std }]);
  rows.push([
    'overall',
    s.overall.pairs,
    { mean: s.overall.proc_mean, std: s.overall.proc_std },
    { mean: s.overall.comp_mean, std: s.overall.comp_std },
  ]);
  return {
    ...base,
    text: "As π-Bench's scripts score: each task's Proc pooled with its dependencies' intents; only tasks with criteria count, weighted by dependency-group size; ± is the std over repeats. The overall row is the plain mean over (persona, repeat) pairs, ± their std when a persona repeated.",
    tables: [
      {
        id: 'pibench',
        title: 'π-Bench Proc / Comp (%)',
        columns: [col('persona', 'persona'), col('repeats', 'repeats', 'int'), PROC, COMP],
        rows,
        totalRows: 1,
        ...(s.warnings.length
          ? { note: s.warnings.slice(0, 5).join('; ') + (s.warnings.length > 5 ? `; and ${s.warnings.length - 5} more` : '') }
          : {}),
      },
    ],
  };
}

// ---- cost per role and model

function costSection(all: RunRecord[]): Section {
  const lines = sumUsage(all.flatMap((r) => r.usage ?? []));
  const t = totals(lines);
  const estimated = lines.some((l) => l.estimated);
  const table: Table = {
    id: 'cost',
    title: 'Tokens and cost by role and model',
    columns: [
      col('role', 'role'),
      col('model', 'model'),
      col('calls', 'calls', 'int'),
      col('input_tokens', 'input tokens', 'int'),
      col('output_tokens', 'output tokens', 'int'),
      col('cost_usd', 'cost', 'usd'),
    ],
    rows: [
      ...lines.map((l) => [l.role, l.model, l.calls, l.input_tokens, l.output_tokens, l.cost_usd]),
      ['total', '', lines.reduce((a, l) => a + l.calls, 0), t.tokens.input, t.tokens.output, t.cost_usd],
    ],
    totalRows: 1,
    ...(estimated ? { note: 'Some token counts were estimated by intentplay because the server reported none.' } : {}),
  };
  return {
    id: 'cost',
    title: 'Cost by role and model',
    text: lines.length
      ? 'Model calls summed over all runs. Cost is the server\'s figure, else the configured price per million tokens; "–" when neither is known.'
      : 'No model was called: these runs used offline backends (script agent, rules user, rules judge).',
    tables: lines.length ? [table] : [],
    charts: [],
  };
}

// ---- every run (detail)

const LETTER: Record<string, string> = { completed: 'C', inferred: 'I', provided: 'P', unresolved: 'U', open: 'O' };

function runsSection(all: RunRecord[]): Section {
  return {
    id: 'runs',
    title: 'Runs',
    text: 'Every run. Intents: C completed, I inferred, P provided, U unresolved, O open.',
    detail: true,
    tables: [
      {
        id: 'runs',
        title: 'Runs',
        columns: [
          col('scenario', 'scenario'),
          col('persona', 'persona'),
          col('category', 'category'),
          col('repeat', 'repeat', 'int'),
          col('deps', 'deps'),
          col('end', 'end'),
          col('turns', 'turns', 'int'),
          col('proc', 'Proc', 'score'),
          col('comp', 'Comp', 'score'),
          col('intents', 'intents'),
          col('cost_usd', 'cost', 'usd'),
        ],
        rows: all.map((r) => [
          r.scenario,
          r.persona,
          r.category ?? null,
          r.repeat,
          r.deps === false ? 'no' : 'yes',
          r.end,
          r.turns,
          r.proc,
          r.comp,
          Object.values(r.intents)
            .map((s) => LETTER[s] ?? '?')
            .join(''),
          r.cost_usd ?? null,
        ]),
      },
    ],
    charts: [],
  };
}
