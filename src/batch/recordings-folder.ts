/**
 * A folder of recordings read as runs: what `report` makes of sessions played in the TUI
 * (a user study's `recordings/`), which have recordings but no results.jsonl. Each recording
 * is reduced through the one reducer to its final scores. Sessions of the same scenario are
 * numbered as repeats in the order they started, so Proc and Comp come as mean ± std over
 * them. Recordings that end without scores (a session quit midway) are left out and named.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readRecording } from '../session/recording.ts';
import { reduceAll } from '../store/reducer.ts';
import type { RunRecord } from './summary.ts';
import { totals, UsageTally } from './usage.ts';

export interface RecordingsRead {
  records: RunRecord[];
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
  for (const name of recordingFiles(dir)) {
    const file = path.join(dir, name);
    let recording;
    try {
      recording = readRecording(file);
    } catch (err) {
      skipped.push({ file, why: (err as Error).message.replace(`${file}:`, 'line ') });
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
    runs.push({
      scenario: h.scenario,
      persona: h.persona,
      repeat: 0,
      proc: state.scores.proc,
      comp: state.scores.comp,
      turns: state.scores.turns,
      end: state.end.end,
      ...(state.end.message ? { message: state.end.message } : {}),
      intents: state.scores.intents,
      checklist: state.scores.checklist,
      time: state.scores.time ?? null,
      proposals: state.scores.proposals ?? null,
      recording: name,
      title: h.title,
      group: h.group.id,
      index: h.group.index,
      of: h.group.of,
      deps: true,
      backends: h.backends,
      usage,
      ...totals(usage),
      started: h.started,
    });
  }
  // The k-th session of a scenario, by start time, is its repeat k.
  runs.sort((a, b) => (a.started ?? '').localeCompare(b.started ?? '') || (a.recording ?? '').localeCompare(b.recording ?? ''));
  const seen = new Map<string, number>();
  for (const r of runs) {
    r.repeat = seen.get(r.scenario) ?? 0;
    seen.set(r.scenario, r.repeat + 1);
  }
  return { records: runs, skipped };
}
