/**
 * ChronosBench's table over the runs of one agent (the paper's Tables 2 and 3): for simple and
 * complex scenarios apart, task completion on the positive and the negative branch, overall
 * success as their equal-weight mean, action and status accuracy over every response; each
 * as mean ± sample std over repeats. And how the runs ended. Different agents are never
 * pooled: the caller groups runs by agent.
 */
import { mean, round, sampleStd } from '../judge/scores.ts';
import { TIME_ENDINGS, type TimeEnding, type TimeScores } from '../contracts/events.ts';

export interface MeanStdOverRepeats {
  mean: number | null;
  std: number | null;
}

export interface TimeRow {
  runs: number;
  positive_runs: number;
  negative_runs: number;
  /** Task completion rate on the positive branch. */
  positive: MeanStdOverRepeats;
  negative: MeanStdOverRepeats;
  /** (positive + negative) / 2 in each repeat: null unless both branches ran. */
  overall: MeanStdOverRepeats;
  /** Share of responses with no action error (responses pooled over the repeat's runs). */
  action: MeanStdOverRepeats;
  /** Share of responses with the expected task status. */
  status: MeanStdOverRepeats;
}

export interface AgentTimeSummary {
  runs: number;
  simple: TimeRow | null;
  complex: TimeRow | null;
  /** How many runs ended for each reason (reasons no run had are left out). */
  endings: Partial<Record<TimeEnding, number>>;
}

/** Per agent, by its label. */
export interface TimeSummary {
  by_agent: Record<string, AgentTimeSummary>;
}

interface TimedRun {
  time: TimeScores;
  repeat: number;
}

type Measure = (runs: readonly TimedRun[]) => number | null;

const completionOn =
  (branch: 'positive' | 'negative'): Measure =>
  (runs) => {
    const on = runs.filter((r) => r.time.branch === branch);
    return on.length ? on.filter((r) => r.time.completed).length / on.length : null;
  };

const overall: Measure = (runs) => {
  const p = completionOn('positive')(runs);
  const n = completionOn('negative')(runs);
  return p === null || n === null ? null : (p + n) / 2;
};

const responses = (runs: readonly TimedRun[]) => runs.reduce((a, r) => a + r.time.responses, 0);
const action: Measure = (runs) => {
  const all = responses(runs);
  const wrong = runs.reduce((a, r) => a + new Set(r.time.action_errors.map((e) => e.turn)).size, 0);
  return all ? (all - wrong) / all : null;
};
const status: Measure = (runs) => {
  const all = responses(runs);
  return all ? (all - runs.reduce((a, r) => a + r.time.status_errors.length, 0)) / all : null;
};

/** The measure in each repeat, then its mean and sample std across repeats (0 with one). */
function overRepeats(runs: readonly TimedRun[], measure: Measure): MeanStdOverRepeats {
  const repeats = [...new Set(runs.map((r) => r.repeat))].sort((a, b) => a - b);
  const values = repeats
    .map((k) => measure(runs.filter((r) => r.repeat === k)))
    .filter((v): v is number => v !== null);
  // Four digits: the paper's tables give percentages with two decimals.
  return values.length
    ? { mean: round(mean(values), 4), std: round(sampleStd(values), 4) }
    : { mean: null, std: null };
}

function row(runs: readonly TimedRun[]): TimeRow | null {
  if (!runs.length) return null;
  return {
    runs: runs.length,
    positive_runs: runs.filter((r) => r.time.branch === 'positive').length,
    negative_runs: runs.filter((r) => r.time.branch === 'negative').length,
    positive: overRepeats(runs, completionOn('positive')),
    negative: overRepeats(runs, completionOn('negative')),
    overall: overRepeats(runs, overall),
    action: overRepeats(runs, action),
    status: overRepeats(runs, status),
  };
}

/** One agent's table; null when none of the runs is of a time scenario. */
export function aggregateAgentTime(
  all: readonly { time?: TimeScores | null; repeat?: number }[],
): AgentTimeSummary | null {
  const runs = all.flatMap((r) => (r.time ? [{ time: r.time, repeat: r.repeat ?? 1 }] : []));
  if (!runs.length) return null;
  const endings: Partial<Record<TimeEnding, number>> = {};
  for (const e of TIME_ENDINGS) {
    const n = runs.filter((r) => r.time.ending === e).length;
    if (n) endings[e] = n;
  }
  return {
    runs: runs.length,
    simple: row(runs.filter((r) => !r.time.complex)),
    complex: row(runs.filter((r) => r.time.complex)),
    endings,
  };
}

/** Each agent's table, never pooled; null when no run is of a time scenario. */
export function aggregateTime<R extends { time?: TimeScores | null; repeat?: number }>(
  runs: readonly R[],
  agentOf: (r: R) => string,
): TimeSummary | null {
  const agents = [...new Set(runs.filter((r) => r.time).map(agentOf))].sort();
  if (!agents.length) return null;
  const byAgent: Record<string, AgentTimeSummary> = {};
  for (const a of agents) byAgent[a] = aggregateAgentTime(runs.filter((r) => agentOf(r) === a))!;
  return { by_agent: byAgent };
}
