/**
 * The reference drive: a competent agent's calls (the trajectory tables), made by intentplay's
 * `openai` agent against a local OpenAI-compatible server that answers each turn with that
 * turn's tool calls, on the REAL tasks of the shared users (../shared/pibench/data, any subset;
 * skipped without it). Nothing is seeded by hand: the accounts come from the task's text and the
 * records (products, users) from the generated catalogue, as `intentplay run DATA/<user>` gets them.
 *
 * Graded by the task's own rule script when PIBENCH_ROOT points at a π-Bench checkout (every key
 * π-Bench can award must be earned, and the run prints awardable vs earned per task), else by the
 * fixture scripts that check what the real ones rely on (AppWorld's response shapes and the ids
 * passed between calls; for the file readers, the file the agent wrote).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventOf } from '../../src/contracts/events.ts';
import { loadLibrary } from '../../src/scenario/library.ts';
import { runGroup } from '../../src/session/group.ts';
import { parseBackendSpec } from '../../src/session/backend-spec.ts';
import { planRuns } from '../../src/session/plan.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import {
  startOpenAIServer,
  type RecordedRequest,
  type ScriptedReply,
} from '../helpers/openai-server.ts';
import { serverConfig } from '../llm/support.ts';
import { PHARMACIST_FINANCIER, type Trajectory } from './appworld-trajectories.ts';
import { pibenchUsers, SHARED_DATA } from './data-users.ts';
import { FIXTURE_REPO, hasPython } from './helpers.ts';
import { expectedShapeKeys } from './play-trajectory.ts';
import { OTHERS } from './trajectories-others.ts';
import { WORKSPACE_FILES } from './trajectories-workspace.ts';

const PIBENCH_ROOT = process.env.PIBENCH_ROOT ? path.resolve(process.env.PIBENCH_ROOT) : undefined;
const realScripts = PIBENCH_ROOT !== undefined && existsSync(path.join(PIBENCH_ROOT, 'data'));
const users = new Set(pibenchUsers(SHARED_DATA));
const DRIVES = [...PHARMACIST_FINANCIER, ...OTHERS, ...WORKSPACE_FILES].filter((t) =>
  users.has(t.task.split('/')[0]!),
);
if (!users.size)
  console.warn(`π-Bench data not found at ${SHARED_DATA}: the reference drive is skipped`);

/** The model's answer to one request: the turn's next call, or once they are made, the turn's reply. */
function competentModel(t: Trajectory) {
  return (req: RecordedRequest): ScriptedReply => {
    const messages = req.body.messages as { role: string }[];
    const turn = messages.filter((m) => m.role === 'user').length; // the trigger, then one per revealed intent
    const lastUser = messages.map((m) => m.role).lastIndexOf('user');
    const made = messages
      .slice(lastUser)
      .filter((m) => m.role === 'assistant' && 'tool_calls' in m).length;
    const calls = t.turns[turn - 1] ?? [];
    const next = calls[made];
    if (next) return { toolCalls: [{ name: next.tool, arguments: next.args }] };
    return {
      content: calls.length
        ? `Turn ${turn}: done; the results are above.`
        : 'Everything you asked for is done.',
    };
  };
}

const tally = new Map<
  string,
  { keys: number; awardable: number; earned: number; gaps: string[] }
>();

describe.skipIf(!DRIVES.length || !hasPython)(
  'the reference drive on the shared users’ tasks (openai agent, local server)',
  { concurrent: true, timeout: 120_000 },
  () => {
    afterAll(() => {
      if (!tally.size) return;
      const rows = [...tally.entries()].sort(([a], [b]) => a.localeCompare(b));
      const sum = (f: (r: { keys: number; awardable: number; earned: number }) => number) =>
        rows.reduce((n, [, r]) => n + f(r), 0);
      const grader = realScripts
        ? `π-Bench's rule scripts under ${PIBENCH_ROOT}`
        : 'the fixture scripts';
      const lines = rows.map(
        ([task, r]) =>
          `  ${task}: ${r.earned} earned of ${r.awardable} awardable (${r.keys} keys)${r.gaps.length ? `; not awardable: ${r.gaps.join('; ')}` : ''}`,
      );
      console.log(
        `reference drive, graded by ${grader}: ${sum((r) => r.earned)} of ${sum((r) => r.awardable)} awardable keys earned\n${lines.join('\n')}`,
      );
    });

    it.each(DRIVES.map((t) => [t.task, t] as const))(
      '%s: earns every key π-Bench can award',
      async (_task, t) => {
        const [user, taskId] = t.task.split('/') as [string, string];
        const userDir = path.join(SHARED_DATA, user);
        const { library } = loadLibrary(userDir, { fresh: true });
        const scenario = library.scenarios.get(t.task)!;
        const fileReader = WORKSPACE_FILES.includes(t);
        // Grade with the real script (PIBENCH_ROOT) or a fixture script; everything else is the task as loaded.
        const root = realScripts ? PIBENCH_ROOT! : FIXTURE_REPO;
        const fixtureScript = fileReader
          ? 'data/appworld/scripts/workspace_files.py'
          : 'data/appworld/scripts/appworld_shapes.py';
        const script = realScripts ? t.script : fixtureScript;
        scenario.pibench = {
          ...scenario.pibench!,
          tools_evaluation_path: script,
          repo_root: path.relative(path.dirname(scenario.file), root),
        };

        // Planned at once, before any await: a concurrent test's fresh load replaces the cached library.
        const [group] = planRuns([scenario.file], { noDeps: true });
        const server = await startOpenAIServer({ latencyMs: 0, responder: competentModel(t) });
        try {
          const events: { type: string }[] = [];
          const [result] = await runGroup(group!, {
            specs: {
              agent: parseBackendSpec('agent', 'openai'),
              user: parseBackendSpec('user', 'rules'),
              judge: parseBackendSpec('judge', 'rules'),
            },
            config: serverConfig(server),
            registry: createToolRegistry(),
            recordingsDir: null,
            date: '2026-01-01',
            onEvent: (e) => events.push(e),
          });
          const failed = events.flatMap((e) =>
            e.type === 'tool_result' && !(e as EventOf<'tool_result'>).ok
              ? [`${(e as EventOf<'tool_result'>).name}: ${(e as EventOf<'tool_result'>).error}`]
              : [],
          );
          expect(failed).toEqual([]);
          const start = events.find((e) => e.type === 'session_start') as EventOf<'session_start'>;
          const items = start.checklist.filter((c) => c.text.startsWith('[tools] '));
          const keys = items.map((c) => c.text.slice('[tools] '.length));
          const earned = items
            .filter((c) => result!.scores.checklist[c.id] === true)
            .map((c) => c.text.slice('[tools] '.length));
          let awardable = fileReader ? keys : expectedShapeKeys(t, keys);
          if (realScripts) awardable = keys.filter((k) => !(k in t.notAwarded));
          tally.set(taskId, {
            keys: keys.length,
            awardable: awardable.length,
            earned: earned.filter((k) => awardable.includes(k)).length,
            gaps: realScripts
              ? Object.entries(t.notAwarded).map(([k, why]) => `${k} (${why})`)
              : [],
          });
          expect(keys.length, keys.join(', ')).toBeGreaterThan(1);
          expect(awardable.filter((k) => !earned.includes(k))).toEqual([]);
          // The agent really went through the model: one request per call plus one reply per turn at least.
          expect(server.completions().length).toBeGreaterThanOrEqual(
            t.turns.flat().length + t.turns.length,
          );
        } finally {
          await server.close();
        }
      },
    );
  },
);
