/** `intentplay report`: results folders in, one report out in the chosen format. */
import { loadResultsFolder, recordingPath } from '../batch/results.ts';
import { compareRuns, type RunRecord } from '../batch/summary.ts';
import { UserError } from '../scenario/diagnostics.ts';
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

export function reportOn(dirs: readonly string[]): ReportDoc {
  return buildReport(loadRuns(dirs));
}
