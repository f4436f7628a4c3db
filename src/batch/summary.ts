/** The `run --json` contract (DESIGN §5): one object per session run, and the summary. */
import { round } from '../judge/scores.ts';
import type { SessionRunResult } from '../session/group.ts';
import type { IntentStatus, SessionEnd } from '../session/events.ts';

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
  recording?: string;
  duration_ms?: number;
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
}

export function toRunRecord(r: SessionRunResult): RunRecord {
  return {
    scenario: r.scenario,
    persona: r.persona,
    repeat: r.repeat,
    proc: r.scores.proc,
    comp: r.scores.comp,
    turns: r.scores.turns,
    end: r.end,
    ...(r.message ? { message: r.message } : {}),
    intents: r.scores.intents,
    checklist: r.scores.checklist,
    ...(r.recording ? { recording: r.recording } : {}),
    duration_ms: r.durationMs,
  };
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Sample standard deviation (n-1); 0 for fewer than two values. */
export function sampleStd(xs: number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

/** Means over all runs; std across repeats of each repeat's mean, as in π-Bench's tables. */
export function stats(runs: RunRecord[]): Stats {
  const procs = runs.map((r) => r.proc);
  const comps = runs.filter((r) => r.comp !== null).map((r) => r.comp!);
  const repeats = [...new Set(runs.map((r) => r.repeat))].sort((a, b) => a - b);
  const perRepeat = (pick: (r: RunRecord) => number | null) =>
    repeats
      .map((k) => runs.filter((r) => r.repeat === k).map(pick).filter((v): v is number => v !== null))
      .filter((xs) => xs.length)
      .map(mean);
  return {
    n: runs.length,
    proc_mean: round(mean(procs)),
    proc_std: round(sampleStd(perRepeat((r) => r.proc))),
    comp_mean: comps.length ? round(mean(comps)) : null,
    comp_std: comps.length ? round(sampleStd(perRepeat((r) => r.comp))) : null,
  };
}

export function summarize(runs: RunRecord[]): Summary {
  const personas = [...new Set(runs.map((r) => r.persona))].sort();
  return { ...stats(runs), by_persona: Object.fromEntries(personas.map((p) => [p, stats(runs.filter((r) => r.persona === p))])) };
}
