/** Runs a scenario of a test library in-process and returns its events and results. */
import { resolveConfig } from '../../src/config/config.ts';
import { loadLibrary } from '../../src/scenario/library.ts';
import { parseBackendSpec } from '../../src/session/backend-spec.ts';
import type { TimedEvent } from '../../src/contracts/events.ts';
import type { SessionRun } from '../../src/session/engine.ts';
import { runGroup, type SessionRunResult } from '../../src/session/group.ts';
import { planRuns } from '../../src/session/plan.ts';
import { createToolRegistry } from '../../src/tools/index.ts';

export interface TestRun {
  events: TimedEvent[];
  results: SessionRunResult[];
}

export async function runTarget(
  target: string,
  opts: {
    agent?: string;
    noDeps?: boolean;
    recordingsDir?: string | null;
    maxTurns?: number;
    /** Each session as it starts, and each event with its session (to look at a run's state). */
    onSession?: (run: SessionRun) => void;
    onEvent?: (event: TimedEvent, run: SessionRun) => void;
  } = {},
): Promise<TestRun> {
  const events: TimedEvent[] = [];
  const results: SessionRunResult[] = [];
  for (const group of planRuns([target], { noDeps: opts.noDeps ?? false })) {
    results.push(
      ...(await runGroup(group, {
        specs: {
          agent: parseBackendSpec('agent', opts.agent ?? 'script'),
          user: { kind: 'rules' },
          judge: { kind: 'rules' },
        },
        config: resolveConfig({}, {}),
        registry: createToolRegistry(),
        recordingsDir: opts.recordingsDir ?? null,
        date: '2026-01-01',
        ...(opts.maxTurns ? { maxTurns: opts.maxTurns } : {}),
        ...(opts.onSession ? { onSession: opts.onSession } : {}),
        onEvent: (e, run) => {
          events.push(e);
          opts.onEvent?.(e, run);
        },
      })),
    );
  }
  return { events, results };
}

export function freshLibrary(root: string): void {
  loadLibrary(root, { fresh: true });
}
