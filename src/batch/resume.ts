/**
 * `run --resume DIR`: keep the units (group × repeat) that finished, and clear away every
 * trace of the ones that did not, so they run again from a fresh workspace and no session
 * is ever counted twice.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readRecording } from '../session/recording.ts';
import {
  RECORDINGS_DIR,
  RESULTS_FILE,
  readResultsFile,
  recordingPath,
  writeResults,
} from './results.ts';
import type { RunRecord } from './summary.ts';
import { unitKey } from './units.ts';

export interface ResumeState {
  /** Runs of finished units, kept as they were. */
  kept: RunRecord[];
  /** Keys of the finished units: these are skipped. */
  done: Set<string>;
  /** Runs dropped because their unit did not finish (to run again). */
  dropped: number;
  /** Recordings removed because no kept run refers to them. */
  removedRecordings: number;
}

export const recordUnitKey = (r: RunRecord): string =>
  unitKey(r.group ?? r.scenario, r.repeat, r.deps ?? true);

/** Ended normally: `error` and `aborted` runs are run again on resume. */
const FINISHED = new Set(['resolved', 'max_turns']);

function recordingComplete(dir: string, r: RunRecord): boolean {
  const file = recordingPath(dir, r);
  if (!file) return true;
  try {
    return readRecording(file).complete;
  } catch {
    return false; // missing or damaged: run it again
  }
}

function unitFinished(dir: string, runs: readonly RunRecord[]): boolean {
  const of = runs[0]?.of ?? 1;
  const indices = new Set(runs.map((r) => r.index ?? 0));
  return (
    runs.length === of &&
    indices.size === of &&
    runs.every((r) => FINISHED.has(r.end) && recordingComplete(dir, r))
  );
}

export function prepareResume(dir: string): ResumeState {
  const file = path.join(dir, RESULTS_FILE);
  const records = existsSync(file) ? readResultsFile(file).records : [];
  const byUnit = new Map<string, RunRecord[]>();
  for (const r of records)
    byUnit.set(recordUnitKey(r), [...(byUnit.get(recordUnitKey(r)) ?? []), r]);
  const done = new Set<string>();
  const kept: RunRecord[] = [];
  for (const [key, runs] of byUnit) {
    if (!unitFinished(dir, runs)) continue;
    done.add(key);
    kept.push(...runs);
  }
  if (existsSync(file)) writeResults(dir, kept);
  // Recordings of unfinished units (and of sessions cut off before their line was written).
  const keepFiles = new Set(kept.map((r) => recordingPath(dir, r)).filter(Boolean));
  const recDir = path.join(dir, RECORDINGS_DIR);
  let removedRecordings = 0;
  if (existsSync(recDir))
    for (const entry of readdirSync(recDir, { withFileTypes: true })) {
      const abs = path.join(recDir, entry.name);
      // Only recording files: a folder that happens to be named `*.jsonl` is not ours to remove.
      if (!entry.isFile() || !entry.name.endsWith('.jsonl') || keepFiles.has(abs)) continue;
      rmSync(abs);
      removedRecordings++;
    }
  return { kept, done, dropped: records.length - kept.length, removedRecordings };
}
