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

/** The columns that start every per-questionnaire table (answers, scores): who, which questionnaire, about which session. */
export const QUESTIONNAIRE_KEY = [
  col('participant', 'text', 'participant code'),
  col(
    'part',
    'text',
    'before (before the first session), session (after a session) or final (at the end)',
  ),
  col('session', 'integer', 'the session asked about, from 1 (missing for before and final)'),
  col('condition', 'text', "that session's condition (missing for before and final)"),
  col('scenario', 'text', "that session's scenario (missing for before and final)"),
];

/** The first cells of a row of a per-questionnaire table: see QUESTIONNAIRE_KEY. */
export function questionnaireKey(
  participant: string,
  part: string,
  session: number | undefined,
  assigned: { condition: string; scenario: string } | undefined,
): Cell[] {
  return [
    participant,
    part,
    session === undefined ? null : session + 1,
    assigned?.condition ?? null,
    assigned?.scenario ?? null,
  ];
}

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
