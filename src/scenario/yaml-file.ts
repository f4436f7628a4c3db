/**
 * Parses a YAML file keeping node positions, and validates it against a zod schema,
 * turning every issue into a Diagnostic that points at the offending key or value.
 */
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, isMap, isSeq, isPair, isScalar, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import type { Diagnostic } from './diagnostics.ts';
import { RULE_KEYS } from './schema.ts';

export interface ParsedYaml {
  file: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  value: unknown;
}

export function parseYamlFile(file: string, text?: string): { parsed?: ParsedYaml; diagnostics: Diagnostic[] } {
  let source: string;
  try {
    source = text ?? readFileSync(file, 'utf8');
  } catch (err) {
    return { diagnostics: [{ severity: 'error', file, line: 1, col: 1, message: `cannot read file: ${(err as Error).message}` }] };
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const diagnostics: Diagnostic[] = [];
  for (const e of doc.errors) {
    const pos = lineCounter.linePos(e.pos[0]);
    diagnostics.push({ severity: 'error', file, line: pos.line, col: pos.col, message: `YAML syntax: ${firstLine(e.message)}` });
  }
  if (diagnostics.length) return { diagnostics };
  // A copy with flat strings of its own: the parser's values are ropes and slices that keep
  // the whole source text alive, three times the file's size per loaded scenario.
  return { parsed: { file, doc, lineCounter, value: structuredClone(doc.toJS({ maxAliasCount: 1000 })) }, diagnostics };
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

/** Position of the node at `path`; with `key`, the position of that key inside the map at `path`. */
export function locate(parsed: ParsedYaml, path: readonly PropertyKey[], key?: string): { line: number; col: number } {
  let node: unknown = parsed.doc.contents;
  let last: unknown = node;
  for (const seg of path) {
    const next = child(node, seg);
    if (next === undefined) break;
    last = next.keyNode ?? next.node;
    node = next.node;
    last = node ?? last;
  }
  if (key !== undefined && isMap(node)) {
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
    if (pair && isScalar(pair.key) && pair.key.range) return parsed.lineCounter.linePos(pair.key.range[0]);
  }
  const range = (last as Node | undefined)?.range ?? (parsed.doc.contents as Node | null)?.range;
  return parsed.lineCounter.linePos(range ? range[0] : 0);
}

function child(node: unknown, seg: PropertyKey): { node: unknown; keyNode?: unknown } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
    if (!pair) return undefined;
    return { node: pair.value ?? pair.key, keyNode: pair.key };
  }
  if (isSeq(node) && typeof seg === 'number') {
    const item = node.items[seg];
    return item === undefined ? undefined : { node: item };
  }
  return undefined;
}

type Issue = z.core.$ZodIssue;

/** Validates `parsed.value` and reports every issue, located. */
export function validateWith<T>(
  parsed: ParsedYaml,
  schema: z.ZodType<T>,
  kind: string,
): { value?: T; recovered?: T; diagnostics: Diagnostic[] } {
  const result = schema.safeParse(parsed.value);
  if (result.success) return { value: result.data, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  for (const issue of result.error.issues) collectIssue(parsed, issue, [], kind, diagnostics);
  return { diagnostics: dedupe(diagnostics), ...recoverFromUnknownKeys(parsed.value, result.error.issues, schema) };
}

/**
 * When the only problems are unknown keys, the file minus those keys is still usable for
 * the checks that span files (references, cycles), so `validate` can report those too.
 */
function recoverFromUnknownKeys<T>(value: unknown, issues: Issue[], schema: z.ZodType<T>): { recovered?: T } {
  if (!issues.every((i) => i.code === 'unrecognized_keys')) return {};
  const copy = structuredClone(value);
  for (const issue of issues) {
    const target = valueAt(copy, issue.path);
    if (isPlainObject(target) && issue.code === 'unrecognized_keys') for (const k of issue.keys) delete target[k];
  }
  const again = schema.safeParse(copy);
  return again.success ? { recovered: again.data } : {};
}

function collectIssue(parsed: ParsedYaml, issue: Issue, prefix: PropertyKey[], kind: string, out: Diagnostic[]): void {
  const path = [...prefix, ...issue.path];
  const at = (key?: string) => ({ severity: 'error' as const, file: parsed.file, ...locate(parsed, path, key) });
  const where = path.length ? `\`${path.join('.')}\`` : `the ${kind}`;
  switch (issue.code) {
    case 'unrecognized_keys':
      for (const key of issue.keys) out.push({ ...at(key), message: `unknown key \`${key}\` in ${where}${suggest(issue, key)}` });
      return;
    case 'invalid_union': {
      const input = valueAt(parsed.value, path);
      if (isPlainObject(input) && looksLikeRule(issue)) {
        const keys = Object.keys(input);
        const known = keys.filter((k) => (RULE_KEYS as readonly string[]).includes(k));
        if (keys.length === 1 && known.length === 1) {
          // One known rule: report that branch's own problems, which are the useful ones.
          const branch = issue.errors.find((errs) => errs.every((e) => e.path[0] === known[0] || e.code !== 'unrecognized_keys'));
          const inner = branch?.filter((e) => !(e.code === 'invalid_type' && e.path.length === 1 && e.path[0] !== known[0]));
          if (inner?.length) {
            for (const e of inner) collectIssue(parsed, e, path, kind, out);
            return;
          }
        }
        const unknown = keys.filter((k) => !(RULE_KEYS as readonly string[]).includes(k));
        const what = unknown.length ? `unknown rule \`${unknown[0]}\`` : keys.length === 0 ? 'empty rule' : `a rule has exactly one key, got ${keys.map((k) => `\`${k}\``).join(', ')}`;
        out.push({ ...at(unknown[0]), message: `${what} at ${where}; expected one of ${RULE_KEYS.join(', ')}` });
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
        out.push({ severity: 'error', file: parsed.file, ...locate(parsed, parentPath), message: `missing required key \`${key}\`${parentPath.length ? ` in \`${parentPath.join('.')}\`` : ''} (expected ${issue.expected})` });
      } else {
        out.push({ ...at(), message: `${where}: expected ${issue.expected}, got ${describe(input)}` });
      }
      return;
    }
    default:
      out.push({ ...at(), message: `${where}: ${issue.message}` });
  }
}

function looksLikeRule(issue: Extract<Issue, { code: 'invalid_union' }>): boolean {
  return issue.errors.length === RULE_KEYS.length;
}

function suggest(issue: Issue, key: string): string {
  void issue;
  const close = KNOWN_KEYS.find((k) => k !== key && editDistance(k, key) <= 2);
  return close ? ` (did you mean \`${close}\`?)` : '';
}

const KNOWN_KEYS = [
  'id', 'persona', 'title', 'description', 'category', 'depends_on', 'trigger', 'workspace', 'tools', 'apps',
  'intents', 'checklist', 'references', 'limits', 'kind', 'text', 'source', 'files', 'assets', 'reveal', 'ask',
  'done', 'grader', 'rule', 'weight', 'say', 'actions', 'tool', 'args', 'max_turns', 'tool_steps', 'name', 'role',
  'profile', 'style', 'facts', 'goals', 'sessions', 'path', 'pattern', 'ok', ...RULE_KEYS,
];

export function editDistance(a: string, b: string): number {
  const dp = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) dp[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      dp[i]![j] = Math.min(dp[i - 1]![j]! + 1, dp[i]![j - 1]! + 1, dp[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
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
