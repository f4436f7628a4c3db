/**
 * The `run --json` contract (docs/reports.md): one object per session run, and the summary.
 * A results line (results.jsonl) is the same run object with extra fields: where the run
 * sits in its group, the scenario's category, whether dependencies ran, usage, cost and timing.
 */
import type { PibenchSummary } from '../pibench/scoring.ts';
import { mean, round, sampleStd } from '../judge/scores.ts';
import { sessionComp, sessionProc } from '../contracts/session-scores.ts';

// The report's tables import them from here.
import type {
  BackendInfo,
  IntentStatus,
  ProposalScores,
  Role,
  SessionEnd,
  TimeScores,
} from '../contracts/events.ts';
import { installedParadigms } from '../scenario/paradigms.ts';
import { compareNatural } from '../contracts/order.ts';

declare module '../contracts/engine-types.ts' {
  interface EngineTypes {
    runRecord: RunRecord;
  }
}

/** Tokens and cost of one role and model within a session. */
export interface UsageLine {
  role: Role;
  model: string;
  calls: number;
  input_tokens: number;
  output_tokens: number;
  /** Some counts were estimated by intentplay because the server reported none. */
  estimated: boolean;
  /** null when no price is known for the model. */
  cost_usd: number | null;
}

export interface RunRecord {
  scenario: string;
  persona: string;
  repeat: number;
  proc: number;
  comp: number | null;
  turns: number;
  end: SessionEnd;
  message?: string;
  intents: Record<string, IntentStatus>;
  checklist: Record<string, boolean | null>;
  /** ChronosBench's scores of a time scenario (null for other scenarios). */
  time?: TimeScores | null;
  /** PARE's scores of a proposal scenario (null for other scenarios). */
  proposals?: ProposalScores | null;
  recording?: string;
  // ---- results-line extras (beyond the documented minimum; consumers may ignore them)
  title?: string;
  category?: string;
  /** The run group (episode or dependency chain), this session's place in it, and its size. */
  group?: string;
  index?: number;
  of?: number;
  /** False for `--no-deps` runs (the dependency ablation). */
  deps?: boolean;
  backends?: Partial<Record<Role, BackendInfo>>;
  usage?: UsageLine[];
  tokens?: { input: number; output: number };
  cost_usd?: number | null;
  started?: string;
  duration_ms?: number;
  /** Any other paradigm's scores under its results key (null for scenarios it does not play). */
  [paradigmKey: string]: unknown;
}

export interface Stats {
  n: number;
  proc_mean: number;
  proc_std: number;
  comp_mean: number | null;
  comp_std: number | null;
}

export interface Summary extends Stats {
  by_persona: Record<string, Stats>;
  /** π-Bench's own scoring of the same runs (dependency-pooled Proc, group-size weighted means), when the library is known. */
  pibench?: PibenchSummary;
  /**
   * Each paradigm's scores pooled over its runs, under its key (src/contracts/paradigm.ts):
   * ChronosBench's table per agent under `time`, PARE's tables by agent under `proposals`;
   * absent when no run has them.
   */
  [paradigmKey: string]: unknown;
}

/** Mean over all runs and the sample std across repeats of each repeat's mean (null when no value). */
export function meanAndRepeatStd(
  runs: readonly RunRecord[],
  pick: (r: RunRecord) => number | null,
): { mean: number | null; std: number | null } {
  const values = runs.map(pick).filter((v): v is number => v !== null);
  if (!values.length) return { mean: null, std: null };
  const repeats = [...new Set(runs.map((r) => r.repeat))].sort((a, b) => a - b);
  const perRepeat = repeats
    .map((k) =>
      runs
        .filter((r) => r.repeat === k)
        .map(pick)
        .filter((v): v is number => v !== null),
    )
    .filter((xs) => xs.length)
    .map(mean);
  return { mean: round(mean(values)), std: round(sampleStd(perRepeat)) };
}

/** Means over all runs; std across repeats of each repeat's mean, as in π-Bench's tables. */
export function stats(runs: readonly RunRecord[]): Stats {
  const proc = meanAndRepeatStd(runs, sessionProc);
  const comp = meanAndRepeatStd(runs, sessionComp);
  return {
    n: runs.length,
    proc_mean: proc.mean ?? 0,
    proc_std: proc.std ?? 0,
    comp_mean: comp.mean,
    comp_std: comp.std,
  };
}

/** Runs whose judging failed are not results: they count in the tally, never in the means. */
export const isResult = (r: Pick<RunRecord, 'end'>): boolean => r.end !== 'judge_failed';

export function summarize(all: readonly RunRecord[]): Summary {
  const runs = all.filter(isResult);
  const personas = [...new Set(runs.map((r) => r.persona))].sort();
  const summary: Summary = {
    ...stats(runs),
    by_persona: Object.fromEntries(
      personas.map((p) => [p, stats(runs.filter((r) => r.persona === p))]),
    ),
  };
  for (const { results } of installedParadigms()) {
    const pooled = results?.aggregate(runs, (r) => backendLabel(r, 'agent'));
    if (pooled) summary[results!.key] = pooled;
  }
  return summary;
}

/** How a run's backend reads in tables: `kind:name model` (`script:proactive`, `openai gpt-4.1`). */
export function backendLabel(r: RunRecord, role: 'agent' | 'user' | 'judge'): string {
  const b = r.backends?.[role];
  if (!b) return '?';
  return [b.name ? `${b.kind}:${b.name}` : b.kind, b.model].filter(Boolean).join(' ');
}

/**
 * The order results are listed in, whichever machine or shard produced them: natural order of
 * the scenarios (p/s2 before p/s10), as the run's progress lines list them.
 */
export function compareRuns(a: RunRecord, b: RunRecord): number {
  const deps = Number(b.deps ?? true) - Number(a.deps ?? true);
  return (
    deps ||
    a.repeat - b.repeat ||
    compareNatural(a.group ?? a.scenario, b.group ?? b.scenario) ||
    (a.index ?? 0) - (b.index ?? 0) ||
    compareNatural(a.scenario, b.scenario)
  );
}
