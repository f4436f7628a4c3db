/**
 * Validates a parsed YAML file against a zod schema, turning every issue into a Diagnostic that
 * points at the offending key or value, with "did you mean" for a misspelt key.
 */
import type { z } from 'zod';
import type { Diagnostic } from '../contracts/diagnostics.ts';
import { RULE_KEYS, scenarioKeys } from './schema.ts';
import { locate, type ParsedYaml } from './yaml-file.ts';

type Issue = z.core.$ZodIssue;

const MAX_ISSUES = 100;

/** Validates `parsed.value` and reports every issue, located. */
export function validateWith<T>(
  parsed: ParsedYaml,
  schema: z.ZodType<T>,
  kind: string,
): { value?: T; recovered?: T; diagnostics: Diagnostic[] } {
  const result = schema.safeParse(parsed.value);
  if (result.success) return { value: result.data, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const issues = result.error.issues;
  // A file of 100,000 wrong items is one mistake repeated: its first errors say it, and a list that long cannot overflow a caller.
  for (const issue of issues.slice(0, MAX_ISSUES))
    collectIssue(parsed, issue, [], kind, diagnostics);
  if (issues.length > MAX_ISSUES)
    diagnostics.push({
      severity: 'error',
      file: parsed.file,
      ...locate(parsed, issues[MAX_ISSUES]!.path),
      message: `${issues.length - MAX_ISSUES} more errors in this file, not listed`,
    });
  return {
    diagnostics: dedupe(diagnostics),
    ...recoverFromUnknownKeys(parsed.value, issues, schema),
  };
}

/**
 * When the only problems are unknown keys, the file minus those keys is still usable for
 * the checks that span files (references, cycles), so `validate` can report those too.
 */
function recoverFromUnknownKeys<T>(
  value: unknown,
  issues: Issue[],
  schema: z.ZodType<T>,
): { recovered?: T } {
  if (!issues.every((i) => i.code === 'unrecognized_keys')) return {};
  const copy = structuredClone(value);
  for (const issue of issues) {
    const target = valueAt(copy, issue.path);
    if (isPlainObject(target) && issue.code === 'unrecognized_keys')
      for (const k of issue.keys) delete target[k];
  }
  const again = schema.safeParse(copy);
  return again.success ? { recovered: again.data } : {};
}

function collectIssue(
  parsed: ParsedYaml,
  issue: Issue,
  prefix: PropertyKey[],
  kind: string,
  out: Diagnostic[],
): void {
  const path = [...prefix, ...issue.path];
  const at = (key?: string) => ({
    severity: 'error' as const,
    file: parsed.file,
    ...locate(parsed, path, key),
  });
  const where = path.length ? `\`${path.join('.')}\`` : `the ${kind}`;
  switch (issue.code) {
    case 'unrecognized_keys':
      for (const key of issue.keys)
        out.push({ ...at(key), message: `unknown key \`${key}\` in ${where}${suggest(key)}` });
      return;
    case 'invalid_union': {
      const input = valueAt(parsed.value, path);
      if (isPlainObject(input) && looksLikeRule(issue)) {
        const keys = Object.keys(input);
        const known = keys.filter((k) => (RULE_KEYS as readonly string[]).includes(k));
        if (keys.length === 1 && known.length === 1) {
          // One known rule: report that branch's own problems, which are the useful ones.
          const branch = issue.errors.find((errs) =>
            errs.every((e) => e.path[0] === known[0] || e.code !== 'unrecognized_keys'),
          );
          const inner = branch?.filter(
            (e) => !(e.code === 'invalid_type' && e.path.length === 1 && e.path[0] !== known[0]),
          );
          if (inner?.length) {
            for (const e of inner) collectIssue(parsed, e, path, kind, out);
            return;
          }
        }
        const unknown = keys.filter((k) => !(RULE_KEYS as readonly string[]).includes(k));
        let what = `a rule has exactly one key, got ${keys.map((k) => `\`${k}\``).join(', ')}`;
        if (unknown.length) what = `unknown rule \`${unknown[0]}\``;
        else if (keys.length === 0) what = 'empty rule';
        out.push({
          ...at(unknown[0]),
          message: `${what} at ${where}; expected one of ${RULE_KEYS.join(', ')}`,
        });
        return;
      }
      out.push({ ...at(), message: `${where}: ${issue.message}` });
      return;
    }
    case 'invalid_type': {
      const input = valueAt(parsed.value, path);
      if (input === undefined) {
        const parentPath = path.slice(0, -1);
        const key = String(path[path.length - 1]);
        out.push({
          severity: 'error',
          file: parsed.file,
          ...locate(parsed, parentPath),
          message: `missing required key \`${key}\`${parentPath.length ? ` in \`${parentPath.join('.')}\`` : ''} (expected ${issue.expected})`,
        });
      } else {
        out.push({
          ...at(),
          message: `${where}: expected ${issue.expected}, got ${describe(input)}`,
        });
      }
      return;
    }
    case 'invalid_key': {
      // A record key that failed its own check: say what is wrong with it, at the key.
      const key = String(path[path.length - 1]);
      const parent = path.slice(0, -1);
      const reasons = issue.issues.map((i) => i.message).join('; ');
      out.push({
        severity: 'error',
        file: parsed.file,
        ...locate(parsed, parent, key),
        message: `\`${parent.join('.')}\`: ${reasons}`,
      });
      return;
    }
    default:
      out.push({ ...at(), message: `${where}: ${issue.message}` });
  }
}

function looksLikeRule(issue: Extract<Issue, { code: 'invalid_union' }>): boolean {
  return issue.errors.length === RULE_KEYS.length;
}

function suggest(key: string): string {
  const close = [...scenarioKeys(), ...NESTED_KEYS].find(
    (k) => k !== key && editDistance(k, key) <= 2,
  );
  return close ? ` (did you mean \`${close}\`?)` : '';
}

/** Keys below a scenario's top (its own come from the schema: scenarioKeys), and the persona's and episode's. */
const NESTED_KEYS = [
  'kind',
  'text',
  'source',
  'files',
  'assets',
  'reveal',
  'ask',
  'done',
  'grader',
  'rule',
  'weight',
  'say',
  'actions',
  'tool',
  'args',
  'max_turns',
  'tool_steps',
  'name',
  'role',
  'profile',
  'style',
  'facts',
  'goals',
  'sessions',
  'path',
  'pattern',
  'ok',
  ...RULE_KEYS,
];

export function editDistance(a: string, b: string): number {
  const dp = Array.from({ length: a.length + 1 }, (_, i) => [
    i,
    ...Array<number>(b.length).fill(0),
  ]);
  for (let j = 1; j <= b.length; j++) dp[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      dp[i]![j] = Math.min(
        dp[i - 1]![j]! + 1,
        dp[i]![j - 1]! + 1,
        dp[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
  return dp[a.length]![b.length]!;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg];
  }
  return v;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  return `${typeof v} ${JSON.stringify(v)?.slice(0, 40)}`;
}

function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const k = `${d.line}:${d.col}:${d.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
