/**
 * One π-Bench task that cannot be read never blocks its user: it is reported with its
 * location and skipped, a task depending on it is warned about, and the others plan and run.
 * Uses the sample data in ../shared/pibench (skipped without it).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { validatePaths } from '../../src/cli/actions/validate.ts';
import { planRuns } from '../../src/session/plan.ts';

const DATA = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/pibench/data',
);
const user = existsSync(DATA)
  ? readdirSync(DATA)
      .sort()
      .find((u) => existsSync(path.join(DATA, u, 'episode.yaml')))
  : undefined;

describe.skipIf(!user)('a π-Bench task that cannot be read', () => {
  it('is reported and skipped; a task depending on it is warned about; the others run', () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-skip-')), user!);
    cpSync(path.join(DATA, user!), dir, { recursive: true });
    const tasks = readdirSync(path.join(dir, 'tasks'))
      .filter((t) => existsSync(path.join(dir, 'tasks', t, 'task.yaml')))
      .sort();
    const [broken, dependent] = [tasks[1]!, tasks[2]!];
    writeFileSync(
      path.join(dir, 'tasks', broken, 'task.yaml'),
      'schema_version: v2\ntitle: "never closed\nintent: [\n',
    );
    // The next task now depends on the broken one.
    const episode = readFileSync(path.join(dir, 'episode.yaml'), 'utf8');
    const entry = new RegExp(`(task_id: ${dependent}\\n\\s*depends_on: )\\[[^\\]]*\\]`);
    expect(episode).toMatch(entry);
    writeFileSync(path.join(dir, 'episode.yaml'), episode.replace(entry, `$1[${broken}]`));

    const { diagnostics } = validatePaths([dir]);
    expect(
      diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => `${path.relative(dir, d.file)}:${d.line}`),
    ).toEqual([`tasks/${broken}/task.yaml:4`]);
    expect(
      diagnostics.some(
        (d) =>
          d.severity === 'warning' &&
          d.message.includes(`\`${dependent}\` depends on \`${broken}\`, which cannot be read`),
      ),
    ).toBe(true);

    let stderr = '';
    const spy = vi
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
    try {
      const groups = planRuns([dir]);
      const planned = groups.flatMap((g) => g.sessions.map((s) => s.id));
      expect(planned).toHaveLength(tasks.length - 1);
      expect(planned).not.toContain(`${user}/${broken}`);
      expect(planned).toContain(`${user}/${dependent}`);
    } finally {
      spy.mockRestore();
    }
    expect(stderr).toContain(
      `tasks/${broken}/task.yaml:4:1: error: YAML syntax: Missing closing "quote`,
    );
    expect(stderr).toContain(
      `skipping 1 π-Bench task(s) that cannot be read (${broken}); the other tasks run`,
    );
  });
});
