/**
 * Plays one row of the trajectory table through intentplay's real path: a scenario carrying
 * the task's π-Bench fields (its `objectives.tools` filter and a rule script), the script agent
 * making the calls turn by turn against the simulated apps, the rules user and judge, and the
 * rule-script runner grading each `[tools] <key>` item when the session ends.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadLibrary } from '../../src/scenario/library.ts';
import type { EventOf } from '../../src/contracts/events.ts';
import { planRuns } from '../../src/session/plan.ts';
import type { Trajectory } from './appworld-trajectories.ts';
import { runOffline } from './helpers.ts';

export interface Played {
  /** Every `[tools]` key of the script, in order. */
  keys: string[];
  /** The keys that passed in some turn. */
  awarded: string[];
  /** Calls that failed, as `tool: error` (a trajectory's calls must all succeed). */
  failed: string[];
  turns: number;
  /** Why each key did or did not pass, from the grader. */
  reasons: Record<string, string>;
}

/** Runs `t` with the rule script `script` (relative to `repoRoot`, the folder holding data/). */
export async function playTrajectory(
  t: Trajectory,
  repoRoot: string,
  script: string,
): Promise<Played> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-appworld-'));
  const dir = path.join(root, 'scenarios', 'appworld');
  mkdirSync(dir, { recursive: true });
  mkdirSync(path.join(root, 'personas'));
  writeFileSync(
    path.join(root, 'personas', 'appworld.yaml'),
    'id: appworld\nname: Lara\nrole: researcher\nprofile: Uses the AppWorld apps.\n',
  );
  const name = t.task.split('/')[1]!.toLowerCase();
  const apps = new Set([
    ...Object.keys(t.apps),
    ...t.turns
      .flat()
      .flatMap((c) =>
        c.tool.includes('__') ? [c.tool.replace(/^mcp_appworld_/, '').split('__')[0]!] : [],
      ),
  ]);
  const scenario = {
    id: `appworld/${name}`,
    persona: 'appworld',
    title: t.task,
    trigger: { kind: 'user', text: `Play ${t.task}.` },
    tools: ['files', ...apps],
    ...(Object.keys(t.apps).length ? { apps: t.apps } : {}),
    ...(t.files ? { workspace: { files: t.files } } : {}),
    // One hidden intent per extra turn, so that the session lasts as long as the trajectory.
    intents: Array.from({ length: Math.max(1, t.turns.length - 1) }, (_, i) => ({
      id: `I${i + 1}`,
      text: `Follow-up ${i + 1}.`,
    })),
    references: {
      demo: t.turns.map((calls, i) => ({
        say: `Turn ${i + 1} done.`,
        actions: calls.map((c) => ({ tool: c.tool, args: c.args })),
      })),
    },
    pibench: {
      ...(t.listed.length ? { tools: t.listed.map((n) => ({ name: n, call: [] })) } : {}),
      tools_evaluation_path: script,
      repo_root: path.relative(dir, repoRoot),
    },
  };
  const file = path.join(dir, `${name}.yaml`);
  writeFileSync(file, JSON.stringify(scenario, null, 2)); // JSON is YAML
  loadLibrary(root, { fresh: true });
  const [group] = planRuns([file]);
  const { results, events } = await runOffline(group!, 'script:demo');
  const start = events.find((e) => e.type === 'session_start') as EventOf<'session_start'>;
  const items = start.checklist.filter((c) => c.text.startsWith('[tools] '));
  const result = results[0]!;
  const failed = events.flatMap((e) =>
    e.type === 'tool_result' && !e.ok ? [`${e.name}: ${e.error}`] : [],
  );
  const graded = events.filter(
    (e): e is EventOf<'checklist_result'> & { t: number } => e.type === 'checklist_result',
  );
  const reasons = Object.fromEntries(
    graded.flatMap((g) => {
      const item = items.find((c) => c.id === g.item);
      return item ? [[item.text.slice('[tools] '.length), g.reason ?? '']] : [];
    }),
  );
  return {
    keys: items.map((c) => c.text.slice('[tools] '.length)),
    awarded: items
      .filter((c) => result.scores.checklist[c.id] === true)
      .map((c) => c.text.slice('[tools] '.length)),
    failed,
    turns: result.scores.turns,
    reasons,
  };
}

/** The AppWorld APIs (bare names) that reach the script in each turn: the task's filter, exact names. */
export function apisPerTurn(t: Trajectory): Set<string>[] {
  return t.turns.map(
    (calls) =>
      new Set(
        calls
          .filter((c) => !t.listed.length || t.listed.includes(c.tool))
          .map((c) => c.tool.replace(/^mcp_appworld_/, '')),
      ),
  );
}

/** The fixture keys a trajectory must earn: the shape of every API that reaches the script, and each id flow between two of them in one turn. */
export function expectedShapeKeys(t: Trajectory, keys: string[]): string[] {
  const turns = apisPerTurn(t);
  return keys.filter((k) => {
    const shape = /^shape (\S+)$/.exec(k);
    if (shape) return turns.some((apis) => apis.has(shape[1]!));
    const flow = /^flow (\S+)\.\S+ -> (\S+)\.\S+$/.exec(k);
    return flow !== null && turns.some((apis) => apis.has(flow[1]!) && apis.has(flow[2]!));
  });
}
