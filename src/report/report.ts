/** `intentplay report`: results folders in, one report out in the chosen format. */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { readRecordingsFolder, recordingFiles } from '../batch/recordings-folder.ts';
import { loadResultsFolder, recordingPath, RESULTS_FILE } from '../batch/results.ts';
import { compareRuns, type RunRecord } from '../batch/summary.ts';
import { readManifest } from '../batch/manifest.ts';
import { lookupIn } from '../pibench/scoring.ts';
import { UserError } from '../scenario/diagnostics.ts';
import { requireLibrary, type Library } from '../scenario/library.ts';
import { BUNDLED_LIBRARY, resolveTarget } from '../session/plan.ts';
import { buildReport } from './build.ts';
import type { ReportDoc } from './document.ts';
import { renderCsv } from './render-csv.ts';
import { renderHtml } from './render-html.ts';
import { renderMarkdown, renderTerminal } from './render-text.ts';

export const FORMATS = ['terminal', 'markdown', 'csv', 'html'] as const;
export type ReportFormat = (typeof FORMATS)[number];

export function parseFormat(text: string): ReportFormat {
  if (!(FORMATS as readonly string[]).includes(text)) throw new UserError(`--format ${text}: expected one of ${FORMATS.join(', ')}`);
  return text as ReportFormat;
}

/**
 * The runs of one or more results folders, with recording paths made absolute. A folder
 * without results.jsonl that holds recordings (sessions played in the TUI) is read from them.
 */
export function loadRuns(dirs: readonly string[]): { folders: string[]; runs: RunRecord[]; fromRecordings: RunRecord[] } {
  const folders = dirs.map((dir) => (isRecordingsFolder(dir) ? { ...loadRecordingsFolder(dir), fromRecordings: true } : { ...loadResultsFolder(dir), fromRecordings: false }));
  const loaded = folders.map((f) => ({ f, runs: f.records.map((r) => (r.recording ? { ...r, recording: recordingPath(f.dir, r)! } : r)) }));
  const runs = loaded.flatMap((l) => l.runs);
  if (!runs.length) throw new UserError(`${dirs.join(', ')}: no runs to report on`);
  return { folders: folders.map((f) => f.dir), runs: runs.sort(compareRuns), fromRecordings: loaded.filter((l) => l.f.fromRecordings).flatMap((l) => l.runs) };
}

/** Runs read from recordings carry no category: it comes from the scenario, in --library, else the bundled library. */
function fillCategories(runs: readonly RunRecord[], libraries: readonly Library[]): void {
  const fill = (libs: readonly Library[], from: readonly RunRecord[]) =>
    from.filter((run) => {
      const category = libs.map((l) => l.scenarios.get(run.scenario)?.category).find(Boolean);
      if (category) run.category = category;
      return !category;
    });
  const missing = fill(libraries, runs);
  if (!missing.length || libraries.some((l) => l.root === BUNDLED_LIBRARY)) return;
  try {
    fill([requireLibrary(BUNDLED_LIBRARY, BUNDLED_LIBRARY)], missing);
  } catch {
    // without it, those runs are reported without a category
  }
}

function isRecordingsFolder(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory() && !existsSync(path.join(dir, RESULTS_FILE)) && recordingFiles(dir).length > 0;
}

function loadRecordingsFolder(dir: string): { dir: string; records: RunRecord[] } {
  const { records, skipped } = readRecordingsFolder(dir);
  for (const s of skipped) process.stderr.write(`${s.file}: left out of the report: ${s.why}\n`);
  if (!records.length) throw new UserError(`${dir}: none of its recordings has a scored session`);
  return { dir: path.resolve(dir), records: records.sort(compareRuns) };
}

/** The libraries the runs came from: `--library`, else what each folder's run.json ran. */
export function findLibraries(folders: readonly string[], library?: string): Library[] {
  if (library) return [requireLibrary(library, library)];
  const found = new Map<string, Library>();
  for (const folder of folders) {
    const manifest = readManifest(folder);
    const override = typeof manifest?.options.library === 'string' ? manifest.options.library : undefined;
    for (const target of manifest?.targets ?? []) {
      try {
        const lib = resolveTarget(target, override).library;
        found.set(lib.root, lib);
      } catch {
        // moved or deleted since the run: π-Bench scoring says what it is missing
      }
    }
  }
  return [...found.values()];
}

export function renderDoc(doc: ReportDoc, format: ReportFormat, opts: { width?: number } = {}): string {
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
  const libraries = findLibraries(loaded.folders, opts.library);
  fillCategories(loaded.fromRecordings, libraries);
  return buildReport({ folders: loaded.folders, runs: loaded.runs, ...(libraries.length ? { lookup: lookupIn(libraries) } : {}) });
}
