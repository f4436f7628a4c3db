/**
 * π-Bench's rule scripts against the simulated apps, through intentplay's real tool path and
 * rule-script runner. Each row of the trajectory tables (a competent agent's calls for one of the
 * 25 tool-based scripts, or the file it writes for one of the 3 that read the workspace) is played:
 *
 * - always, graded by test/fixtures/…/appworld_shapes.py, a rule script written for these tests
 *   that checks what π-Bench's scripts rely on: AppWorld's response fields and the ids that flow
 *   from one call to the next (for the file readers, workspace_files.py: the script finds the
 *   session's workspace through config/nanobot.yaml and reads what the agent wrote);
 * - with PIBENCH_ROOT=/path/to/Pi-Bench (a checkout of the π-Bench repository), graded by the
 *   task's real rule script: every key is awarded except the ones the table says π-Bench itself
 *   cannot award. Without PIBENCH_ROOT that part is skipped.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PHARMACIST_FINANCIER, type Trajectory } from './appworld-trajectories.ts';
import { FIXTURE_REPO, hasPython, NO_PYTHON_MESSAGE } from './helpers.ts';
import { expectedShapeKeys, playTrajectory } from './play-trajectory.ts';
import { OTHERS } from './trajectories-others.ts';
import { WORKSPACE_FILES } from './trajectories-workspace.ts';

const TRAJECTORIES: Trajectory[] = [...PHARMACIST_FINANCIER, ...OTHERS];
const SHAPES_SCRIPT = 'data/appworld/scripts/appworld_shapes.py';
const WORKSPACE_SCRIPT = 'data/appworld/scripts/workspace_files.py';
const PIBENCH_ROOT = process.env.PIBENCH_ROOT ? path.resolve(process.env.PIBENCH_ROOT) : undefined;

if (!hasPython) console.warn(NO_PYTHON_MESSAGE);
if (!PIBENCH_ROOT)
  console.warn(
    'PIBENCH_ROOT is not set: the real π-Bench rule scripts are not run (see docs/pibench.md)',
  );

describe.skipIf(!hasPython)(
  'AppWorld apps against π-Bench-style rule scripts',
  { concurrent: true },
  () => {
    it('covers the 25 tool-based rule scripts and the 3 that read the workspace, each once', () => {
      expect(new Set(TRAJECTORIES.map((t) => t.script)).size).toBe(25);
      expect(new Set([...TRAJECTORIES, ...WORKSPACE_FILES].map((t) => t.script)).size).toBe(28);
    });

    it.each(TRAJECTORIES.map((t) => [t.task, t] as const))(
      '%s: answers in AppWorld shapes and passes ids on',
      async (_task, t) => {
        const played = await playTrajectory(t, FIXTURE_REPO, SHAPES_SCRIPT);
        expect(played.failed).toEqual([]);
        expect(played.turns).toBeGreaterThanOrEqual(t.turns.length);
        expect(played.awarded.sort()).toEqual(expectedShapeKeys(t, played.keys).sort());
      },
    );

    it.each(WORKSPACE_FILES.map((t) => [t.task, t] as const))(
      '%s: the script finds the workspace and reads the file the agent wrote',
      async (_task, t) => {
        const played = await playTrajectory(t, FIXTURE_REPO, WORKSPACE_SCRIPT);
        expect(played.failed).toEqual([]);
        expect(played.keys).toEqual([
          'workspace found',
          'python files written',
          'python files compile',
        ]);
        expect(played.awarded).toEqual(played.keys);
      },
    );

    it('a file reader finds the workspace but no file when the agent wrote none', async () => {
      const played = await playTrajectory(
        { ...WORKSPACE_FILES[0]!, turns: [[{ tool: 'list_dir', args: { path: '.' } }]] },
        FIXTURE_REPO,
        WORKSPACE_SCRIPT,
      );
      expect(played.awarded).toEqual(['workspace found']);
    });
  },
);

const haveRepo = PIBENCH_ROOT !== undefined && existsSync(path.join(PIBENCH_ROOT, 'data'));
if (PIBENCH_ROOT && !haveRepo)
  console.warn(
    `PIBENCH_ROOT=${PIBENCH_ROOT} has no data/ folder: the real rule scripts are not run`,
  );

/** The keys not awardable, grouped by why: `2 keys (a, b): why`. */
function reasons(notAwarded: Record<string, string>): string[] {
  const byWhy = new Map<string, string[]>();
  for (const [key, why] of Object.entries(notAwarded))
    byWhy.set(why, [...(byWhy.get(why) ?? []), key]);
  return [...byWhy].map(
    ([why, keys]) => `${keys.length} key(s) not awardable (${keys.join(', ')}): ${why}`,
  );
}

/** Per task: its real script's keys, the keys π-Bench can award, and the keys the trajectory earned. */
const tally = new Map<
  string,
  { keys: number; pibench: number; awardable: number; earned: number; gaps: string[] }
>();

describe.skipIf(!hasPython || !haveRepo)(
  'the real π-Bench rule scripts (PIBENCH_ROOT)',
  { concurrent: true },
  () => {
    // The accounting docs/pibench.md publishes ("Keys per task"), printed once: awardable vs earned per task.
    afterAll(() => {
      const rows = [...tally.entries()].sort(([a], [b]) => a.localeCompare(b));
      const sum = (
        f: (r: { keys: number; pibench: number; awardable: number; earned: number }) => number,
      ) => rows.reduce((n, [, r]) => n + f(r), 0);
      const lines = rows.map(
        ([task, r]) =>
          `  ${task}: ${r.earned} earned of ${r.awardable} awardable (${r.pibench} π-Bench keys, ${r.keys} in the script)${r.gaps.length ? `; ${r.gaps.join('; ')}` : ''}`,
      );
      console.log(
        `real rule scripts under ${PIBENCH_ROOT}: ${rows.length} scripts, ${sum((r) => r.earned)} of ${sum((r) => r.awardable)} awardable keys earned (${sum((r) => r.pibench)} π-Bench keys, ${sum((r) => r.keys)} in the scripts)\n${lines.join('\n')}`,
      );
    });

    it.each([...TRAJECTORIES, ...WORKSPACE_FILES].map((t) => [t.task, t] as const))(
      '%s: every key π-Bench can award is awarded',
      async (_task, t) => {
        const played = await playTrajectory(t, PIBENCH_ROOT!, t.script);
        const pibench = t.notRun ? [] : played.keys;
        const awardable = pibench.filter((k) => !(k in t.notAwarded));
        tally.set(t.task, {
          keys: played.keys.length,
          pibench: pibench.length,
          awardable: awardable.length,
          earned: played.awarded.filter((k) => awardable.includes(k)).length,
          gaps: t.notRun ? [`not run by π-Bench: ${t.notRun}`] : reasons(t.notAwarded),
        });
        expect(played.failed).toEqual([]);
        expect(played.keys.length).toBeGreaterThan(0);
        const missed = played.keys
          .filter((k) => !played.awarded.includes(k) && !(k in t.notAwarded))
          .map((k) => `${k}: ${played.reasons[k]}`);
        expect(missed).toEqual([]);
        // The table's "cannot award" entries are real: they did not pass, and they are keys of the script.
        expect(
          Object.keys(t.notAwarded).filter(
            (k) => !played.keys.includes(k) || played.awarded.includes(k),
          ),
        ).toEqual([]);
      },
    );
  },
);
