/** `intentplay report`: results folders in, one report out in the chosen format. */
import { loadResultsFolder, recordingPath } from '../batch/results.ts';
import { compareRuns, type RunRecord } from '../batch/summary.ts';
import { readManifest } from '../batch/manifest.ts';
import { lookupIn } from '../pibench/scoring.ts';
import { UserError } from '../scenario/diagnostics.ts';
import { requireLibrary, type Library } from '../scenario/library.ts';
import { resolveTarget } from '../session/plan.ts';
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

/** The runs of one or more results folders, with recording paths made absolute. */
export function loadRuns(dirs: readonly string[]): { folders: string[]; runs: RunRecord[] } {
  const folders = dirs.map(loadResultsFolder);
  const runs = folders.flatMap((f) => f.records.map((r) => (r.recording ? { ...r, recording: recordingPath(f.dir, r)! } : r)));
  if (!runs.length) throw new UserError(`${dirs.join(', ')}: no runs to report on`);
  return { folders: folders.map((f) => f.dir), runs: runs.sort(compareRuns) };
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
  return buildReport({ ...loaded, ...(libraries.length ? { lookup: lookupIn(libraries) } : {}) });
}
