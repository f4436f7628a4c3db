import { IntentplayError } from './errors.ts';
import { compareNatural, compareText } from './order.ts';

/** A located problem in a user's file. Printed as `file:line:col: error: message`. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  file: string;
  line: number;
  col: number;
  message: string;
}

/**
 * Control characters from a file (an escape sequence in an id could set the terminal's title or
 * clear it; a newline could forge a line) are shown escaped, never sent to the terminal.
 */
const ESCAPES: Record<string, string> = { '\n': '\\n', '\t': '\\t' };

export function visible(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function formatDiagnostic(d: Diagnostic, cwd = process.cwd()): string {
  const rel = d.file.startsWith(cwd + '/') ? d.file.slice(cwd.length + 1) : d.file;
  return `${visible(rel)}:${d.line}:${d.col}: ${d.severity}: ${visible(d.message)}`;
}

/** An error the user caused (bad file, bad flag): printed without a stack trace. */
export class UserError extends IntentplayError {
  readonly diagnostics: Diagnostic[];
  constructor(message: string, diagnostics: Diagnostic[] = []) {
    super(message);
    this.diagnostics = diagnostics;
  }
}

/** What the place explains when writing there fails: a full disk, a read-only or forbidden folder. */
const PLACE_PROBLEMS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  ENOTDIR: 'part of the path is a file, not a folder',
  EISDIR: 'that is a folder',
  // Making a folder on a read-only file system says ENOENT (its parent cannot be made either).
  ENOENT: 'a folder on the way does not exist and cannot be made',
};

/**
 * A failed write under a place the user chose (results folder, recordings folder) as a UserError
 * that says what could not be done, where and why, in one line: it is the place, not a bug.
 * Any other error is returned as it was.
 */
export function placeError(err: unknown, doing: string): unknown {
  const { code, path } = (err ?? {}) as { code?: unknown; path?: unknown };
  const why = typeof code === 'string' ? PLACE_PROBLEMS[code] : undefined;
  if (!why) return err;
  const where = typeof path === 'string' && !doing.includes(path) ? ` (${path})` : '';
  return new UserError(`cannot ${doing}${where}: ${why}`);
}

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      compareNatural(a.file, b.file) ||
      a.line - b.line ||
      a.col - b.col ||
      compareText(a.message, b.message),
  );
}
