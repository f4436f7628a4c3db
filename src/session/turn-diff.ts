/** What a turn changed: the workspace's and the apps' diffs, emitted; the workspace snapshot moves on. */
import { Workspace, snapshotTexts, type Snapshot } from '../workspace/workspace.ts';
import { diffApps } from '../apps/diff.ts';
import type { ToolCallRecord, TurnEvidence } from '../contracts/backends.ts';
import type { SessionEvent } from '../contracts/events.ts';
import type { GroupEnv } from './group-env.ts';

export interface TurnDiff {
  after: Snapshot;
  diffs: ReturnType<typeof Workspace.diff>;
  appsAfter: Record<string, unknown>;
}

/** The state of the workspace and the apps before a turn. */
export interface BeforeTurn {
  files: Snapshot;
  apps: Record<string, unknown>;
}

export function beforeTurn(env: GroupEnv): BeforeTurn {
  return { files: env.lastSnapshot, apps: env.apps.snapshot() };
}

/**
 * Diffs the turn against `before` and emits what changed. `walk`: the agent edits files itself,
 * around the workspace's methods, so the whole tree is read.
 */
export function diffTurn(
  env: GroupEnv,
  turn: number,
  before: BeforeTurn,
  walk: boolean,
  emit: (event: SessionEvent) => void,
): TurnDiff {
  const after = env.workspace.snapshot(before.files, walk);
  env.lastSnapshot = after;
  const diffs = Workspace.diff(before.files, after);
  if (diffs.length) emit({ type: 'workspace_diff', turn, files: diffs });
  const appsAfter = env.apps.snapshot();
  const appDiffs = diffApps(before.apps, appsAfter);
  if (appDiffs.length) emit({ type: 'app_diff', turn, apps: appDiffs });
  return { after, diffs, appsAfter };
}

/** What the judge reads of a turn: its reply, its tool calls, the files it wrote, the apps after. */
export function turnEvidence(
  turn: number,
  reply: string,
  toolCalls: ToolCallRecord[],
  { after, diffs, appsAfter }: TurnDiff,
): TurnEvidence {
  const changed = new Set(diffs.filter((d) => d.change !== 'deleted').map((d) => d.path));
  return { turn, reply, toolCalls, files: snapshotTexts(after, changed), apps: appsAfter };
}
