/** `intentplay report`: results folders in, one report out in the chosen format. */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { readRecordingsFolder, recordingFiles } from '../batch/recordings-folder.ts';
import { loadResultsFolder, recordingPath, RESULTS_FILE } from '../batch/results.ts';
import { compareRuns, type RunRecord } from '../batch/summary.ts';
import { findLibraries } from '../batch/libraries.ts';
import { lookupIn } from '../pibench/scoring.ts';
import { UserError } from '../contracts/diagnostics.ts';
import { requireLibrary, type Library } from '../scenario/library.ts';
import { BUNDLED_LIBRARY } from '../session/plan.ts';
import { buildReport } from './build.ts';
import type { ReportDoc } from './document.ts';
import { renderCsv } from './render-csv.ts';
import { renderHtml } from './render-html.ts';
import { renderMarkdown, renderTerminal } from './render-text.ts';

export const FORMATS = ['terminal', 'markdown', 'csv', 'html'] as const;
export type ReportFormat = (typeof FORMATS)[number];

export function parseFormat(text: string): ReportFormat {
  if (!(FORMATS as readonly string[]).includes(text))
    throw new UserError(`--format ${text}: expected one of ${FORMATS.join(', ')}`);
  return text as ReportFormat;
}

/**
 * The runs of one or more results folders, with recording paths made absolute. A folder
 * without results.jsonl that holds recordings (sessions played in the TUI) is read from them.
 */
export function loadRuns(dirs: readonly string[]): {
  folders: string[];
  runs: RunRecord[];
  fromRecordings: RunRecord[];
  libraries: string[];
} {
  const folders = dirs.map((dir) =>
    isRecordingsFolder(dir)
      ? { ...loadRecordingsFolder(dir), fromRecordings: true }
      : { ...loadResultsFolder(dir), fromRecordings: false, libraries: [] },
  );
  const loaded = folders.map((f) => ({
    f,
    runs: f.records.map((r) => (r.recording ? { ...r, recording: recordingPath(f.dir, r)! } : r)),
  }));
  const runs = loaded.flatMap((l) => l.runs);
  if (!runs.length) throw new UserError(`${dirs.join(', ')}: no runs to report on`);
  return {
    folders: folders.map((f) => f.dir),
    runs: runs.sort(compareRuns),
    fromRecordings: loaded.filter((l) => l.f.fromRecordings).flatMap((l) => l.runs),
    libraries: [...new Set(folders.flatMap((f) => f.libraries))],
  };
}

/**
 * The libraries plus the bundled one when some run's scenario is in none of them: a folder of
 * recordings has no run.json naming its library, and most sessions come from the bundled one.
 */
function withBundled(libraries: readonly Library[], runs: readonly RunRecord[]): Library[] {
  if (
    libraries.some((l) => l.root === BUNDLED_LIBRARY) ||
    runs.every((r) => libraries.some((l) => l.scenarios.has(r.scenario)))
  )
    return [...libraries];
  try {
    return [...libraries, requireLibrary(BUNDLED_LIBRARY, BUNDLED_LIBRARY)];
  } catch {
    return [...libraries]; // without it, those runs are reported without a category or π-Bench scoring
  }
}

/** Runs read from recordings carry no category: it comes from the scenario in its library. */
function fillCategories(runs: readonly RunRecord[], libraries: readonly Library[]): void {
  for (const run of runs) {
    const category = libraries.map((l) => l.scenarios.get(run.scenario)?.category).find(Boolean);
    if (category) run.category = category;
  }
}

function isRecordingsFolder(dir: string): boolean {
  return (
    existsSync(dir) &&
    statSync(dir).isDirectory() &&
    !existsSync(path.join(dir, RESULTS_FILE)) &&
    recordingFiles(dir).length > 0
  );
}

function loadRecordingsFolder(dir: string): {
  dir: string;
  records: RunRecord[];
  libraries: string[];
} {
  const { records, skipped, libraries } = readRecordingsFolder(dir);
  for (const s of skipped) process.stderr.write(`${s.file}: left out of the report: ${s.why}\n`);
  if (!records.length) throw new UserError(`${dir}: none of its recordings has a scored session`);
  return { dir: path.resolve(dir), records: records.sort(compareRuns), libraries };
}

export function renderDoc(
  doc: ReportDoc,
  format: ReportFormat,
  opts: { width?: number } = {},
): string {
  switch (format) {
    case 'markdown':
      return renderMarkdown(doc);
    case 'csv':
      return renderCsv(doc);
    case 'html':
      return renderHtml(doc);
    default:
      return renderTerminal(doc, opts);
  }
}

export function reportOn(dirs: readonly string[], opts: { library?: string } = {}): ReportDoc {
  const loaded = loadRuns(dirs);
  const libraries = withBundled(
    findLibraries(loaded.folders, opts.library, loaded.libraries),
    loaded.runs,
  );
  fillCategories(loaded.fromRecordings, libraries);
  return buildReport({
    folders: loaded.folders,
    runs: loaded.runs,
    ...(libraries.length ? { lookup: lookupIn(libraries) } : {}),
  });
}
