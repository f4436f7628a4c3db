/**
 * `episode.yaml` → the episode (list order is execution order) and each task's
 * `depends_on`. π-Bench uses depends_on only for scoring (docs/pibench.md): it does not reorder
 * or gate the run, so neither do we; its scoring contract is checked here as warnings.
 */
import path from 'node:path';
import type { Diagnostic } from '../../contracts/diagnostics.ts';
import { isMap, openYaml, type LocatedFile } from './located.ts';

export interface EpisodeEntry {
  taskId: string;
  dependsOn: string[];
  index: number;
}

export interface PibenchEpisode {
  file: string;
  episodeId?: string;
  entries: EpisodeEntry[];
  located: LocatedFile;
}

const EPISODE_KEYS = new Set(['schema_version', 'episode_id', 'user_id', 'tasks', 'runtime']);

export function loadEpisode(
  userDir: string,
  persona: string,
): { episode?: PibenchEpisode; diagnostics: Diagnostic[] } {
  const opened = openYaml(path.join(userDir, 'episode.yaml'));
  const y = opened.file;
  if (!y) return { diagnostics: opened.diagnostics };
  for (const key of Object.keys(y.at([]) as object))
    if (!EPISODE_KEYS.has(key))
      y.warn([], `unknown key \`${key}\` in the episode: π-Bench ignores it`, key);
  const episodeId = y.optionalString(['episode_id']);
  const userId = y.optionalString(['user_id']);
  if (userId !== undefined && userId !== persona)
    y.warn(['user_id'], `user_id \`${userId}\` differs from the profile's \`${persona}\``);
  const entries: EpisodeEntry[] = [];
  const tasks = y.optionalList(['tasks']);
  if (!tasks)
    y.error(
      y.at(['tasks']) === undefined ? [] : ['tasks'],
      'the episode needs `tasks: [{task_id, depends_on}]`',
    );
  (tasks ?? []).forEach((item, i) => {
    const at = ['tasks', i];
    const taskId = isMap(item) ? y.optionalString([...at, 'task_id']) : undefined;
    if (!taskId)
      return y.error(at, `task ${i + 1}: expected \`{task_id: ..., depends_on: [...]}\``);
    const deps = y.optionalList([...at, 'depends_on']) ?? [];
    const dependsOn: string[] = [];
    deps.forEach((d, j) => {
      if (typeof d === 'string' && d.trim()) dependsOn.push(d.trim());
      else
        y.error(
          [...at, 'depends_on', j],
          `task \`${taskId}\`: depends_on entries must be task ids`,
        );
    });
    entries.push({ taskId, dependsOn, index: i });
  });
  return {
    episode: { file: y.file, ...(episodeId ? { episodeId } : {}), entries, located: y },
    diagnostics: [...opened.diagnostics, ...y.diagnostics],
  };
}

/**
 * Cross-checks against the loaded tasks: unknown and repeated ids are errors; order and
 * π-Bench's scoring contract (a task with dependencies has criteria; its dependencies run
 * earlier and have none) are warnings, since the session still runs.
 */
export function checkEpisode(
  episode: PibenchEpisode,
  tasks: ReadonlySet<string>,
  hasCriteria: (taskId: string) => boolean,
): Diagnostic[] {
  const y = episode.located;
  const before = y.diagnostics.length;
  const seen = new Set<string>();
  for (const e of episode.entries) {
    const at = ['tasks', e.index];
    if (!tasks.has(e.taskId))
      y.error([...at, 'task_id'], `unknown task \`${e.taskId}\` (no tasks/${e.taskId}/task.yaml)`);
    if (seen.has(e.taskId)) y.error([...at, 'task_id'], `task \`${e.taskId}\` is listed twice`);
    e.dependsOn.forEach((dep, j) => {
      const depAt = [...at, 'depends_on', j];
      if (!tasks.has(dep))
        return y.error(depAt, `unknown dependency \`${dep}\` (no tasks/${dep}/task.yaml)`);
      if (!seen.has(dep))
        y.warn(
          depAt,
          `\`${e.taskId}\` depends on \`${dep}\`, which does not run before it (π-Bench's scorer requires dependencies to come earlier)`,
        );
      else if (hasCriteria(dep))
        y.warn(
          depAt,
          `dependency \`${dep}\` has criteria; π-Bench's scorer requires dependencies without checklist or rule script`,
        );
    });
    if (e.dependsOn.length && tasks.has(e.taskId) && !hasCriteria(e.taskId))
      y.warn(
        at,
        `\`${e.taskId}\` has dependencies but no criteria; π-Bench's scorer requires a checklist or rule script on it`,
      );
    seen.add(e.taskId);
  }
  return y.diagnostics.slice(before);
}
