/** Test helpers over the π-Bench-format fixture repo (test/fixtures/pibench/repo). */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { resolveConfig } from '../../src/config/config.ts';
import { parseBackendSpec } from '../../src/session/backend-spec.ts';
import type { TimedEvent } from '../../src/contracts/events.ts';
import { runGroup, type SessionRunResult } from '../../src/session/group.ts';
import { planRuns, type RunGroup } from '../../src/session/plan.ts';
import type { Library, LoadedScenario } from '../../src/scenario/library.ts';
import { stripLoaded } from '../../src/scenario/pibench/index.ts';
import { createToolRegistry } from '../../src/tools/index.ts';

export const FIXTURE_REPO = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/pibench/repo',
);
export const FIXTURE_USER = path.join(FIXTURE_REPO, 'data', 'courier');
export const FIXTURE_SCRIPT = path.join(FIXTURE_USER, 'scripts', 'courier_task_002_files.py');

/** A scratch copy of the fixture repo; returns its `data/courier` folder. */
export function copyFixture(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-pibench-'));
  cpSync(FIXTURE_REPO, root, { recursive: true });
  return path.join(root, 'data', 'courier');
}

/** Replaces `from` (which must occur) in a file of the copy. */
export function edit(file: string, from: string | RegExp, to: string): void {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`edit: ${String(from)} not found in ${file}`);
  writeFileSync(file, next);
}

/** 1-based line of the first line of `file` containing `needle`. */
export function lineOf(file: string, needle: string): number {
  const i = readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`lineOf: ${needle} not in ${file}`);
  return i + 1;
}

export const hasPython = spawnSync('python3', ['--version']).status === 0;
export const NO_PYTHON_MESSAGE = 'python3 is not installed: rule-script tests skipped';

/** Runs a group offline: script agent, rules user, rules judge. */
export async function runOffline(
  group: RunGroup,
  agent = 'script',
): Promise<{ results: SessionRunResult[]; events: TimedEvent[] }> {
  const events: TimedEvent[] = [];
  const results = await runGroup(group, {
    specs: {
      agent: parseBackendSpec('agent', agent),
      user: { kind: 'rules' },
      judge: { kind: 'rules' },
    },
    config: resolveConfig({}, {}),
    registry: createToolRegistry(),
    recordingsDir: null,
    date: '2026-01-01',
    onEvent: (e) => events.push(e),
  });
  return { results, events };
}

/** A scenario with its paths made absolute and its assets folder left out, so a π-Bench task and its import compare equal. */
export function comparable(s: LoadedScenario): unknown {
  const { workspace, ...fields } = stripLoaded(s);
  const dir = path.dirname(s.file);
  return {
    ...fields,
    workspace: workspace
      ? { ...workspace, assets: workspace.assets === undefined ? undefined : 'some folder' }
      : undefined,
    ...(fields.pibench?.repo_root
      ? { pibench: { ...fields.pibench, repo_root: path.resolve(dir, fields.pibench.repo_root) } }
      : {}),
  };
}

/** What a run of every episode of a library scores, per scenario. */
export async function scoresOf(library: Library): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const group of planRuns([library.root]))
    for (const r of (await runOffline(group)).results)
      out[r.scenario] = { end: r.end, scores: r.scores };
  return out;
}
