/**
 * What the sessions of one run group (an episode, or a dependency chain) share: one
 * workspace, one agent memory, one set of app states, and the workspace's last snapshot.
 */
import { cpSync, lstatSync, rmSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { AppStateHost } from '../apps/index.ts';
import type { LoadedScenario } from '../scenario/library.ts';
import { isNonAsset } from '../scenario/pibench/assets.ts';
import { MemoryStore } from '../tools/memory.ts';
import type { ToolRegistry } from '../tools/registry.ts';
import { Workspace, type Snapshot } from '../workspace/workspace.ts';

export interface GroupEnv {
  workspace: Workspace;
  memory: MemoryStore;
  apps: AppStateHost;
  registry: ToolRegistry;
  lastSnapshot: Snapshot;
}

export function createGroupEnv(registry: ToolRegistry, workspaceDir?: string): GroupEnv {
  const workspace = Workspace.create(workspaceDir);
  return {
    workspace,
    memory: new MemoryStore(),
    apps: new AppStateHost(),
    registry,
    lastSnapshot: new Map(),
  };
}

/**
 * Prepares the group's shared state for one session: its assets folder, its workspace files
 * and its app seeds go on top of what earlier sessions left. The one way every runner seeds.
 */
function lstatOrUndefined(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

export function seedSession(env: GroupEnv, scenario: LoadedScenario): void {
  const assets = scenario.workspace?.assets
    ? path.resolve(path.dirname(scenario.file), scenario.workspace.assets)
    : undefined;
  // A π-Bench task folder is its own assets folder: task.yaml and run outputs stay out.
  if (assets)
    cpSync(assets, env.workspace.root, {
      recursive: true,
      force: true,
      filter: (src, dest) => {
        if (isNonAsset(assets, src)) return false;
        // What an earlier session left under this name gives way when it is of another kind
        // (a link or file where a folder comes, or the reverse): the copy would fail on it.
        const there = lstatOrUndefined(dest);
        if (
          there &&
          (there.isDirectory() !== statSync(src).isDirectory() || there.isSymbolicLink())
        )
          rmSync(dest, { recursive: true, force: true });
        return true;
      },
    });
  env.workspace.seed(scenario.workspace?.files);
  env.apps.seed(scenario.apps);
  // A full walk: the asset copy went around the workspace's own methods.
  env.lastSnapshot = env.workspace.snapshot(env.lastSnapshot, true);
}
