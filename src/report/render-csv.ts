/**
 * CSV rendering: every table of the report, one block each (a `# title` row, the header,
 * the rows), separated by blank lines. Scores are raw fractions; a mean ± std column
 * becomes two columns (`proc_mean`, `proc_std`).
 */
import type { ReportDoc, Table } from './document.ts';
import { csvCells, csvHeaders } from './format.ts';

export function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvTable(table: Table): string[] {
  const line = (cells: string[]) => cells.map(csvField).join(',');
  return [line(csvHeaders(table.columns)), ...table.rows.map((r) => line(table.columns.flatMap((c, i) => csvCells(r[i] ?? null, c))))];
}

export function renderCsv(doc: ReportDoc): string {
  const blocks = doc.sections.flatMap((s) => s.tables.map((t) => [csvField(`# ${t.title.replace(/ \(%\)$/, '')}`), ...csvTable(t)].join('\n')));
  return blocks.join('\n\n') + '\n';
}
