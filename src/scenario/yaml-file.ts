/**
 * Parses a YAML file keeping node positions, and finds the position of any key or value in it
 * (`locate`). Validating the parsed value against a zod schema, with every issue located, is
 * yaml-validate.ts.
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
import type { Diagnostic } from '../contracts/diagnostics.ts';

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
    // Bytes, then text: Node 20's direct UTF-8 read puts the string in the old space, where
    // each file's source stayed as garbage until a full collection.
    source = text ?? readFileSync(file).toString('utf8');
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
