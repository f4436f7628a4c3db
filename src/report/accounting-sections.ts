/** The report's accounting: clarification questions, π-Bench's own scoring, cost, and every run. */
import type { RunRecord } from '../batch/summary.ts';
import { sumUsage, totals } from '../batch/usage.ts';
import type { SessionEvent } from '../contracts/events.ts';
import { reduceAll } from '../store/reducer.ts';
import { clarificationCounts, type QuestionCounts } from '../store/selectors.ts';
import { pibenchSummary, type ScenarioLookup } from '../pibench/scoring.ts';
import type { CellValue, Section, Table } from './document.ts';
import { col, COMP, groupBy, PROC } from './columns.ts';
import { compareNatural } from '../contracts/order.ts';

export function clarificationSection(
  runs: RunRecord[],
  readEvents: (file: string) => SessionEvent[] | undefined,
): Section {
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

export function pibenchSection(runs: RunRecord[], lookup: ScenarioLookup | undefined): Section {
  const base: Section = {
    id: 'pibench',
    title: "π-Bench Table 1 (π-Bench's scoring)",
    tables: [],
    charts: [],
  };
  const noLibrary = {
    ...base,
    text: "π-Bench's scoring needs the scenario library (dependencies, checklist weights); it was not found from run.json. Pass `--library DIR`.",
  };
  if (!lookup) return noLibrary;
  const s = pibenchSummary(runs, lookup, { exact: true }); // rounded once, when shown
  // A library that holds none of these scenarios (a merged folder has no run.json) is no library.
  if (runs.length && !s.tasks.length) return noLibrary;
  const rows: CellValue[][] = Object.entries(s.users)
    .sort(([a], [b]) => compareNatural(a, b))
    .map(([user, u]) => [
      user,
      u.repeats,
      { mean: u.proc_mean, std: u.proc_std },
      { mean: u.comp_mean, std: u.comp_std },
    ]);
  rows.push([
    'overall',
    new Set(s.tasks.map((t) => t.repeat)).size,
    { mean: s.overall.proc_mean, std: s.overall.proc_std },
    { mean: s.overall.comp_mean, std: s.overall.comp_std },
  ]);
  return {
    ...base,
    text: "The numbers to put beside the paper's Table 1, scored as π-Bench's scripts score: each task's Proc pooled with its dependencies' intents; only tasks with criteria count, weighted by dependency-group size; ± is the std over repeats. The overall row (the paper's Average) is the plain mean over (persona, repeat) pairs, ± the std across repeats of each repeat's mean over personas.",
    tables: [
      {
        id: 'pibench',
        title: 'π-Bench Table 1: Proc / Comp (%)',
        columns: [col('persona', 'persona'), col('repeats', 'repeats', 'int'), PROC, COMP],
        rows,
        totalRows: 1,
        ...(s.warnings.length
          ? {
              note:
                s.warnings.slice(0, 5).join('; ') +
                (s.warnings.length > 5 ? `; and ${s.warnings.length - 5} more` : ''),
            }
          : {}),
      },
    ],
  };
}

// ---- cost per role and model

export function costSection(all: RunRecord[]): Section {
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
      [
        'total',
        '',
        lines.reduce((a, l) => a + l.calls, 0),
        t.tokens.input,
        t.tokens.output,
        t.cost_usd,
      ],
    ],
    totalRows: 1,
    ...(estimated
      ? { note: 'Some token counts were estimated by intentplay because the server reported none.' }
      : {}),
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

const LETTER: Record<string, string> = {
  completed: 'C',
  inferred: 'I',
  provided: 'P',
  unresolved: 'U',
  open: 'O',
};

export function runsSection(all: RunRecord[]): Section {
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
