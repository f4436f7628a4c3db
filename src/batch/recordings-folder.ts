/**
 * A folder of recordings read as runs: what `report` makes of sessions played in the TUI
 * (a user study's `recordings/`), which have recordings but no results.jsonl. Each recording
 * is reduced through the one reducer to its final scores. Sessions of the same scenario are
 * numbered as repeats in the order they started, so Proc and Comp come as mean ± std over
 * them. Recordings that end without scores (a session quit midway) are left out and named.
 */
import { errorMessage } from '../contracts/errors.ts';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readRecording } from '../session/recording.ts';
import { reduceAll } from '../store/reducer.ts';
import type { RunRecord } from './summary.ts';
import { runRecordOf } from './run-record.ts';
import { UsageTally } from './usage.ts';
import { compareText } from '../contracts/order.ts';

export interface RecordingsRead {
  records: RunRecord[];
  /** The libraries the recordings name (their scenarios' home). */
  libraries: string[];
  /** Recordings left out, with why. */
  skipped: { file: string; why: string }[];
}

export function recordingFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

export function readRecordingsFolder(dir: string): RecordingsRead {
  const runs: RunRecord[] = [];
  const skipped: RecordingsRead['skipped'] = [];
  const libraries = new Set<string>();
  for (const name of recordingFiles(dir)) {
    const file = path.join(dir, name);
    let recording;
    try {
      recording = readRecording(file);
    } catch (err) {
      skipped.push({ file, why: errorMessage(err).replace(`${file}:`, 'line ') });
      continue;
    }
    const state = reduceAll(recording.events);
    // Tokens and cost from the recording's own usage events, as a batch run tallies them.
    const tally = new UsageTally();
    for (const e of recording.events) if (e.type === 'usage') tally.add(e);
    const usage = tally.toLines();
    if (!state.scores || !state.end) {
      skipped.push({ file, why: 'the session ended before it was scored' });
      continue;
    }
    const h = recording.header;
    if (h.library) libraries.add(h.library);
    runs.push(
      runRecordOf({
        scenario: h.scenario,
        persona: h.persona,
        repeat: 0,
        title: h.title,
        category: h.category,
        group: h.group.id,
        index: h.group.index,
        of: h.group.of,
        deps: true,
        end: state.end.end,
        message: state.end.message,
        scores: state.scores,
        recording: name,
        backends: h.backends,
        usage,
        started: h.started,
      }),
    );
  }
  // The k-th session of a scenario, by start time, is its repeat k.
  runs.sort(
    (a, b) =>
      compareText(a.started ?? '', b.started ?? '') ||
      compareText(a.recording ?? '', b.recording ?? ''),
  );
  const seen = new Map<string, number>();
  for (const r of runs) {
    r.repeat = seen.get(r.scenario) ?? 0;
    seen.set(r.scenario, r.repeat + 1);
  }
  return { records: runs, skipped, libraries: [...libraries] };
}
