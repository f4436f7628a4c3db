/**
 * The evidence-rule language (docs/authoring.md), shared by intent `done` and checklist `rule`.
 * The caller chooses the scope: one agent turn for an intent, the whole session for a
 * checklist item. Every verdict carries a short description of what matched, shown in
 * the intents pane and recorded with the status change.
 */
import { testPattern } from '../scenario/regex.ts';
import type { Rule } from '../scenario/schema.ts';
import type { ToolCallRecord } from '../contracts/backends.ts';
import { globMatcher } from '../workspace/glob.ts';

export interface EvidenceScope {
  replies: readonly string[];
  toolCalls: readonly ToolCallRecord[];
  files: ReadonlyMap<string, string>;
  apps: Record<string, unknown>;
}

export interface RuleVerdict {
  holds: boolean;
  detail: string;
}

export function evaluateRule(rule: Rule, scope: EvidenceScope): RuleVerdict {
  if ('reply_matches' in rule) {
    for (const reply of scope.replies) {
      const m = testPattern(rule.reply_matches, reply);
      if (m) return { holds: true, detail: `reply says “${excerpt(reply, m.index, m[0].length)}”` };
    }
    return { holds: false, detail: `no reply matches /${rule.reply_matches}/` };
  }
  if ('file_exists' in rule) {
    const isMatch = globMatcher(rule.file_exists);
    for (const p of scope.files.keys())
      if (isMatch(p)) return { holds: true, detail: `file ${p} exists` };
    return { holds: false, detail: `no file matches ${rule.file_exists}` };
  }
  if ('file_matches' in rule) {
    const { path: glob, pattern } = rule.file_matches;
    const isMatch = globMatcher(glob);
    for (const [p, text] of scope.files) {
      if (!isMatch(p)) continue;
      const m = testPattern(pattern, text);
      if (m)
        return { holds: true, detail: `${p} contains “${excerpt(text, m.index, m[0].length)}”` };
    }
    return { holds: false, detail: `no file matching ${glob} contains /${pattern}/` };
  }
  if ('tool_called' in rule) {
    const { name, args, ok } = rule.tool_called;
    for (const call of scope.toolCalls) {
      if (!fullMatch(name, call.name)) continue;
      if (ok !== undefined && call.ok !== ok) continue;
      if (
        args &&
        !Object.entries(args).every(
          ([k, re]) => testPattern(re, stringify(argValue(call.args, k))) !== null,
        )
      )
        continue;
      return { holds: true, detail: `tool ${call.name} was called${call.ok ? '' : ' (failed)'}` };
    }
    return { holds: false, detail: `no matching ${name} call` };
  }
  if ('app_state' in rule) {
    const { app, path, pattern, equals } = rule.app_state;
    const values = valuesAt(scope.apps[app], path.split('.'));
    for (const v of values) {
      if (pattern !== undefined && testPattern(pattern, stringify(v)) === null) continue;
      if (equals !== undefined && JSON.stringify(v) !== JSON.stringify(equals)) continue;
      return { holds: true, detail: `${app} ${path} = ${truncate(stringify(v), 60)}` };
    }
    return {
      holds: false,
      detail: `${app} has no ${path}${pattern ? ` matching /${pattern}/` : ''}`,
    };
  }
  if ('all' in rule) {
    const details: string[] = [];
    for (const r of rule.all) {
      const v = evaluateRule(r, scope);
      if (!v.holds) return v;
      details.push(v.detail);
    }
    return { holds: true, detail: details.join('; ') };
  }
  if ('any' in rule) {
    const misses: string[] = [];
    for (const r of rule.any) {
      const v = evaluateRule(r, scope);
      if (v.holds) return v;
      misses.push(v.detail);
    }
    return { holds: false, detail: misses.join('; ') };
  }
  const inner = evaluateRule(rule.not, scope);
  return {
    holds: !inner.holds,
    detail: inner.holds ? `not expected: ${inner.detail}` : `as required, ${inner.detail}`,
  };
}

/** Tool names match in full, so `write_file` does not also match `overwrite_file_x`. */
function fullMatch(pattern: string, text: string): boolean {
  const m = testPattern(pattern, text);
  return m !== null && m.index === 0 && m[0].length === text.length;
}

function argValue(args: unknown, key: string): unknown {
  if (args === null || typeof args !== 'object') return undefined;
  return (args as Record<string, unknown>)[key];
}

function stringify(v: unknown): string {
  if (v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Values at a dotted path; `*` walks every element of a list or every value of a map. */
export function valuesAt(root: unknown, segments: readonly string[]): unknown[] {
  let current: unknown[] = [root];
  for (const seg of segments) {
    const next: unknown[] = [];
    for (const v of current) {
      if (v === null || typeof v !== 'object') continue;
      if (seg === '*') next.push(...(Array.isArray(v) ? v : Object.values(v)));
      else if (seg in (v as object)) next.push((v as Record<string, unknown>)[seg]);
    }
    current = next;
  }
  return current.filter((v) => v !== undefined);
}

/** Characters of a match quoted at most: a pattern like `(?s).*` matches a whole file. */
const MAX_QUOTED = 80;

function excerpt(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 20);
  const end = Math.min(text.length, index + Math.min(length, MAX_QUOTED) + 20);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/\s+/g, ' ').trim()}${end < text.length ? '…' : ''}`;
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}
