/**
 * How an external agent's permission requests are answered (docs/agents.md): anything that
 * reaches outside the workspace (a path outside it, or the network) is denied everywhere; the
 * rest is allowed in headless runs and asked on screen when a person is there. "Always"
 * answers hold for the rest of the session, per kind of tool.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { PermissionDecision } from '../../contracts/events.ts';

/** True when `target` (absolute, or relative to root) is inside root, symlinks followed as far as they exist. */
export function insideFolder(root: string, target: string): boolean {
  const realRoot = realpathSync(root);
  let probe = path.resolve(root, target);
  const rest: string[] = [];
  for (;;) {
    try {
      probe = path.join(realpathSync(probe), ...rest);
      break;
    } catch {
      const parent = path.dirname(probe);
      if (parent === probe) return false;
      rest.unshift(path.basename(probe));
      probe = parent;
    }
  }
  return probe === realRoot || probe.startsWith(realRoot + path.sep);
}

/** Strings in a tool's input that name a place on disk: absolute, home-relative, or climbing with `..`. */
export function pathsIn(input: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 6 || out.length > 50) return out;
  if (typeof input === 'string') {
    for (const word of input.split(/[\s"'=;|&<>()]+/))
      if (/^(\/|~\/|~$)/.test(word) || /(^|\/)\.\.(\/|$)/.test(word)) out.push(word);
  } else if (Array.isArray(input)) for (const v of input) pathsIn(v, out, depth + 1);
  else if (input && typeof input === 'object')
    for (const v of Object.values(input)) pathsIn(v, out, depth + 1);
  return out;
}

export interface PermissionAsk {
  kind: string | undefined;
  /** Paths the request names (its locations, and path-like strings in its input). */
  paths: string[];
}

export type PolicyVerdict = { decide: PermissionDecision; reason: string } | { ask: true };

export function policyFor(
  req: PermissionAsk,
  cwd: string,
  opts: { person: boolean; always: ReadonlySet<string> },
): PolicyVerdict {
  if (req.kind === 'fetch')
    return { decide: 'denied', reason: 'reaches outside the workspace: the network' };
  const outside = req.paths.find(
    (p) =>
      !insideFolder(cwd, p.startsWith('~') ? path.join(process.env.HOME ?? '/', p.slice(1)) : p),
  );
  if (outside !== undefined)
    return { decide: 'denied', reason: `reaches outside the workspace: ${outside}` };
  if (opts.always.has(req.kind ?? 'other'))
    return {
      decide: 'allowed',
      reason: `${req.kind ?? 'this kind of tool'} was allowed always earlier`,
    };
  if (opts.person) return { ask: true };
  return { decide: 'allowed', reason: 'inside the workspace' };
}
