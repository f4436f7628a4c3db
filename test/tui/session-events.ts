/**
 * Real engine events for TUI and store tests: an offline run of the test library
 * (script agent, rules user and judge), collected through runGroup's onEvent.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sessionSetup } from '../../src/session/setup.ts';
import { runGroup, type SessionRunResult } from '../../src/session/group.ts';
import type { SessionEvent, TimedEvent } from '../../src/contracts/events.ts';
import { planRuns } from '../../src/session/plan.ts';
import { createToolRegistry } from '../../src/tools/index.ts';

export const FIXTURE_LIB = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/lib',
);

export interface CollectedRun {
  /** Every event of every session, in order, ephemeral ones included. */
  events: TimedEvent[];
  /** Events per session. */
  sessions: TimedEvent[][];
  results: SessionRunResult[];
}

/** Runs `target` (a scenario id or episode in the fixture library) offline and collects its events. */
export async function collectRun(
  target = 'tester',
  opts: { agent?: string; recordingsDir?: string | null } = {},
): Promise<CollectedRun> {
  const setup = sessionSetup({
    library: FIXTURE_LIB,
    ...(opts.agent ? { agent: opts.agent } : {}),
  });
  const events: TimedEvent[] = [];
  const sessions: TimedEvent[][] = [];
  const [group] = planRuns([target], { library: FIXTURE_LIB });
  const results = await runGroup(group!, {
    specs: setup.specs,
    config: setup.config,
    registry: createToolRegistry(),
    recordingsDir: opts.recordingsDir ?? null,
    date: '2025-01-01',
    onEvent: (e) => {
      events.push(e);
      if (e.type === 'session_start') sessions.push([]);
      sessions.at(-1)!.push(e);
    },
  });
  return { events, sessions, results };
}

/** A hand-made session start: two intents, a rule and a rubric checklist item, five turns. */
export const SESSION_START: Extract<SessionEvent, { type: 'session_start' }> = {
  type: 'session_start',
  scenario: 'p/s',
  persona: 'p',
  title: 'T',
  index: 0,
  of: 1,
  trigger: { kind: 'user', text: 'hi' },
  intents: [
    { id: 'I1', text: 'one', reveal: 'r1' },
    { id: 'I2', text: 'two', reveal: 'r2' },
  ],
  checklist: [
    { id: 'C1', text: 'c1', grader: 'rule', hasRule: true },
    { id: 'C2', text: 'c2', grader: 'rubric', hasRule: false },
  ],
  maxTurns: 5,
  toolSteps: 30,
  backends: { agent: { kind: 'script' }, user: { kind: 'rules' }, judge: { kind: 'rules' } },
};
