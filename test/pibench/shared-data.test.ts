/**
 * The real π-Bench sample data in ../shared/pibench/data (not part of this repository; it
 * has no licence), any subset of the users. Skipped with a message when it is absent.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatePaths } from '../../src/cli/actions/validate.ts';
import { loadLibrary } from '../../src/scenario/library.ts';
import { importPibench } from '../../src/pibench/import.ts';
import { planRuns } from '../../src/session/plan.ts';
import { END_OF_SCRIPT } from '../../src/agent/script.ts';
import { comparable, runOffline, scoresOf } from './helpers.ts';

import { pibenchUsers, SHARED_DATA as DATA, userProblems } from './data-users.ts';

const present = existsSync(DATA);
if (!present) console.warn(`π-Bench sample data not found at ${DATA}: shared-data tests skipped`);
const users = pibenchUsers(DATA);

describe.skipIf(!present)('π-Bench sample data', () => {
  it('has users to test', () => {
    expect(users.length).toBeGreaterThan(0);
  });

  describe.each(users)('%s', (user) => {
    const dir = path.join(DATA, user);
    const taskCount = readdirSync(path.join(dir, 'tasks')).filter((t) =>
      existsSync(path.join(dir, 'tasks', t, 'task.yaml')),
    ).length;

    it('loads and validates every task, each app it uses with an account from its text', () => {
      expect(userProblems(dir)).toEqual([]);
      const { library } = loadLibrary(dir);
      expect(library.scenarios.size).toBe(taskCount);
      expect(validatePaths([dir]).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    });

    it('imports into a library with the same scenarios', () => {
      const out = mkdtempSync(path.join(os.tmpdir(), `intentplay-import-${user}-`));
      importPibench(dir, out);
      const original = loadLibrary(dir).library;
      const { library, diagnostics } = loadLibrary(out, { fresh: true });
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(library.scenarios.size).toBe(taskCount);
      for (const [id, s] of original.scenarios)
        expect(comparable(library.scenarios.get(id)!)).toEqual(comparable(s));
      expect(library.episodes.get(user)!.sessions).toEqual(original.episodes.get(user)!.sessions);
    });

    it('scores the imported library identically', async () => {
      const out = mkdtempSync(path.join(os.tmpdir(), `intentplay-import-${user}-`));
      importPibench(dir, out);
      expect(await scoresOf(loadLibrary(out, { fresh: true }).library)).toEqual(
        await scoresOf(loadLibrary(dir).library),
      );
    });

    it('runs the episode to the end offline: every intent provided, intents + 1 turns per session', async () => {
      const library = loadLibrary(dir).library;
      const groups = planRuns([dir]);
      expect(groups.map((g) => g.kind)).toEqual(['episode']);
      const { results, events } = await runOffline(groups[0]!);
      expect(results.map((r) => r.scenario)).toEqual(library.episodes.get(user)!.sessions);
      for (const r of results) {
        const n = library.scenarios.get(r.scenario)!.intents.length;
        expect({ id: r.scenario, end: r.end, turns: r.scores.turns }).toEqual({
          id: r.scenario,
          end: 'resolved',
          turns: n + 1,
        });
        expect(new Set(Object.values(r.scores.intents))).toEqual(new Set(['provided']));
      }
      const replies = events.filter((e) => e.type === 'message' && e.role === 'agent');
      expect(new Set(replies.map((e) => (e as { text: string }).text))).toEqual(
        new Set([END_OF_SCRIPT]),
      );
    });
  });
});
