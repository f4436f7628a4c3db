/** Per-app unified diffs of state, with the change as a person reads it, shown beside workspace diffs after each turn. */
import { structuredPatch, formatPatch } from 'diff';
import type { AppDiff } from '../contracts/events.ts';
import { summariseApp } from './app-changes.ts';

export function diffApps(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AppDiff[] {
  // Apps replace their state object on every change, so an identical object is unchanged.
  if (before === after) return [];
  const out: AppDiff[] = [];
  for (const app of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    if (before[app] === after[app]) continue;
    const a = before[app] === undefined ? '' : JSON.stringify(before[app], null, 2);
    const b = after[app] === undefined ? '' : JSON.stringify(after[app], null, 2);
    if (a === b) continue;
    const patch = structuredPatch(app, app, a, b, '', '', { context: 2 });
    let additions = 0;
    let deletions = 0;
    for (const h of patch.hunks)
      for (const line of h.lines) {
        if (line.startsWith('+')) additions++;
        else if (line.startsWith('-')) deletions++;
      }
    out.push({
      app,
      patch: formatPatch(patch),
      additions,
      deletions,
      ...summariseApp(before[app], after[app]),
    });
  }
  return out;
}
