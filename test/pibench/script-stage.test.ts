/** The folder a rule script runs in: the repository as it is, plus config/nanobot.yaml naming the session's workspace. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NANOBOT_CONFIG, stageRuleScript } from '../../src/pibench/script-stage.ts';
import { hasPython } from './helpers.ts';

function repoWithConfig(): string {
  const repo = mkdtempSync(path.join(os.tmpdir(), 'intentplay-repo-'));
  mkdirSync(path.join(repo, 'data', 'Financier'), { recursive: true });
  writeFileSync(path.join(repo, 'data', 'Financier', 'notes.txt'), 'from the repository');
  mkdirSync(path.join(repo, 'config'));
  writeFileSync(
    path.join(repo, 'config', 'nanobot.yaml'),
    'nanobot:\n  workspace_dir: /root/.nanobot/workspace\n',
  );
  writeFileSync(path.join(repo, 'config', 'run.yaml'), 'max_turns: 30\n');
  return repo;
}

describe('stageRuleScript', () => {
  it("mirrors the repository and replaces its nanobot.yaml with one naming the session's workspace", () => {
    const repo = repoWithConfig();
    const workspace = mkdtempSync(path.join(os.tmpdir(), 'intentplay-ws "quoted" '));
    const stage = stageRuleScript(repo, workspace);
    expect(readFileSync(path.join(stage.cwd, 'data', 'Financier', 'notes.txt'), 'utf8')).toBe(
      'from the repository',
    );
    expect(readFileSync(path.join(stage.cwd, 'config', 'run.yaml'), 'utf8')).toBe(
      'max_turns: 30\n',
    );
    expect(readFileSync(path.join(stage.cwd, NANOBOT_CONFIG), 'utf8')).not.toContain(
      '/root/.nanobot',
    );
    stage.dispose();
    expect(existsSync(stage.cwd)).toBe(false);
    // The repository and the workspace are left as they were.
    expect(readFileSync(path.join(repo, 'config', 'nanobot.yaml'), 'utf8')).toContain(
      '/root/.nanobot/workspace',
    );
    expect(existsSync(workspace)).toBe(true);
  });

  it.skipIf(!hasPython)(
    'writes a config PyYAML reads back as the workspace path, odd characters included',
    () => {
      const workspace = mkdtempSync(path.join(os.tmpdir(), 'intentplay-ws "quoted" \\ é '));
      const stage = stageRuleScript(repoWithConfig(), workspace);
      const read = spawnSync(
        'python3',
        [
          '-c',
          'import yaml; print(yaml.safe_load(open("config/nanobot.yaml"))["nanobot"]["workspace_dir"], end="")',
        ],
        { cwd: stage.cwd, encoding: 'utf8' },
      );
      expect(read.stdout).toBe(workspace);
      stage.dispose();
    },
  );

  it('works for a repository without a config folder', () => {
    const repo = mkdtempSync(path.join(os.tmpdir(), 'intentplay-repo-'));
    const stage = stageRuleScript(repo, repo);
    expect(readFileSync(path.join(stage.cwd, NANOBOT_CONFIG), 'utf8')).toContain('workspace_dir');
    stage.dispose();
  });
});
