/**
 * A report as data: sections of tables and charts. The analysis builds one; each format
 * (terminal, Markdown, CSV, HTML) renders it, so every format shows the same numbers. It is a
 * contract because paradigms add their own sections (src/contracts/paradigm.ts).
 */

export interface MeanStd {
  mean: number | null;
  std: number | null;
}

export type CellValue = string | number | null | MeanStd;

/**
 * How a column's values read: `score` is a fraction shown as a percentage (π-Bench's
 * tables are in %), `delta` a signed difference of scores, `meanStd` a score with its
 * std across repeats, `meanSe` and `numSe` a score or a number with its standard error over
 * repeats, `num` a plain number with one decimal and `numDelta` a signed one.
 */
export type ColumnKind =
  'text' | 'int' | 'num' | 'score' | 'meanStd' | 'meanSe' | 'numSe' | 'delta' | 'numDelta' | 'usd';

export interface Column {
  /** Machine name: CSV header. */
  key: string;
  /** What a reader sees. */
  label: string;
  kind: ColumnKind;
  /** Decimals of a percentage (default 1): 2 where the paper's table gives two. */
  decimals?: number;
}

export interface Table {
  id: string;
  title: string;
  columns: Column[];
  rows: CellValue[][];
  /** Rows shown as totals (bold, after a rule). */
  totalRows?: number;
  note?: string;
}

export interface BarChart {
  type: 'bars';
  id: string;
  title: string;
  series: string[];
  groups: { label: string; values: (number | null)[] }[];
  /** Values are fractions of this (1 for scores). */
  max: number;
}

export interface StackedChart {
  type: 'stacked';
  id: string;
  title: string;
  parts: string[];
  /** Each row's values are shares that sum to 1. */
  rows: { label: string; values: number[] }[];
}

export interface ScatterChart {
  type: 'scatter';
  id: string;
  title: string;
  x: { label: string; min: number; max: number; kind: 'score' | 'num' };
  y: { label: string; min: number; max: number; kind: 'score' | 'num' };
  points: { label: string; x: number; y: number }[];
  /** Draw the y = x line (Proc = Comp). */
  diagonal?: boolean;
}

export type Chart = BarChart | StackedChart | ScatterChart;

export interface Section {
  id: string;
  title: string;
  /** One or two sentences: what the section shows, or why it is empty. */
  text?: string;
  tables: Table[];
  charts: Chart[];
  /** Long per-run detail: left out of the terminal rendering. */
  detail?: boolean;
}

export interface ReportDoc {
  title: string;
  /** Facts about the runs: folders, backends, counts. */
  meta: [string, string][];
  sections: Section[];
}

export const isMeanStd = (v: CellValue): v is MeanStd => typeof v === 'object' && v !== null;

/** A column: its key in the rows, its label, and its kind (which decides how every format shows it). */
export const col = (
  key: string,
  label: string,
  kind: Column['kind'] = 'text',
  decimals?: number,
): Column => ({ key, label, kind, ...(decimals === undefined ? {} : { decimals }) });

/** Rows grouped by `key`, the groups in code-point order (the same on every machine). */
export function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of xs) out.set(key(x), [...(out.get(key(x)) ?? []), x]);
  return new Map([...out].sort(([a], [b]) => Number(a > b) - Number(a < b)));
}
