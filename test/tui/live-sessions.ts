/**
 * Live sessions of the test library for screen tests: each gets its recordings folder, and the
 * session shown is quit and its screen unmounted after each test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { planRuns } from '../../src/session/plan.ts';
import { sessionSetup } from '../../src/session/setup.ts';
import { LiveSession } from '../../src/tui/session/live.ts';
import type { LiveOptions } from '../../src/tui/session/live-options.ts';
import type { Rendered } from './harness.tsx';
import { FIXTURE_LIB } from './session-events.ts';

export interface LiveFixture {
  /** The recordings folder. */
  dir: string;
  /** A live session of `target` (a scenario or episode of the test library), quit after the test. */
  start(
    target: string,
    mode: LiveOptions['mode'],
    opts?: { agent?: string; paused?: boolean; delayMs?: number; revealIntents?: boolean },
  ): LiveSession;
  /** Unmounted after the test. */
  show(r: Rendered): Rendered;
}

export function liveFixture(): LiveFixture {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-live-'));
  let live: LiveSession | undefined;
  let shown: Rendered | undefined;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(async () => {
    shown?.unmount();
    live?.quit();
    await live?.done.catch(() => undefined);
    shown = live = undefined;
  });
  return {
    dir,
    start: (target, mode, opts = {}) =>
      (live = new LiveSession({
        groups: planRuns([target], { library: FIXTURE_LIB }),
        setup: sessionSetup({ library: FIXTURE_LIB, ...(opts.agent ? { agent: opts.agent } : {}) }),
        mode,
        delayMs: opts.delayMs ?? 0,
        paused: Boolean(opts.paused),
        revealIntents: Boolean(opts.revealIntents),
        recordingsDir: dir,
        date: '2025-01-01',
      })),
    show: (r) => (shown = r),
  };
}
