/**
 * Parses a YAML file keeping node positions, and validates it against a zod schema,
 * turning every issue into a Diagnostic that points at the offending key or value.
 */
import { errorMessage } from '../contracts/errors.ts';
import { readFileSync } from 'node:fs';
import {
  LineCounter,
  parseDocument,
  isAlias,
  isMap,
  isNode,
  isSeq,
  isPair,
  isScalar,
  type Alias,
  type Document,
  type Node,
} from 'yaml';
import type { z } from 'zod';
import type { Diagnostic } from '../contracts/diagnostics.ts';
import { RULE_KEYS, scenarioKeys } from './schema.ts';

export interface ParsedYaml {
  file: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  value: unknown;
}

export function parseYamlFile(
  file: string,
  text?: string,
): { parsed?: ParsedYaml; diagnostics: Diagnostic[] } {
  let source: string;
  try {
    source = text ?? readFileSync(file, 'utf8');
  } catch (err) {
    return {
      diagnostics: [
        {
          severity: 'error',
          file,
          line: 1,
          col: 1,
          message: `cannot read file: ${errorMessage(err)}`,
        },
      ],
    };
  }
  const lineCounter = new LineCounter();
  // logLevel 'error': the package's own warnings would go to stderr unlocated; the ones that matter are reported below.
  let doc: Document.Parsed;
  try {
    doc = parseDocument(source, {
      lineCounter,
      prettyErrors: false,
      uniqueKeys: true,
      logLevel: 'error',
    });
  } catch (err) {
    // The parser recurses per level of nesting: thousands of levels overflow the stack inside it.
    if (!(err instanceof RangeError)) throw err;
    return {
      diagnostics: [{ severity: 'error', file, ...deepestLine(source), message: TOO_DEEP }],
    };
  }
  const diagnostics: Diagnostic[] = [];
  for (const e of doc.errors) {
    const pos = lineCounter.linePos(e.pos[0]);
    const overflow = /Maximum call stack size exceeded/.test(e.message);
    diagnostics.push({
      severity: 'error',
      file,
      line: pos.line,
      col: pos.col,
      message: overflow ? TOO_DEEP : `YAML syntax: ${firstLine(e.message)}`,
    });
    if (overflow) break;
  }
  if (diagnostics.length) return { diagnostics };
  const at = (node: Node | undefined) => ({
    severity: 'error' as const,
    file,
    ...lineCounter.linePos(node?.range?.[0] ?? 0),
  });
  const deep = tooDeep(doc.contents);
  if (deep)
    return {
      diagnostics: [
        {
          ...at(deep),
          message: `YAML nested more than ${MAX_DEPTH} levels deep: no intentplay file needs that (a mistake, or an attack)`,
        },
      ],
    };
  const alias = unresolvedAlias(doc);
  if (alias)
    return {
      diagnostics: [
        {
          ...at(alias),
          message: `YAML alias \`*${alias.source}\` has no anchor \`&${alias.source}\` before it`,
        },
      ],
    };
  const collectionKey = walk(
    doc.contents,
    (n) => isMap(n) && n.items.some((p) => isMap(p.key) || isSeq(p.key)),
  ) as { items: { key: unknown }[] } | undefined;
  if (collectionKey) {
    const key = collectionKey.items.find((p) => isMap(p.key) || isSeq(p.key))!.key as Node;
    return {
      diagnostics: [
        {
          ...at(key),
          message:
            'a key that is a list or a mapping (often a stray `? ` or a misplaced colon): keys are plain text',
        },
      ],
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    // The yaml package refuses alias "bombs" (billion laughs) by count; anything else it throws is a file problem too.
    const message = /resource exhaustion/.test(errorMessage(err))
      ? `YAML aliases expand to too many nodes (more than ${MAX_ALIAS_COUNT}): an alias bomb, refused`
      : `YAML cannot be read: ${firstLine(errorMessage(err))}`;
    return { diagnostics: [{ ...at(firstAlias(doc)), message }] };
  }
  // A copy with flat strings of its own: the parser's values are ropes and slices that keep
  // the whole source text alive, three times the file's size per loaded scenario.
  return { parsed: { file, doc, lineCounter, value: structuredClone(value) }, diagnostics };
}

const MAX_DEPTH = 64;
const MAX_ALIAS_COUNT = 1000;
const TOO_DEEP = `YAML nested too deeply to read (more than ${MAX_DEPTH} levels is never needed)`;

/** Where a file too deep to parse goes deepest, by indentation and leading `- `, `? `, `[` and `{` (the parser gave up without a place). */
function deepestLine(source: string): { line: number; col: number } {
  let best = { line: 1, col: 1 };
  let most = -1;
  source.split('\n').forEach((text, i) => {
    const lead = /^[\s\-?[{]*/.exec(text)![0].length;
    if (lead > most) {
      most = lead;
      best = { line: i + 1, col: lead + 1 };
    }
  });
  return best;
}

function childrenOf(node: unknown): unknown[] {
  if (isMap(node) || isSeq(node))
    return node.items.flatMap((item) => (isPair(item) ? [item.key, item.value] : [item]));
  return [];
}

/** The first node nested deeper than MAX_DEPTH collections (walked without recursion). */
function tooDeep(root: unknown): Node | undefined {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_DEPTH) return node as Node;
    if (isMap(node) || isSeq(node)) for (const c of childrenOf(node)) stack.push([c, depth + 1]);
  }
  return undefined;
}

function walk(root: unknown, visit: (node: unknown) => boolean): unknown {
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (visit(node)) return node;
    // One at a time: spreading a list of 100,000 items as call arguments overflows the stack.
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return undefined;
}

function firstAlias(doc: Document.Parsed): Node | undefined {
  return walk(doc.contents, (n) => isAlias(n)) as Node | undefined;
}

/** An alias whose anchor is not defined before it (the yaml package throws on it in toJS). */
function unresolvedAlias(doc: Document.Parsed): Alias | undefined {
  const anchors = new Set<string>();
  return walk(doc.contents, (n) => {
    if (isAlias(n)) return !anchors.has(n.source);
    if (isNode(n) && n.anchor) anchors.add(n.anchor);
    return false;
  }) as Alias | undefined;
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

/** Position of the node at `path`; with `key`, the position of that key inside the map at `path`. */
export function locate(
  parsed: ParsedYaml,
  path: readonly PropertyKey[],
  key?: string,
): { line: number; col: number } {
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
    if (pair && isScalar(pair.key) && pair.key.range)
      return parsed.lineCounter.linePos(pair.key.range[0]);
  }
  const range = (last as Node | undefined)?.range ?? (parsed.doc.contents as Node | null)?.range;
  return parsed.lineCounter.linePos(range ? range[0] : 0);
}

function child(node: unknown, seg: PropertyKey): { node: unknown; keyNode?: unknown } | undefined {
  if (isMap(node)) {
    const pair = node.items.find(
      (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg),
    );
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
