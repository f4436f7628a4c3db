/**
 * Every bundled scenario's recording, byte for byte, against the goldens in test/golden/recordings
 * (the script agent's proactive and reactive references, rules user and judge, each run group in
 * order). Only what differs between two runs is normalised: the wall-clock offsets (`t`), the
 * header's start time and the library's absolute path.
 *
 * A change meant to alter what a session does regenerates them (CONTRIBUTING.md, "Goldens"):
 *   UPDATE_GOLDENS=1 npx vitest run test/engine/golden-recordings.test.ts
 * and the diff of test/golden/recordings is then part of the review.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/config.ts';
import type { Role } from '../../src/contracts/events.ts';
import { loadLibrary } from '../../src/scenario/library.ts';
import type { BackendSpec } from '../../src/session/backend-spec.ts';
import { runGroup } from '../../src/session/group.ts';
import { BUNDLED_LIBRARY, planRuns } from '../../src/session/plan.ts';
import { createToolRegistry } from '../../src/tools/index.ts';

const GOLDENS = path.join(import.meta.dirname, '..', 'golden', 'recordings');
const UPDATE = Boolean(process.env.UPDATE_GOLDENS);
const REFERENCES = ['proactive', 'reactive'] as const;
const ids = [...loadLibrary(BUNDLED_LIBRARY, { fresh: true }).library.scenarios.keys()].sort();

/** A recording with what changes from run to run replaced: the rest must not change. */
export function normaliseRecording(text: string): string {
  return text
    .trimEnd()
    .split('\n')
    .map((line, i) => {
      const value = JSON.parse(line) as Record<string, unknown>;
      if (i === 0) {
        value.started = '<started>';
        if (typeof value.library === 'string')
          value.library = path.relative(BUNDLED_LIBRARY, value.library) || '.';
      } else delete value.t;
      return JSON.stringify(value);
    })
    .join('\n')
    .concat('\n');
}

function goldenFile(reference: string, scenario: string): string {
  return path.join(GOLDENS, reference, `${scenario}.jsonl`);
}

/** Runs the bundled library with one reference; returns each scenario's normalised recording. */
async function record(reference: string, dir: string): Promise<Map<string, string>> {
  const specs: Record<Role, BackendSpec> = {
    agent: { kind: 'script', name: reference },
    user: { kind: 'rules' },
    judge: { kind: 'rules' },
  };
  const recordingsDir = path.join(dir, reference);
  const registry = createToolRegistry();
  const config = resolveConfig({}, {});
  for (const group of planRuns([path.join(BUNDLED_LIBRARY, 'scenarios')]))
    await runGroup(group, { specs, config, registry, recordingsDir, date: '2026-01-05' });
  const byScenario = new Map<string, string>();
  for (const file of readdirSync(recordingsDir)) {
    const text = readFileSync(path.join(recordingsDir, file), 'utf8');
    const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as { scenario: string };
    byScenario.set(header.scenario, normaliseRecording(text));
  }
  return byScenario;
}

describe('recordings of the bundled scenarios', () => {
  const recorded = new Map<string, Map<string, string>>();
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'goldens-'));
    for (const reference of REFERENCES) recorded.set(reference, await record(reference, dir));
    if (!UPDATE) return;
    rmSync(GOLDENS, { recursive: true, force: true });
    for (const [reference, byScenario] of recorded)
      for (const [scenario, text] of byScenario) {
        mkdirSync(path.dirname(goldenFile(reference, scenario)), { recursive: true });
        writeFileSync(goldenFile(reference, scenario), text);
      }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('records every bundled scenario once per reference', () => {
    for (const reference of REFERENCES)
      expect([...recorded.get(reference)!.keys()].sort()).toEqual(ids);
  });

  for (const reference of REFERENCES)
    it.each(ids)(`${reference}: %s records what its golden holds`, (scenario) => {
      const golden = readFileSync(goldenFile(reference, scenario), 'utf8');
      // Line by line, so a difference names the event that changed rather than a 20 kB string.
      expect(recorded.get(reference)!.get(scenario)!.split('\n')).toEqual(golden.split('\n'));
    });
});
