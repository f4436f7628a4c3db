/**
 * What the sessions of one run group (an episode, or a dependency chain) share: one
 * workspace, one agent memory, one set of app states, and the workspace's last snapshot.
 */
import { AppStateHost } from '../apps/index.ts';
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
  return { workspace, memory: new MemoryStore(), apps: new AppStateHost(), registry, lastSnapshot: new Map() };
}
