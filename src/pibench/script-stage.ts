/**
 * The working directory a rule script runs in. π-Bench runs its scripts from its repository,
 * and three of them (Financier 017, 019, 020) find the agent's workspace through
 * `config/nanobot.yaml` (`nanobot.workspace_dir`), a file that exists only in the authors'
 * Docker image. Given a session's workspace, the stage is a scratch folder that mirrors the
 * repository's top level through symbolic links and adds that file, pointing at the workspace,
 * so such a script reads what the agent wrote; every other path resolves as from the repository.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const NANOBOT_CONFIG = path.join('config', 'nanobot.yaml');

export interface ScriptStage {
  /** The folder to run the script in. */
  cwd: string;
  /** Removes the stage (never the repository or the workspace). */
  dispose(): void;
}

export function stageRuleScript(repoRoot: string, workspaceRoot: string): ScriptStage {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'intentplay-script-'));
  const dispose = () => rmSync(cwd, { recursive: true, force: true });
  const mirror = (from: string, to: string, skip: string) => {
    if (!existsSync(from)) return;
    for (const name of readdirSync(from))
      if (name !== skip) symlinkSync(path.join(from, name), path.join(to, name));
  };
  try {
    mirror(repoRoot, cwd, 'config');
    const config = path.join(cwd, 'config');
    mkdirSync(config);
    // The repository's own nanobot.yaml (if any) names the authors' machine; this session's workspace replaces it.
    mirror(path.join(repoRoot, 'config'), config, 'nanobot.yaml');
    // A JSON string is a valid YAML double-quoted scalar, so any path survives PyYAML.
    writeFileSync(
      path.join(cwd, NANOBOT_CONFIG),
      `nanobot:\n  workspace_dir: ${JSON.stringify(path.resolve(workspaceRoot))}\n`,
    );
  } catch (err) {
    dispose();
    throw err;
  }
  return { cwd, dispose };
}
