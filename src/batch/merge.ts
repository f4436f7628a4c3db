/**
 * `intentplay merge DIR... --out DIR`: shard (or any disjoint) results folders into one.
 * Recordings are copied, run lines are listed in the one canonical order, and the summary
 * is computed afresh, so it equals that of the same runs made in one go.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';
import {
  loadResultsFolder,
  RECORDINGS_DIR,
  recordingPath,
  RESULTS_FILE,
  writeResults,
  writeSummary,
} from './results.ts';
import { compareRuns, type RunRecord, type Summary } from './summary.ts';
import { recordUnitKey } from './resume.ts';
import { findLibraries } from './libraries.ts';
import { MANIFEST_FORMAT, readManifest, writeManifest } from './manifest.ts';

export interface MergeResult {
  records: RunRecord[];
  summary: Summary;
}

export function mergeResults(dirs: readonly string[], out: string): MergeResult {
  const outAbs = path.resolve(out);
  if (existsSync(path.join(outAbs, RESULTS_FILE)))
    throw new UserError(`${out} already holds results; merge into a new folder`);
  const sources = dirs.map(loadResultsFolder);
  if (sources.some((s) => s.dir === outAbs))
    throw new UserError(`${out} is also an input; merge into a new folder`);
  const seen = new Map<string, string>();
  const records: RunRecord[] = [];
  mkdirSync(path.join(outAbs, RECORDINGS_DIR), { recursive: true });
  for (const source of sources) {
    for (const r of source.records) {
      const key = `${recordUnitKey(r)}|${r.index ?? 0}|${r.scenario}`;
      const other = seen.get(key);
      if (other)
        throw new UserError(
          `${r.scenario} (repeat ${r.repeat}${r.deps === false ? ', --no-deps' : ''}) is in both ${other} and ${source.dir}; merge folders of disjoint shards`,
        );
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
  writeMergedManifest(
    sources.map((s) => s.dir),
    outAbs,
  );
  return { records, summary: writeSummary(outAbs, records, findLibraries([outAbs])) };
}

/**
 * Shards of one run share their targets and options but the shard: the merged folder gets
 * that run's run.json without it, so `report` finds the library and `run --resume` on the
 * merged folder would run whatever no shard did.
 */
function writeMergedManifest(dirs: readonly string[], out: string): void {
  const manifests = dirs.map(readManifest);
  const unsharded = manifests.map(
    (m) => m && { targets: m.targets, options: { ...m.options, shard: undefined } },
  );
  const first = unsharded[0];
  if (!first || unsharded.some((m) => JSON.stringify(m) !== JSON.stringify(first))) return;
  const { shard: _shard, ...options } = first.options;
  writeManifest(out, {
    format: MANIFEST_FORMAT,
    version: 1,
    targets: first.targets,
    options,
    started: manifests[0]!.started,
  });
}
