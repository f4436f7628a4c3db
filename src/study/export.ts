/**
 * `study export`: tidy CSV files, one row per observation, readable by pandas and R as they
 * are (RFC 4180 quoting, `NA` for missing, TRUE/FALSE), a codebook built from the same column
 * definitions, and a sha256 manifest (`sha256sum -c MANIFEST.sha256` checks it).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDirOf, readStudyData, type ParticipantData } from './data.ts';
import type { Study } from './load.ts';
import { answersTable, exposureTable, pausesTable, timingsTable } from './log-tables.ts';
import { checklistTable, intentsTable, participantsTable, sessionsTable, turnsTable } from './session-tables.ts';
import { col, toCsv, type ColumnType, type Table } from './table.ts';

export { csvCell, toCsv, type ColumnType } from './table.ts';

export function studyTables(study: Study, data: ParticipantData[]): Table[] {
  return [
    participantsTable(data),
    sessionsTable(data),
    turnsTable(data),
    intentsTable(data),
    checklistTable(data),
    answersTable(data),
    timingsTable(data),
    pausesTable(data),
    exposureTable(data, study),
  ];
}

const TYPES: Record<ColumnType, string> = {
  integer: 'whole numbers',
  number: 'numbers, possibly with decimals',
  logical: '`TRUE` or `FALSE`',
  text: 'text (a column of text may hold only digits, e.g. an answer; read it as text)',
  datetime: 'UTC date and time, ISO 8601 (`2026-11-26T18:30:00.000Z`)',
};

function codebook(study: Study, tables: Table[]): string {
  const lines = [
    `# Codebook: ${study.title}`,
    '',
    `Exported by intentplay from the study file (sha256 ${study.sha256}). Missing values are \`NA\`; times in \`*_ms\` are on the monotonic clock. The same list, one row per column, is in \`codebook.csv\`. Types:`,
    '',
    ...Object.entries(TYPES).map(([type, about]) => `- \`${type}\`: ${about}`),
    '',
  ];
  for (const t of tables) {
    lines.push(
      `## ${t.file}`,
      '',
      `${t.about}; ${t.rows.length} row${t.rows.length === 1 ? '' : 's'}.`,
      '',
      '| column | type | meaning |',
      '| --- | --- | --- |',
    );
    for (const c of t.columns) lines.push(`| \`${c.name}\` | ${c.type} | ${c.about.replace(/\|/g, '\\|')} |`);
    lines.push('');
  }
  return lines.join('\n');
}

/** The codebook as a table, for a script to check or convert the files by. */
function codebookTable(tables: Table[]): Pick<Table, 'columns' | 'rows'> {
  return {
    columns: [col('file', 'text', ''), col('column', 'text', ''), col('type', 'text', ''), col('meaning', 'text', '')],
    rows: tables.flatMap((t) => t.columns.map((c) => [t.file, c.name, c.type, c.about])),
  };
}

/** Writes the CSV files, codebook.md and MANIFEST.sha256 into `out`; returns the files written. */
export function exportStudyData(study: Study, dataDir: string | undefined, out: string): string[] {
  const data = readStudyData(study, dataDirOf(study, dataDir));
  const tables = studyTables(study, data);
  mkdirSync(out, { recursive: true });
  const files: string[] = [];
  for (const t of tables) {
    writeFileSync(path.join(out, t.file), toCsv(t));
    files.push(t.file);
  }
  writeFileSync(path.join(out, 'codebook.md'), codebook(study, tables));
  writeFileSync(path.join(out, 'codebook.csv'), toCsv(codebookTable(tables)));
  files.push('codebook.md', 'codebook.csv');
  const manifest =
    files
      .map(
        (f) =>
          `${createHash('sha256')
            .update(readFileSync(path.join(out, f)))
            .digest('hex')}  ${f}`,
      )
      .join('\n') + '\n';
  writeFileSync(path.join(out, 'MANIFEST.sha256'), manifest);
  return [...files, 'MANIFEST.sha256'];
}
