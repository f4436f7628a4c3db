/**
 * A π-Bench task folder's workspace assets: every entry except the task file and the
 * runner's own output folders (π-Bench `list_task_workspace_assets`), plus the user's
 * `skills/` folder, which π-Bench copies to `workspace/skills` at every task start.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';

/** Entries of a task folder that are not copied into the workspace. */
export const NON_ASSETS: ReadonlySet<string> = new Set([
  'task.yaml',
  '.history',
  '.result',
  '.eval_result',
]);

/** True for a path inside `assetsDir` that must not be copied (only top-level entries are excluded). */
export function isNonAsset(assetsDir: string, file: string): boolean {
  const rel = path.relative(assetsDir, file);
  const top = rel.split(path.sep)[0] ?? '';
  return rel !== '' && NON_ASSETS.has(top);
}

/** Top-level asset entries of a task folder, sorted. */
export function taskAssets(taskDir: string): string[] {
  return readdirSync(taskDir)
    .filter((name) => !NON_ASSETS.has(name))
    .sort();
}

/** Text files of `data/<user>/skills/`, keyed by their workspace path (`skills/...`). Binary files are skipped. */
export function skillFiles(userDir: string): Record<string, string> {
  const dir = path.join(userDir, 'skills');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return {};
  const out: Record<string, string> = {};
  for (const rel of globSync(['**/*'], { cwd: dir, dot: true }).sort()) {
    const buf = readFileSync(path.join(dir, rel));
    if (buf.includes(0)) continue;
    out[`skills/${rel.split(path.sep).join('/')}`] = buf.toString('utf8');
  }
  return out;
}
