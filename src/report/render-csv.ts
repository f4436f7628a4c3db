/**
 * CSV rendering: every table of the report, one block each (a `# title` row, the header,
 * the rows), separated by blank lines; or, for a folder, one plain CSV file per table, which
 * pandas, R and spreadsheets read as they are. Scores are raw fractions; a mean ± std column
 * becomes two columns (`proc_mean`, `proc_std`).
 */
import type { ReportDoc, Table } from './document.ts';
import { csvCells, csvHeaders } from './format.ts';

export function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvTable(table: Table): string[] {
  const line = (cells: string[]) => cells.map(csvField).join(',');
  return [
    line(csvHeaders(table.columns)),
    ...table.rows.map((r) => line(table.columns.flatMap((c, i) => csvCells(r[i] ?? null, c)))),
  ];
}

const tableTitle = (t: Table) => t.title.replace(/ \(%\)$/, '');

export function renderCsv(doc: ReportDoc): string {
  const blocks = doc.sections.flatMap((s) =>
    s.tables.map((t) => [csvField(`# ${tableTitle(t)}`), ...csvTable(t)].join('\n')),
  );
  return blocks.join('\n\n') + '\n';
}

/** One file per table, named after its title (`proc-comp-by-persona.csv`), in report order. */
export function renderCsvFiles(doc: ReportDoc): { name: string; text: string }[] {
  const used = new Set<string>();
  return doc.sections.flatMap((s) =>
    s.tables.map((t) => {
      const base =
        tableTitle(t)
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'table';
      let name = `${base}.csv`;
      for (let n = 2; used.has(name); n++) name = `${base}-${n}.csv`;
      used.add(name);
      return { name, text: csvTable(t).join('\n') + '\n' };
    }),
  );
}
