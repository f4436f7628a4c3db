/**
 * Scenario regexes are JavaScript syntax with one extension: a leading `(?i)` makes the
 * pattern case-insensitive (authors coming from Python or PCRE expect it).
 * Compiled patterns are cached because the judge evaluates the same patterns every turn.
 */
const cache = new Map<string, RegExp>();

export interface RegexProblem {
  message: string;
}

export function parsePattern(source: string): { body: string; flags: string } {
  if (source.startsWith('(?i)')) return { body: source.slice(4), flags: 'i' };
  return { body: source, flags: '' };
}

/** Returns null when the pattern is valid, else the engine's own message. */
export function checkPattern(source: string): RegexProblem | null {
  try {
    compilePattern(source);
    return null;
  } catch (err) {
    return { message: (err as Error).message.replace(/^Invalid regular expression: /, '') };
  }
}

export function compilePattern(source: string): RegExp {
  let re = cache.get(source);
  if (!re) {
    const { body, flags } = parsePattern(source);
    re = new RegExp(body, flags);
    cache.set(source, re);
  }
  return re;
}

export function testPattern(source: string, text: string): RegExpExecArray | null {
  const re = compilePattern(source);
  re.lastIndex = 0;
  return re.exec(text);
}
