/**
 * The date the agent is told is recorded in the header, and a fork tells its agent the same date,
 * not the day the parent started (they differ when a run is told another date, or crosses
 * midnight); a recording made before the date was recorded forks with the day it started.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Backends } from '../../src/contracts/backends.ts';
import { resolveConfig } from '../../src/config/config.ts';
import { ForkPlan } from '../../src/fork/plan.ts';
import { loadForkSource } from '../../src/fork/source.ts';
import { runGroup, type GroupRunOptions } from '../../src/session/group.ts';
import { planRuns } from '../../src/session/plan.ts';
import { readRecording } from '../../src/session/recording.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import { materialise } from './goldens.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fork-date-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const base = {
  specs: {
    agent: { kind: 'script' as const, name: 'proactive' },
    user: { kind: 'rules' as const },
    judge: { kind: 'rules' as const },
  },
  config: resolveConfig({}, {}),
  registry: createToolRegistry(),
};

/** The dates the agent is told, turn by turn, through a wrap of its backend. */
function toldDates(into: string[]) {
  return (b: Backends): Backends => {
    const runTurn = b.agent.runTurn.bind(b.agent);
    return {
      ...b,
      agent: Object.assign(Object.create(b.agent) as object, {
        runTurn: (input: Parameters<typeof runTurn>[0]) => {
          into.push(input.session.date);
          return runTurn(input);
        },
      }) as Backends['agent'],
    };
  };
}

/** A fork of `file` at `turn` run through its plan, with the dates its agent is told. */
async function forkTold(file: string, turn: number, out: string) {
  const told: string[] = [];
  const plan = new ForkPlan({ source: loadForkSource(file, turn), file: out });
  const options = plan.options();
  const opts: GroupRunOptions = {
    ...base,
    recordingsDir: null,
    ...options,
    wrapBackends: async (b, index, ctx) =>
      index === plan.target
        ? toldDates(told)(await options.wrapBackends!(b, index, ctx))
        : options.wrapBackends!(b, index, ctx),
    onEvent: (e) => void plan.observe(e),
  };
  await runGroup(plan.group, opts);
  plan.check();
  return told;
}

describe('the date told to the agent', () => {
  it('is one date for the session, and the header records it', async () => {
    const told: string[] = [];
    const recordingsDir = path.join(dir, 'run');
    const [group] = planRuns(['researcher/meal-plan'], { noDeps: true });
    await runGroup(group!, { ...base, recordingsDir, wrapBackends: toldDates(told) });
    const [file] = readdirSync(recordingsDir);
    const { header } = readRecording(path.join(recordingsDir, file!));
    expect(told.length).toBeGreaterThan(0);
    expect(new Set(told)).toEqual(new Set([header.date]));
    expect(header.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('a fork tells its agent the date its parent recorded, and records it', async () => {
    const parent = materialise(dir, 'proactive', (h) => (h.date = '2025-12-24')).find((f) =>
      f.endsWith('/meal-plan.jsonl'),
    )!;
    // The parent started on 2026-01-05, but its agent was told 2025-12-24.
    expect(readRecording(parent).header.started.slice(0, 10)).toBe('2026-01-05');
    const out = path.join(dir, 'fork.jsonl');
    expect(await forkTold(parent, 0, out)).toEqual(['2025-12-24', '2025-12-24']);
    expect(readRecording(out).header.date).toBe('2025-12-24');
  });

  it('a recording made before the date was recorded forks with the day it started', async () => {
    const older = path.join(dir, 'older');
    const parent = materialise(older, 'proactive', (h) => delete h.date).find((f) =>
      f.endsWith('/meal-plan.jsonl'),
    )!;
    expect(readRecording(parent).header.date).toBeUndefined();
    const told = await forkTold(parent, 0, path.join(older, 'fork.jsonl'));
    expect(new Set(told)).toEqual(new Set(['2026-01-05']));
  });
});
