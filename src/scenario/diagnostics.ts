/** A located problem in a user's file. Printed as `file:line:col: error: message`. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  file: string;
  line: number;
  col: number;
  message: string;
}

export function formatDiagnostic(d: Diagnostic, cwd = process.cwd()): string {
  const rel = d.file.startsWith(cwd + '/') ? d.file.slice(cwd.length + 1) : d.file;
  return `${rel}:${d.line}:${d.col}: ${d.severity}: ${d.message}`;
}

/** An error the user caused (bad file, bad flag): printed without a stack trace. */
export class UserError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(message: string, diagnostics: Diagnostic[] = []) {
    super(message);
    this.name = 'UserError';
    this.diagnostics = diagnostics;
  }
}

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.message.localeCompare(b.message),
  );
}
