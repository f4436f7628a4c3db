/**
 * Located checks over one parsed π-Bench YAML file. π-Bench's own loader is a set of
 * hand-written checks rather than a schema, so ours is too; each problem still names
 * file:line:col.
 */
import type { Diagnostic } from '../../contracts/diagnostics.ts';
import { readFileSync } from 'node:fs';
import { locate, parseYamlFile, type ParsedYaml } from '../yaml-file.ts';
import { repairQuotedContinuations } from './pyyaml-compat.ts';

export type YamlPath = readonly (string | number)[];

export class LocatedFile {
  readonly diagnostics: Diagnostic[] = [];
  constructor(readonly parsed: ParsedYaml) {}

  get file(): string {
    return this.parsed.file;
  }

  /** The parsed value at `path` (undefined when any step is missing). */
  at(path: YamlPath): unknown {
    let v: unknown = this.parsed.value;
    for (const seg of path) {
      if (v === null || typeof v !== 'object') return undefined;
      v = (v as Record<string | number, unknown>)[seg];
    }
    return v;
  }

  error(path: YamlPath, message: string, key?: string): void {
    this.diagnostics.push({
      severity: 'error',
      file: this.file,
      ...locate(this.parsed, path, key),
      message,
    });
  }

  warn(path: YamlPath, message: string, key?: string): void {
    this.diagnostics.push({
      severity: 'warning',
      file: this.file,
      ...locate(this.parsed, path, key),
      message,
    });
  }

  /** A string value (or undefined when absent); a non-string is an error. */
  optionalString(path: YamlPath): string | undefined {
    const v = this.at(path);
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    this.error(path, `\`${path.join('.')}\`: expected a string, got ${describe(v)}`);
    return undefined;
  }

  /** A mapping (or undefined when absent); anything else is an error. */
  optionalMap(path: YamlPath): Record<string, unknown> | undefined {
    const v = this.at(path);
    if (v === undefined || v === null) return undefined;
    if (isMap(v)) return v;
    this.error(path, `\`${path.join('.')}\`: expected a mapping, got ${describe(v)}`);
    return undefined;
  }

  /** A list (or undefined when absent); anything else is an error. */
  optionalList(path: YamlPath): unknown[] | undefined {
    const v = this.at(path);
    if (v === undefined || v === null) return undefined;
    if (Array.isArray(v)) return v;
    this.error(path, `\`${path.join('.')}\`: expected a list, got ${describe(v)}`);
    return undefined;
  }
}

/** Parses a file for located checks; the diagnostics hold YAML syntax errors, if any. */
export function openYaml(file: string): { file?: LocatedFile; diagnostics: Diagnostic[] } {
  const { parsed, diagnostics } = parseLikePyYaml(file);
  if (!parsed) return { diagnostics };
  if (!isMap(parsed.value)) {
    return {
      diagnostics: [
        {
          severity: 'error',
          file,
          ...locate(parsed, []),
          message: `expected a mapping at the top of the file, got ${describe(parsed.value)}`,
        },
      ],
    };
  }
  return { file: new LocatedFile(parsed), diagnostics };
}

/**
 * π-Bench files as PyYAML reads them: when strict YAML refuses a file only because of quoted
 * scalars whose continuation lines are indented no deeper than their key, the re-indented
 * text is read instead (the same values), with a located warning for each such scalar.
 */
function parseLikePyYaml(file: string): ReturnType<typeof parseYamlFile> {
  const strict = parseYamlFile(file);
  if (strict.parsed) return strict;
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return strict;
  }
  const { text, repairs } = repairQuotedContinuations(source);
  if (!repairs.length) return strict;
  const repaired = parseYamlFile(file, text);
  if (!repaired.parsed) return strict;
  const firsts = repairs.filter((r, i) => i === 0 || repairs[i - 1]!.line !== r.line - 1);
  const warnings: Diagnostic[] = firsts.map((r) => ({
    severity: 'warning',
    file,
    line: r.line,
    col: 1,
    message:
      'a quoted value continues on lines indented no deeper than its key: strict YAML refuses this, PyYAML (π-Bench) folds them into one line, and so does intentplay for π-Bench files',
  }));
  return { parsed: repaired.parsed, diagnostics: [...repaired.diagnostics, ...warnings] };
}

export function isMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function describe(v: unknown): string {
  if (v === null || v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  return `${typeof v} ${JSON.stringify(v)?.slice(0, 40)}`;
}
