/** Cell values as people read them (terminal, Markdown, HTML) and as machines read them (CSV). */
import { isMeanStd, type CellValue, type Column } from './document.ts';

export const pct = (x: number, decimals = 1): string => (x * 100).toFixed(decimals);

/** The sign a difference is shown with (± for none). */
function signOf(x: number): string {
  if (x > 0) return '+';
  return x < 0 ? '−' : '±';
}

export function displayCell(value: CellValue, column: Column): string {
  if (value === null) return '–';
  if (isMeanStd(value)) {
    const show =
      column.kind === 'numSe'
        ? (x: number) => x.toFixed(1)
        : (x: number) => pct(x, column.decimals);
    if (value.mean === null) return '–';
    return value.std === null ? show(value.mean) : `${show(value.mean)} ± ${show(value.std)}`;
  }
  if (typeof value === 'string') return value;
  switch (column.kind) {
    case 'score':
      return pct(value, column.decimals);
    case 'delta':
      return `${signOf(value)}${pct(Math.abs(value))}`;
    case 'num':
      return value.toFixed(1);
    case 'numDelta':
      return `${signOf(value)}${Math.abs(value).toFixed(1)}`;
    case 'usd':
      return `$${value < 1 ? value.toFixed(4) : value.toFixed(2)}`;
    case 'int':
      return value.toLocaleString('en-US');
    default:
      return String(value);
  }
}

/** Right-aligned in tables: everything but text. */
export const isNumeric = (column: Column): boolean => column.kind !== 'text';

/** The columns that hold a mean and its spread: the name of the spread in CSV. */
const SPREAD: Partial<Record<Column['kind'], string>> = {
  meanStd: 'std',
  meanSe: 'se',
  numSe: 'se',
};

/** CSV headers: a mean-and-spread column becomes two (KEY_mean, KEY_std or KEY_se). */
export function csvHeaders(columns: readonly Column[]): string[] {
  return columns.flatMap((c) =>
    SPREAD[c.kind] ? [`${c.key}_mean`, `${c.key}_${SPREAD[c.kind]}`] : [c.key],
  );
}

const raw = (x: number) => String(Math.round(x * 10000) / 10000);

export function csvCells(value: CellValue, column: Column): string[] {
  if (SPREAD[column.kind]) {
    const v = isMeanStd(value) ? value : { mean: null, std: null };
    return [v.mean === null ? '' : raw(v.mean), v.std === null ? '' : raw(v.std)];
  }
  if (value === null || isMeanStd(value)) return [''];
  return [typeof value === 'number' ? raw(value) : value];
}
