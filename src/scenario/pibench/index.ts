/**
 * π-Bench user folders as libraries (docs/pibench.md): `data/<user>/`
 * with profile.yaml, episode.yaml, tools.yaml and tasks/<task_id>/task.yaml loads
 * without conversion. Mapping and choices: docs/pibench.md.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../contracts/diagnostics.ts';
import type { Library, LoadedScenario, LoadResult } from '../library.ts';
import { scenarioSchema, type ScenarioFile } from '../schema.ts';
import { checkEpisode, loadEpisode } from './episode.ts';
import { loadProfile, loadToolApps } from './profile.ts';
import { loadTask, type LoadedTask } from './task.ts';
import { settleAccounts } from './accounts.ts';

export { isPibenchUserDir } from '../library-root.ts';

/** The folder that holds `data/` (π-Bench's repo root), which `tools_evaluation_path` is relative to. */
export function pibenchRepoRoot(userDir: string): string {
  for (let dir = path.dirname(userDir); ; dir = path.dirname(dir)) {
    if (path.basename(dir) === 'data') return path.dirname(dir);
    if (path.dirname(dir) === dir) return path.dirname(userDir);
  }
}

/** A scenario has π-Bench criteria when it has checklist items or a rule script. */
export function hasPibenchCriteria(s: Pick<ScenarioFile, 'checklist' | 'pibench'>): boolean {
  return Boolean(s.checklist?.length || s.pibench?.tools_evaluation_path);
}

export function loadPibenchLibrary(root: string): LoadResult {
  const library: Library = {
    root,
    kind: 'pibench',
    personas: new Map(),
    scenarios: new Map(),
    episodes: new Map(),
  };
  const diagnostics: Diagnostic[] = [];

  const profile = loadProfile(root);
  diagnostics.push(...profile.diagnostics);
  const persona = profile.persona?.id ?? path.basename(root);
  if (profile.persona)
    library.personas.set(persona, { ...profile.persona, file: path.join(root, 'profile.yaml') });
  const tools = loadToolApps(root);
  diagnostics.push(...tools.diagnostics);
  const ctx = { persona, userDir: root, repoRoot: pibenchRepoRoot(root), userApps: tools.apps };

  const tasksDir = path.join(root, 'tasks');
  const loaded = new Map<string, ScenarioFile & { file: string }>();
  const present = new Set<string>(); // task folders with a task.yaml, loaded or not
  const tasks = new Map<string, LoadedTask & { file: string }>();
  for (const name of readdirSync(tasksDir).sort()) {
    const dir = path.join(tasksDir, name);
    if (!statSync(dir).isDirectory()) continue;
    if (!existsSync(path.join(dir, 'task.yaml'))) {
      diagnostics.push({
        severity: 'warning',
        file: dir,
        line: 1,
        col: 1,
        message: `task folder \`${name}\` has no task.yaml; skipped`,
      });
      continue;
    }
    present.add(name);
    const task = loadTask(dir, ctx);
    diagnostics.push(...task.diagnostics);
    if (task.scenario) {
      loaded.set(name, { ...task.scenario, file: path.join(dir, 'task.yaml') });
      tasks.set(name, { ...task, file: path.join(dir, 'task.yaml') });
    }
  }
  diagnostics.push(...settleAccounts(loaded, tasks));

  const episodeFile = path.join(root, 'episode.yaml');
  const episode = existsSync(episodeFile) ? loadEpisode(root, persona) : undefined;
  if (!episode)
    diagnostics.push({
      severity: 'warning',
      file: episodeFile,
      line: 1,
      col: 1,
      message: 'no episode.yaml: π-Bench runs no task of this user',
    });
  else diagnostics.push(...episode.diagnostics);

  const taskIds = new Set(loaded.keys());
  const dependsOn = new Map<string, string[]>();
  if (episode?.episode) {
    const ep = episode.episode;
    // A task that failed to load has its own errors; the episode only checks that it exists.
    diagnostics.push(
      ...checkEpisode(ep, present, (id) =>
        loaded.has(id) ? hasPibenchCriteria(loaded.get(id)!) : false,
      ),
    );
    for (const e of ep.entries) {
      dependsOn.set(
        e.taskId,
        e.dependsOn.filter((d) => taskIds.has(d)),
      );
      // A dependency that cannot be read is skipped with it; the dependent runs without that history.
      for (const d of e.dependsOn)
        if (present.has(d) && !taskIds.has(d) && taskIds.has(e.taskId))
          diagnostics.push({
            severity: 'warning',
            file: ep.file,
            line: 1,
            col: 1,
            message: `task \`${e.taskId}\` depends on \`${d}\`, which cannot be read: it runs without that task's history`,
          });
    }
    const sessions = [
      ...new Set(ep.entries.map((e) => e.taskId).filter((id) => taskIds.has(id))),
    ].map((id) => `${persona}/${id}`);
    if (sessions.length)
      library.episodes.set(persona, {
        id: persona,
        persona,
        ...(ep.episodeId ? { title: ep.episodeId } : {}),
        sessions,
        file: ep.file,
      });
    for (const [id, s] of loaded)
      if (!ep.entries.some((e) => e.taskId === id))
        diagnostics.push({
          severity: 'warning',
          file: s.file,
          line: 1,
          col: 1,
          message: `task \`${id}\` is not listed in episode.yaml: π-Bench never runs it`,
        });
  }

  for (const [id, s] of loaded) {
    const deps = (dependsOn.get(id) ?? []).map((d) => `${persona}/${d}`);
    const scenario: LoadedScenario = {
      ...s,
      ...(deps.length ? { depends_on: deps } : {}),
      dependsOn: deps,
    };
    const check = scenarioSchema().safeParse(stripLoaded(scenario));
    if (!check.success) {
      for (const issue of check.error.issues)
        diagnostics.push({
          severity: 'error',
          file: s.file,
          line: 1,
          col: 1,
          message: `cannot map this task to a scenario: \`${issue.path.join('.')}\`: ${issue.message}`,
        });
      continue;
    }
    library.scenarios.set(scenario.id, scenario);
  }
  return { library, diagnostics };
}

/** The scenario file's own fields (without the loader's `file` and `dependsOn`). */
export function stripLoaded(s: LoadedScenario | (ScenarioFile & { file: string })): ScenarioFile {
  const { file: _file, dependsOn: _deps, ...rest } = s as LoadedScenario;
  return rest;
}
