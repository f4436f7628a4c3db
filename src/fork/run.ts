/** A fork run headless (`intentplay fork`, the exactness test, the benchmark): one call. */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ResolvedConfig } from '../config/config.ts';
import type { Role, TimedEvent } from '../contracts/events.ts';
import type { BackendSpec } from '../session/backend-spec.ts';
import { runGroup, type SessionRunResult } from '../session/group.ts';
import { createToolRegistry } from '../tools/index.ts';
import type { ToolRegistry } from '../tools/registry.ts';
import { registerFork } from './elsewhere.ts';
import { ForkError } from './errors.ts';
import { ForkPlan, type ForkRequest } from './plan.ts';
import { atTurn, loadForkSource, type ForkSource } from './source.ts';

export interface ForkRunOptions {
  specs: Record<Role, BackendSpec>;
  config: ResolvedConfig;
  editUser?: string;
  /** The fork's recording (default: beside its parent). */
  out?: string;
  registry?: ToolRegistry;
  /** Every event of the session the fork continues, as it happens. */
  onEvent?: (event: TimedEvent) => void;
  signal?: AbortSignal;
}

/** Where a fork of `parent` at `turn` is written when no --out names a file: beside its parent. */
export function forkFileName(parent: string, turn: number): string {
  const base = path.basename(parent).replace(/\.jsonl$/, '');
  return path.join(
    path.dirname(parent),
    `${base}-fork${turn}-${randomBytes(3).toString('hex')}.jsonl`,
  );
}

/**
 * A fork from the last judged turn of a session that was just stopped (`f` in a paused watch, or
 * on the `watch --vs` stage), given what its run returned: beside its recording.
 */
export function forkFromEnd(results: readonly SessionRunResult[]): ForkRequest {
  const file = results.at(-1)?.recording;
  if (!file) throw new ForkError('the session left no recording to fork');
  const source = loadForkSource(file, 0);
  return { source: atTurn(source, source.turns), file: forkFileName(file, source.turns) };
}

export async function runFork(
  source: ForkSource,
  opts: ForkRunOptions,
): Promise<{ file: string; result: SessionRunResult; warning?: string }> {
  const file = path.resolve(opts.out ?? forkFileName(source.parent.file, source.turn));
  // The recorder appends: a fork never writes into an existing file (its parent least of all).
  if (existsSync(file))
    throw new ForkError(`${file} exists: a fork writes a new recording (choose another --out)`);
  const plan = new ForkPlan({
    source,
    file,
    ...(opts.editUser !== undefined ? { editUser: opts.editUser } : {}),
  });
  let results: SessionRunResult[];
  try {
    results = await runGroup(plan.group, {
      specs: opts.specs,
      config: opts.config,
      registry: opts.registry ?? createToolRegistry(),
      recordingsDir: null,
      ...plan.options(opts.signal),
      // A wait the recording's user cut short by speaking is cut short again; live, time passes.
      paceTime: () => (plan.live ? Promise.resolve('time_passes') : plan.replayedWait()),
      onEvent: (event) => {
        if (plan.observe(event)) opts.onEvent?.(event);
      },
    });
    plan.check();
  } catch (err) {
    rmSync(file, { force: true });
    throw err;
  }
  // A fork written in another folder is noted beside its parent, so the parent's branches list it.
  const warning = await registerFork(source.parent.file, file);
  return { file, result: results.at(-1)!, ...(warning ? { warning } : {}) };
}
