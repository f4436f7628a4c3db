/**
 * Every regex intentplay evaluates, from a scenario file or from a model (the agent's grep
 * tool), runs on RE2 (the re2js port): matching takes time linear in the text, so no pattern,
 * however it nests its quantifiers, can block the process. The syntax is JavaScript's minus the
 * features that need backtracking (lookaround, backreferences), which are refused with a clear
 * message; a leading `(?i)` makes a pattern case-insensitive, as Python and PCRE authors expect.
 * Compiled patterns are cached because the judge evaluates the same patterns every turn.
 */
import { errorMessage } from '../contracts/errors.ts';
import { RE2JS } from 're2js';

export interface RegexProblem {
  message: string;
}

/** A match: where it starts, and the matched text as `0` (as a RegExpExecArray has it). */
export interface PatternMatch {
  index: number;
  0: string;
}

/** A compiled pattern: `test` and `exec` over one text, in linear time. */
export interface Pattern {
  source: string;
  test(text: string): boolean;
  exec(text: string): PatternMatch | null;
}

const MAX_CACHED = 2000;
const cache = new Map<string, Pattern>();

export function parsePattern(source: string): { body: string; flags: string } {
  if (source.startsWith('(?i)')) return { body: source.slice(4), flags: 'i' };
  return { body: source, flags: '' };
}

/** Returns null when the pattern is valid, else what is wrong with it. */
export function checkPattern(source: string): RegexProblem | null {
  try {
    compilePattern(source);
    return null;
  } catch (err) {
    return { message: errorMessage(err) };
  }
}

function explain(message: string): string {
  const m = message.replace(/^error parsing regexp: /, '');
  if (/\(\?[=!<]/.test(m))
    return `${m}: lookahead and lookbehind are not supported (patterns run in linear time, without backtracking)`;
  if (/invalid escape sequence: `\\[1-9]`/.test(m))
    return `${m}: backreferences are not supported (patterns run in linear time, without backtracking)`;
  return m;
}

export function compilePattern(source: string): Pattern {
  let p = cache.get(source);
  if (p) return p;
  const { body, flags } = parsePattern(source);
  let re: RE2JS;
  try {
    re = RE2JS.compile(body, flags === 'i' ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (err) {
    throw new Error(explain(errorMessage(err)));
  }
  p = {
    source,
    // RE2JS.test runs the DFA without a Matcher: no per-call matcher and machine to collect.
    test: (text) => re.test(text),
    exec: (text) => {
      const m = re.matcher(text);
      return m.find() ? { index: m.start(), 0: m.group() ?? '' } : null;
    },
  };
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(source, p);
  return p;
}

export function testPattern(source: string, text: string): PatternMatch | null {
  return compilePattern(source).exec(text);
}
