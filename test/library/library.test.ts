/**
 * The bundled library, end to end and offline: every scenario validates without warnings,
 * lints clean, and under the rules judge its proactive reference beats its reactive one.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validatePaths } from '../../src/cli/actions/validate.ts';
import { resolveConfig } from '../../src/config/config.ts';
import { lintPaths } from '../../src/lint/index.ts';
import { loadLibrary } from '../../src/scenario/library.ts';
import { BUNDLED_LIBRARY, planRuns } from '../../src/session/plan.ts';
import { runGroup, type SessionRunResult } from '../../src/session/group.ts';
import type { BackendSpec } from '../../src/session/backend-spec.ts';
import type { Role } from '../../src/contracts/events.ts';
import { createToolRegistry } from '../../src/tools/index.ts';

const SCENARIOS = path.join(BUNDLED_LIBRARY, 'scenarios');
const PERSONAS = path.join(BUNDLED_LIBRARY, 'personas');
const library = loadLibrary(BUNDLED_LIBRARY, { fresh: true }).library;
const ids = [...library.scenarios.keys()].sort();

async function runAll(reference: 'proactive' | 'reactive'): Promise<Map<string, SessionRunResult>> {
  const specs: Record<Role, BackendSpec> = {
    agent: { kind: 'script', name: reference },
    user: { kind: 'rules' },
    judge: { kind: 'rules' },
  };
  const registry = createToolRegistry();
  const config = resolveConfig({}, {});
  const byId = new Map<string, SessionRunResult>();
  for (const group of planRuns([SCENARIOS]))
    for (const r of await runGroup(group, {
      specs,
      config,
      registry,
      recordingsDir: null,
      date: '2026-01-05',
    }))
      byId.set(r.scenario, r);
  return byId;
}

describe('the bundled library', () => {
  let proactive: Map<string, SessionRunResult>;
  let reactive: Map<string, SessionRunResult>;
  beforeAll(async () => {
    [proactive, reactive] = [await runAll('proactive'), await runAll('reactive')];
  });

  it('validates with zero errors and zero warnings', () => {
    const { diagnostics, files } = validatePaths([PERSONAS, SCENARIOS]);
    expect(diagnostics).toEqual([]);
    expect(files).toBeGreaterThanOrEqual(30);
  });

  it('lints clean', async () => {
    const { diagnostics, scenarios } = await lintPaths([SCENARIOS]);
    expect(
      diagnostics.map(
        (d) => `${path.relative(BUNDLED_LIBRARY, d.file)}:${d.line}:${d.col}: ${d.message}`,
      ),
    ).toEqual([]);
    expect(scenarios).toBe(ids.length);
  });

  it('has five personas with at least five scenarios each, twelve categories and three environment triggers', () => {
    const perPersona = new Map<string, number>();
    for (const s of library.scenarios.values())
      perPersona.set(s.persona, (perPersona.get(s.persona) ?? 0) + 1);
    expect([...perPersona.keys()].sort()).toEqual([
      'financier',
      'law_trainee',
      'marketer',
      'pharmacist',
      'researcher',
    ]);
    for (const n of perPersona.values()) expect(n).toBeGreaterThanOrEqual(5);
    expect(ids.length).toBeGreaterThanOrEqual(25);
    expect(
      new Set([...library.scenarios.values()].map((s) => s.category)).size,
    ).toBeGreaterThanOrEqual(12);
    expect(
      [...library.scenarios.values()].filter((s) => s.trigger.kind === 'event').length,
    ).toBeGreaterThanOrEqual(3);
    for (const persona of perPersona.keys()) {
      const episode = library.episodes.get(persona);
      expect(
        episode?.sessions.some((id) => library.scenarios.get(id)!.dependsOn.length > 0),
        `${persona} has a dependency group`,
      ).toBe(true);
    }
  });

  it.each(ids)('%s: the proactive reference beats the reactive one under the rules judge', (id) => {
    const p = proactive.get(id)!;
    const r = reactive.get(id)!;
    expect([p.end, r.end]).toEqual(['resolved', 'resolved']);
    // An intention shift is told by the user right after the follow-up, so it is provided by design.
    const shift = library.scenarios.get(id)!.intents.some((i) => i.supersedes?.length);
    expect(p.scores.proc).toBeGreaterThanOrEqual(shift ? 0.6 : 0.7);
    expect(r.scores.proc).toBeLessThanOrEqual(0.3);
    expect(p.scores.proc).toBeGreaterThan(r.scores.proc);
    expect(p.scores.comp ?? 0).toBeGreaterThanOrEqual(r.scores.comp ?? 0);
  });
});
