/** A tidy table of a study export: typed columns (the codebook) and its rows, and how it is written as CSV. */
export type Cell = string | number | boolean | null | undefined;
/** How a column reads: integer, number (may have decimals), logical (TRUE/FALSE), text, datetime (UTC, ISO 8601). */
export type ColumnType = 'integer' | 'number' | 'logical' | 'text' | 'datetime';
export interface Column {
  name: string;
  type: ColumnType;
  about: string;
}
export interface Table {
  file: string;
  about: string;
  columns: Column[];
  rows: Cell[][];
}

export const col = (name: string, type: ColumnType, about: string): Column => ({
  name,
  type,
  about,
});
/** The columns that start every per-session table. */
export const KEY = [
  col('participant', 'text', 'participant code'),
  col('session', 'integer', "session in the participant's order, from 1"),
  col('condition', 'text', 'condition name from the study file'),
  col('scenario', 'text', 'scenario id'),
];

/**
 * One cell of RFC 4180 CSV. Missing is written one way only, as an empty field (text is never
 * empty: an empty answer is a missing one), so text such as `NA` or `N/A` stays text for a
 * reader told that only empty fields are missing (the codebook says how).
 */
export function csvCell(v: Cell): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(t: Pick<Table, 'columns' | 'rows'>): string {
  return (
    [t.columns.map((c) => c.name), ...t.rows]
      .map((r) => r.map((c) => csvCell(c as Cell)).join(','))
      .join('\n') + '\n'
  );
}
