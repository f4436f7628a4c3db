/**
 * The located checks of a time scenario that a schema cannot express: references between
 * updates and intents, their order in time, and updates that can never be seen.
 */
import type { ScenarioFile } from '../scenario/schema.ts';
import { parseIsoTime, parseTimeValue, DEFAULT_CLOCK_START } from '../sim/clock.ts';
import { isShift } from './measures.ts';

type Path = (string | number)[];
export type TimeReport = (path: Path, message: string) => void;

/** Can the agent ever be woken on an update: a reminder it can set (tool group `time`), or the update's own push. */
export function canBeSeen(s: Pick<ScenarioFile, 'tools'>, notify: string | undefined): boolean {
  return (s.tools ?? []).includes('time') || notify === 'agent' || notify === 'both';
}

export function checkTimeScenario(
  s: ScenarioFile,
  err: TimeReport,
  warn: TimeReport = () => {},
): void {
  checkAfterEveryNeedMet(s, warn);
  const updates = s.environment?.updates ?? [];
  const start = parseIsoTime(s.clock?.start ?? DEFAULT_CLOCK_START)?.ms ?? 0;
  const ids = new Set<string>();
  let prev: { id: string; at: number } | undefined;
  updates.forEach((u, k) => {
    if (ids.has(u.id)) err(['environment', 'updates', k, 'id'], `duplicate update id \`${u.id}\``);
    ids.add(u.id);
    const r = parseTimeValue(u.at, start);
    if (!('ms' in r)) return; // the schema reported it
    if (r.ms < start)
      err(
        ['environment', 'updates', k, 'at'],
        `update \`${u.id}\` is at ${u.at}, before the clock starts`,
      );
    if (prev && r.ms < prev.at)
      err(
        ['environment', 'updates', k, 'at'],
        `update \`${u.id}\` (${u.at}) comes before \`${prev.id}\` listed above it: list updates in time order`,
      );
    prev = { id: u.id, at: r.ms };
    if (u.expect && !canBeSeen(s, u.notify))
      err(
        ['environment', 'updates', k, 'expect'],
        `update \`${u.id}\` expects ${u.expect.replace('_', ' ')} but can never be seen: give the agent the \`time\` tool group (reminders) or set notify: agent`,
      );
  });
  if ((s.tools ?? []).includes('environment') && !s.environment)
    err(['tools'], 'the tool group `environment` needs an `environment:` in the scenario');

  const intentIds = new Set(s.intents.map((i) => i.id));
  s.intents.forEach((intent, k) => {
    const on = intent.after?.follow_up;
    if (on !== undefined && !ids.has(on))
      err(
        ['intents', k, 'after', 'follow_up'],
        `intent \`${intent.id}\` waits for a follow-up on \`${on}\`, which is not an update of this scenario${ids.size ? ` (updates: ${[...ids].join(', ')})` : ''}`,
      );
    (intent.supersedes ?? []).forEach((old, j) => {
      if (!intentIds.has(old))
        err(
          ['intents', k, 'supersedes', j],
          `intent \`${intent.id}\` supersedes \`${old}\`, which is not an intent of this scenario`,
        );
      else if (old === intent.id)
        err(['intents', k, 'supersedes', j], `intent \`${intent.id}\` supersedes itself`);
    });
    if (intent.supersedes?.length && !intent.after)
      err(
        ['intents', k, 'supersedes'],
        `intent \`${intent.id}\` supersedes others but has no \`after\`: it is open from the start, so it would replace them at once`,
      );
  });
  for (const cycle of supersedeCycles(s)) {
    const k = s.intents.findIndex((i) => i.id === cycle[0]);
    err(
      ['intents', k, 'supersedes'],
      `supersedes forms a cycle: ${[...cycle, cycle[0]].join(' → ')}`,
    );
  }
}

/**
 * The first update expected to meet every need: one that expects a follow-up, after which no
 * intent waits for a later update and whose follow-up shifts no intention (measures.ts). A good agent's
 * user thanks on it and the session ends, so updates after it never count.
 */
export function everyNeedMetAt(s: Pick<ScenarioFile, 'environment' | 'intents'>): number {
  const updates = s.environment?.updates ?? [];
  const waitsOn = (i: number) => s.intents.filter((x) => x.after?.follow_up === updates[i]!.id);
  return updates.findIndex((u, k) => {
    if (u.expect !== 'follow_up' || waitsOn(k).some(isShift)) return false;
    return updates.slice(k + 1).every((_, j) => !waitsOn(k + 1 + j).length);
  });
}

function checkAfterEveryNeedMet(s: ScenarioFile, warn: TimeReport): void {
  const updates = s.environment?.updates ?? [];
  const at = everyNeedMetAt(s);
  if (at < 0) return;
  updates
    .slice(at + 1)
    .forEach((u, j) =>
      warn(
        ['environment', 'updates', at + 1 + j],
        `update \`${u.id}\` comes after \`${updates[at]!.id}\`, whose follow-up meets every need: the user thanks then and the session ends, so \`${u.id}\` never counts`,
      ),
    );
}

/** Cycles in the supersedes graph (each reported once, from its first intent in file order). */
function supersedeCycles(s: ScenarioFile): string[][] {
  const edges = new Map(
    s.intents.map((i) => [i.id, (i.supersedes ?? []).filter((x) => x !== i.id)]),
  );
  const cycles: string[][] = [];
  const seen = new Set<string>();
  for (const start of edges.keys()) {
    const stack: string[] = [];
    const visit = (id: string): void => {
      const at = stack.indexOf(id);
      if (at >= 0) {
        const cycle = stack.slice(at);
        const key = [...cycle].sort().join(',');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
        return;
      }
      if (stack.length > edges.size) return;
      stack.push(id);
      for (const n of edges.get(id) ?? []) visit(n);
      stack.pop();
    };
    visit(start);
  }
  return cycles;
}
