/**
 * `intentplay merge DIR... --out DIR`: shard (or any disjoint) results folders into one.
 * Recordings are copied, run lines are listed in the one canonical order, and the summary
 * is computed afresh, so it equals that of the same runs made in one go.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../scenario/diagnostics.ts';
import { loadResultsFolder, RECORDINGS_DIR, recordingPath, RESULTS_FILE, writeResults, writeSummary } from './results.ts';
import { compareRuns, type RunRecord, type Summary } from './summary.ts';
import { recordUnitKey } from './resume.ts';

export interface MergeResult {
  records: RunRecord[];
  summary: Summary;
}

export function mergeResults(dirs: readonly string[], out: string): MergeResult {
  const outAbs = path.resolve(out);
  if (existsSync(path.join(outAbs, RESULTS_FILE))) throw new UserError(`${out} already holds results; merge into a new folder`);
  const sources = dirs.map(loadResultsFolder);
  if (sources.some((s) => s.dir === outAbs)) throw new UserError(`${out} is also an input; merge into a new folder`);
  const seen = new Map<string, string>();
  const records: RunRecord[] = [];
  mkdirSync(path.join(outAbs, RECORDINGS_DIR), { recursive: true });
  for (const source of sources) {
    for (const r of source.records) {
      const key = `${recordUnitKey(r)}|${r.index ?? 0}|${r.scenario}`;
      const other = seen.get(key);
      if (other) throw new UserError(`${r.scenario} (repeat ${r.repeat}${r.deps === false ? ', --no-deps' : ''}) is in both ${other} and ${source.dir}; merge folders of disjoint shards`);
      seen.set(key, source.dir);
      const from = recordingPath(source.dir, r);
      if (from && existsSync(from)) {
        const rel = `${RECORDINGS_DIR}/${path.basename(from)}`;
        copyFileSync(from, path.join(outAbs, rel));
        records.push({ ...r, recording: rel });
      } else {
        const { recording: _missing, ...rest } = r;
        records.push(rest);
      }
    }
  }
  records.sort(compareRuns);
  writeResults(outAbs, records);
  return { records, summary: writeSummary(outAbs, records) };
}
