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

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      compareNatural(a.file, b.file) ||
      a.line - b.line ||
      a.col - b.col ||
      compareText(a.message, b.message),
  );
}
