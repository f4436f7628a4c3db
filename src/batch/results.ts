/**
 * The results folder: `recordings/`, `results.jsonl` (one run object per line) and
 * `summary.json`, plus `run.json` (how the run was started, for --resume). Recording paths
 * in results.jsonl are relative to the folder, so a folder can be moved, copied or merged.
 */
import { scrub } from '../config/secrets.ts';
import { pibenchSummary, lookupIn } from '../pibench/scoring.ts';
import type { Library } from '../scenario/library.ts';
import {
  appendFileSync,
  existsSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';
import { compareRuns, isResult, summarize, type RunRecord, type Summary } from './summary.ts';

export const RESULTS_FILE = 'results.jsonl';
export const SUMMARY_FILE = 'summary.json';
export const MANIFEST_FILE = 'run.json';
export const RECORDINGS_DIR = 'recordings';

export interface ResultsRead {
  records: RunRecord[];
  /** 1-based line numbers of lines dropped because a crash cut them short. */
  torn: number[];
}

/** Reads results.jsonl. A line cut short by a crash can only be the last one; it is reported, not fatal. */
export function readResultsFile(file: string): ResultsRead {
  // A byte order mark (left by some Windows editors) is not part of the first run.
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\n');
  const records: RunRecord[] = [];
  const torn: number[] = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const last = i === lines.length - 1; // no newline after it: its write never finished
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (last) return void torn.push(i + 1);
      throw new UserError(
        `${file}:${i + 1}: not JSON; results.jsonl holds one run object per line`,
      );
    }
    if (last) return void torn.push(i + 1);
    if (!isRunRecord(value))
      throw new UserError(
        `${file}:${i + 1}: not a run object (needs scenario, persona, repeat, proc, turns, end)`,
      );
    records.push(value);
  });
  return { records, torn };
}

function isRunRecord(v: unknown): v is RunRecord {
  const r = v as Partial<RunRecord> | null;
  return Boolean(
    r &&
    typeof r === 'object' &&
    typeof r.scenario === 'string' &&
    typeof r.persona === 'string' &&
    typeof r.repeat === 'number' &&
    typeof r.proc === 'number' &&
    typeof r.turns === 'number' &&
    typeof r.end === 'string',
  );
}

/** Run lines as written: with every secret blanked (an endpoint's error may quote one in `message`). */
export const jsonLines = (records: readonly RunRecord[]): string =>
  records.map((r) => scrub(JSON.stringify(r)) + '\n').join('');

/** Appends the runs of one unit with a single write, so a crash never splits a unit's lines. */
export function appendResults(dir: string, records: readonly RunRecord[]): void {
  if (records.length) appendFileSync(path.join(dir, RESULTS_FILE), jsonLines(records));
}

/** Writes a file whole or not at all (write aside, then rename). */
export function writeFileAtomic(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

export function writeResults(dir: string, records: readonly RunRecord[]): void {
  writeFileAtomic(path.join(dir, RESULTS_FILE), jsonLines(records));
}

/** Writes summary.json; with the runs' libraries it carries π-Bench's scoring too. */
export function writeSummary(
  dir: string,
  records: readonly RunRecord[],
  libraries?: readonly Library[],
): Summary {
  const summary = summarizeWithPibench(records, libraries);
  writeFileAtomic(path.join(dir, SUMMARY_FILE), JSON.stringify(summary, null, 2) + '\n');
  return summary;
}

export function summarizeWithPibench(
  records: readonly RunRecord[],
  libraries?: readonly Library[],
): Summary {
  const summary = summarize([...records]);
  return libraries?.length
    ? { ...summary, pibench: pibenchSummary(records.filter(isResult), lookupIn(libraries)) }
    : summary;
}

export interface ResultsFolder {
  dir: string;
  records: RunRecord[];
}

/** Loads a results folder for report, merge and compare. */
export function loadResultsFolder(dir: string): ResultsFolder {
  const abs = path.resolve(dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory())
    throw new UserError(`${dir}: no such results folder`);
  const file = path.join(abs, RESULTS_FILE);
  if (!existsSync(file))
    throw new UserError(
      `${dir}: not a results folder (no ${RESULTS_FILE}; create one with \`intentplay run ... --out ${dir}\`)`,
    );
  const { records: read, torn } = readResultsFile(file);
  if (torn.length)
    process.stderr.write(
      `${path.join(dir, RESULTS_FILE)}:${torn[0]}: ignoring a run line cut short by an interrupted run (\`intentplay run --resume ${dir}\` repairs it)\n`,
    );
  const records = withoutDuplicates(read);
  if (records.length < read.length)
    process.stderr.write(
      `${path.join(dir, RESULTS_FILE)}: ${read.length - records.length} duplicated run line(s) dropped (the same run written twice, as by two runs writing one folder at once); the first of each is kept\n`,
    );
  return { dir: abs, records: records.sort(compareRuns) };
}

/** One line per run: the same scenario, repeat and place in its group counts once. */
function withoutDuplicates(records: readonly RunRecord[]): RunRecord[] {
  const seen = new Set<string>();
  return records.filter((r) => {
    const key = JSON.stringify([
      r.group ?? r.scenario,
      r.deps ?? true,
      r.repeat,
      r.index ?? 0,
      r.scenario,
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Absolute path of a run's recording (recording paths are stored relative to their folder). */
export function recordingPath(folder: string, record: RunRecord): string | undefined {
  return record.recording ? path.resolve(folder, record.recording) : undefined;
}
