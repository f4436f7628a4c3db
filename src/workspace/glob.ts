/**
 * Glob matching of workspace-relative paths (evidence rules, the glob and grep tools, lint),
 * one way everywhere: picomatch with dotfiles included. Compiled matchers are cached, and the
 * cache is bounded: a batch over many scenarios sees many distinct patterns.
 */
import picomatch from 'picomatch';

const MAX_CACHED = 500;
const cache = new Map<string, (path: string) => boolean>();

export function globMatcher(glob: string): (path: string) => boolean {
  let matcher = cache.get(glob);
  if (!matcher) {
    if (cache.size >= MAX_CACHED) cache.clear();
    matcher = picomatch(glob, { dot: true });
    cache.set(glob, matcher);
  }
  return matcher;
}
