/**
 * The one way a session becomes a run record (a results line): from what it scored and how it
 * ended, where it sat in its run group, and what it used. The batch runner and a folder of
 * recordings both come here, so a report reads the same either way (a test compares them).
 */
import type { BackendInfo, Role, Scores, SessionEnd } from '../contracts/events.ts';
import type { RunRecord, UsageLine } from './summary.ts';
import { totals } from './usage.ts';
import { installedParadigms } from '../scenario/paradigms.ts';

export interface RunFacts {
  scenario: string;
  persona: string;
  repeat: number;
  title?: string | undefined;
  category?: string | undefined;
  group: string;
  index: number;
  of: number;
  deps: boolean;
  end: SessionEnd;
  message?: string | undefined;
  scores: Scores;
  /** Relative to the results folder (or the recordings folder). */
  recording?: string | undefined;
  backends?: Partial<Record<Role, BackendInfo>> | undefined;
  usage: UsageLine[];
  started?: string | undefined;
  durationMs?: number | undefined;
}

export function runRecordOf(f: RunFacts): RunRecord {
  return {
    scenario: f.scenario,
    persona: f.persona,
    repeat: f.repeat,
    proc: f.scores.proc,
    comp: f.scores.comp,
    turns: f.scores.turns,
    end: f.end,
    ...(f.message ? { message: f.message } : {}),
    intents: f.scores.intents,
    checklist: f.scores.checklist,
    ...paradigmScores(f.scores),
    ...(f.recording ? { recording: f.recording } : {}),
    ...(f.title ? { title: f.title } : {}),
    ...(f.category ? { category: f.category } : {}),
    group: f.group,
    index: f.index,
    of: f.of,
    deps: f.deps,
    ...(f.backends ? { backends: f.backends } : {}),
    usage: f.usage,
    ...totals(f.usage),
    ...(f.started ? { started: f.started } : {}),
    ...(f.durationMs !== undefined ? { duration_ms: f.durationMs } : {}),
  };
}

/** Each paradigm's scores of the session under its key (`time`, `proposals`): null when it has none. */
function paradigmScores(scores: Scores): Record<string, unknown> {
  return Object.fromEntries(
    installedParadigms().flatMap(({ results }) =>
      results ? [[results.key, scores[results.key] ?? null]] : [],
    ),
  );
}
