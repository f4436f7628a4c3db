/**
 * A fork with the same backends changes nothing: for every bundled scenario (π-Bench chat, time
 * and proposal scenarios) and both script references, forking its golden recording at every turn
 * records the original again, event for event (only the time offsets and the header's start,
 * library path and lineage differ).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/config.ts';
import { loadLibrary } from '../../src/scenario/library.ts';
import { BUNDLED_LIBRARY } from '../../src/session/plan.ts';
import { atTurn, loadForkSource } from '../../src/fork/source.ts';
import { runFork } from '../../src/fork/run.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import { materialise, normalised } from './goldens.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fork-exact-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = resolveConfig({}, {});
const registry = createToolRegistry();
// Loaded once for the 392 forks (each recording names this library).
const { library } = loadLibrary(BUNDLED_LIBRARY);

describe('a fork with the same backends records the original again', () => {
  for (const reference of ['proactive', 'reactive'])
    it(`${reference}: every bundled scenario, forked at every turn`, async () => {
      const specs = {
        agent: { kind: 'script' as const, name: reference },
        user: { kind: 'rules' as const },
        judge: { kind: 'rules' as const },
      };
      const paradigms = new Set<string>();
      let forks = 0;
      for (const file of materialise(dir, reference)) {
        const original = normalised(file);
        // Read once per recording (with the sessions before it): each turn's fork starts from it.
        const source = loadForkSource(file, 0, library);
        const start = JSON.parse(original[1]!) as { time?: unknown; proposals?: unknown };
        if (start.time) paradigms.add('time');
        else paradigms.add(start.proposals ? 'proposals' : 'chat');
        for (let turn = 0; turn <= source.turns; turn++) {
          const out = path.join(path.dirname(file), `fork-${turn}-${path.basename(file)}`);
          await runFork(atTurn(source, turn), { specs, config, registry, out });
          const forked = normalised(out);
          expect(forked, `${path.basename(file)} forked at turn ${turn}`).toEqual(original);
          expect(JSON.parse(readFileSync(out, 'utf8').split('\n')[0]!).fork).toEqual({
            parent: path.basename(file),
            turn,
          });
          rmSync(out);
          forks++;
        }
      }
      expect([...paradigms].sort()).toEqual(['chat', 'proposals', 'time']);
      expect(forks).toBeGreaterThan(100);
    }, 120_000);
});
