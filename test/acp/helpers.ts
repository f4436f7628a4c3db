/** Runs the acp test library's scenario with the test agent (test/fixtures/acp-agent.mjs) in-process. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig } from '../../src/config/config.ts';
import type { BackendSpec } from '../../src/session/backend-spec.ts';
import type { SessionEvent, TimedEvent } from '../../src/contracts/events.ts';
import { runGroup, type GroupRunOptions, type SessionRunResult } from '../../src/session/group.ts';
import { planRuns } from '../../src/session/plan.ts';
import { createToolRegistry } from '../../src/tools/index.ts';

export const ACP_LIB = path.resolve('test/fixtures/acp-lib');
export const NOTES = path.join(ACP_LIB, 'scenarios/tester/notes.yaml');
export const AGENT = path.resolve('test/fixtures/acp-agent.mjs');

export const acp = (flags = '', timeoutMs?: number): BackendSpec => ({
  kind: 'acp',
  name: `node ${AGENT} ${flags}`.trim(),
  ...(timeoutMs ? { timeoutMs } : {}),
});

export interface AcpRun {
  events: TimedEvent[];
  results: SessionRunResult[];
  recordings: string;
  of<T extends SessionEvent['type']>(type: T): Extract<TimedEvent, { type: T }>[];
}

export async function runAcp(
  agent: BackendSpec,
  extra: Partial<GroupRunOptions> = {},
  target = NOTES,
): Promise<AcpRun> {
  const events: TimedEvent[] = [];
  const results: SessionRunResult[] = [];
  const recordings = mkdtempSync(path.join(os.tmpdir(), 'ip-acp-rec-'));
  for (const group of planRuns([target], { noDeps: true }))
    results.push(
      ...(await runGroup(group, {
        specs: { agent, user: { kind: 'rules' }, judge: { kind: 'rules' } },
        config: resolveConfig({}, {}),
        registry: createToolRegistry(),
        recordingsDir: recordings,
        date: '2026-01-01',
        ...extra,
        onEvent: (e, run) => {
          events.push(e);
          extra.onEvent?.(e, run);
        },
      })),
    );
  return {
    events,
    results,
    recordings,
    of: (type) => events.filter((e) => e.type === type) as never,
  };
}
