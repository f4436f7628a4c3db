/**
 * The π-Bench users' data in ../shared/pibench/data (not part of this repository; no licence),
 * for the tests that read it. Any subset of π-Bench's five users may be there, plus folders that
 * are not users: the tests take every folder with a profile.yaml and check each on its own, and
 * they know the release's own quirks by name, so a user that is added or missing changes only
 * which checks run, never whether they pass.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../../src/contracts/diagnostics.ts';
import { loadLibrary } from '../../src/scenario/library.ts';

export const SHARED_DATA = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/pibench/data',
);

/** The user folders under `root` (those with a profile.yaml and a tasks/ folder), sorted; none when `root` is absent. */
export function pibenchUsers(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter(
      (u) =>
        existsSync(path.join(root, u, 'profile.yaml')) && existsSync(path.join(root, u, 'tasks')),
    )
    .sort();
}

/**
 * Warnings the release's data gives that are about the data as published, not about intentplay:
 * rule scripts not copied with the data, and quoted values PyYAML folds (strict YAML refuses them).
 * A warning outside these (an app without an account, an unknown key, ...) is a finding.
 */
export const DATA_AS_PUBLISHED: readonly RegExp[] = [
  /its checks will be reported ungraded/,
  /PyYAML \(π-Bench\) folds them/,
];

export function unexpectedWarnings(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter(
    (d) => d.severity !== 'error' && !DATA_AS_PUBLISHED.some((re) => re.test(d.message)),
  );
}

/**
 * Argument paths the release's tasks list under `objectives.tools` that AppWorld's API does not
 * take (π-Bench's trace extract shows them as missing): `<task> <tool> <argument>`.
 */
export const PATHS_NO_API_TAKES: ReadonlySet<string> = new Set([
  'marketer_task_004 mcp_appworld_spotify__show_playlist song_id',
  'marketer_task_010 gmail__send_email name',
  'marketer_task_010 gmail__send_email_from_draft name',
  'marketer_task_020 todoist__create_task name',
]);

export interface ToolUse {
  tool: string;
  call: string[];
  task: string;
}

/** The tool names of tools.yaml and every `objectives.tools` entry (with its call paths) of the users' tasks. */
export function toolUses(root: string): { names: Set<string>; calls: ToolUse[] } {
  const names = new Set<string>();
  const calls: ToolUse[] = [];
  for (const user of pibenchUsers(root)) {
    const tools = path.join(root, user, 'tools.yaml');
    if (existsSync(tools))
      for (const m of readFileSync(tools, 'utf8').matchAll(/^\s*-\s*([a-z_]+__[a-z_]+)\s*$/gm))
        names.add(m[1] ?? '');
    for (const task of readdirSync(path.join(root, user, 'tasks'))) {
      const file = path.join(root, user, 'tasks', task, 'task.yaml');
      if (!existsSync(file)) continue;
      // A scan rather than a YAML parse: these files are slow to parse and the entries are regular
      // (`- mcp_appworld_<app>__<api>:` then `call: [a, b]`).
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /^\s*-\s*((?:mcp_appworld_)?[a-z_]+__[a-z_]+):\s*\n(?:\s*call:\s*\[([^\]]*)\])?/gm,
      )) {
        const tool = m[1] ?? '';
        names.add(tool.replace(/^mcp_appworld_/, ''));
        const call = (m[2] ?? '')
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
        calls.push({ tool, call, task });
      }
    }
  }
  return { names, calls };
}

/**
 * What is wrong with one user folder as intentplay loads it: errors, warnings that are not about
 * the data as published, tasks that do not load or that the episode leaves out, and apps whose
 * tools a task lists with no account seeded from the password its text gives. Empty when fine.
 */
export function userProblems(dir: string): string[] {
  const { library, diagnostics } = loadLibrary(dir, { fresh: true });
  const where = (d: Diagnostic) =>
    `${path.relative(dir, d.file)}:${d.line}: ${d.severity}: ${d.message}`;
  const problems = [
    ...diagnostics.filter((d) => d.severity === 'error'),
    ...unexpectedWarnings(diagnostics),
  ].map(where);
  const tasks = readdirSync(path.join(dir, 'tasks')).filter((t) =>
    existsSync(path.join(dir, 'tasks', t, 'task.yaml')),
  );
  if (library.scenarios.size !== tasks.length)
    problems.push(`${library.scenarios.size} of ${tasks.length} tasks loaded`);
  const user = [...library.personas.keys()][0] ?? path.basename(dir);
  const sessions = library.episodes.get(user)?.sessions.length ?? 0;
  if (sessions !== tasks.length)
    problems.push(`the episode runs ${sessions} of ${tasks.length} tasks`);
  for (const s of library.scenarios.values()) {
    const apps = new Set(
      (s.pibench?.tools ?? []).flatMap((t) =>
        t.name.includes('__') ? [t.name.replace(/^mcp_appworld_/, '').split('__')[0]!] : [],
      ),
    );
    const text = [s.trigger.text, ...s.intents.map((i) => i.text)].join('\n');
    const seeds = (s.apps ?? {}) as Record<
      string,
      { account?: { username: string; password: string } }
    >;
    for (const app of apps) {
      const account = seeds[app]?.account;
      if (!account || !text.includes(account.password))
        problems.push(`${s.id}: no ${app} account from the task's text`);
    }
  }
  return problems;
}
