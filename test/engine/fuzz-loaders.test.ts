/**
 * Property-based fuzzing of the loaders (fast-check, seeded): whatever a scenario file holds,
 * loading never throws, never hangs, and every problem is a diagnostic located inside the file.
 * 2,000 cases parse and validate in memory; 300 go through a whole library on disk beside a
 * valid neighbour, which still loads. `npm run bench -- fuzz` runs many more.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadLibrary } from '../../src/scenario/library.ts';
import { scenarioSchema } from '../../src/scenario/schema.ts';
import { parseYamlFile } from '../../src/scenario/yaml-file.ts';
import { validateWith } from '../../src/scenario/yaml-validate.ts';
import { makeLibrary } from '../helpers/library.ts';
import { mutatedScenario, SEED_SCENARIO } from '../helpers/mutations.ts';

const located = (text: string) => (d: { line: number; col: number }) =>
  d.line >= 1 && d.col >= 1 && d.line <= text.split('\n').length + 1;

describe('fuzzing the loaders', () => {
  it('the seed scenario is valid (so mutations start from a real file)', () => {
    const root = makeLibrary({ 'scenarios/p/a.yaml': SEED_SCENARIO });
    expect(
      loadLibrary(root, { fresh: true }).diagnostics.filter((d) => d.severity === 'error'),
    ).toEqual([]);
  });

  it(
    '2,000 mutated files parse and validate in memory: no throw, every diagnostic located',
    { timeout: 120_000 },
    () => {
      fc.assert(
        fc.property(mutatedScenario, (text) => {
          const { parsed, diagnostics } = parseYamlFile('/virtual/a.yaml', text);
          expect(diagnostics.every(located(text))).toBe(true);
          if (parsed)
            expect(
              validateWith(parsed, scenarioSchema(), 'scenario').diagnostics.every(located(text)),
            ).toBe(true);
        }),
        { numRuns: 2000, seed: 20261125 },
      );
    },
  );

  it(
    '300 mutated files in a library: it loads, the valid neighbour with it, every problem located in its file',
    { timeout: 120_000 },
    () => {
      const root = makeLibrary({
        'scenarios/p/a.yaml': SEED_SCENARIO,
        'scenarios/p/b.yaml': SEED_SCENARIO.replace('id: p/a', 'id: p/b'),
      });
      const file = path.join(root, 'scenarios/p/a.yaml');
      fc.assert(
        fc.property(mutatedScenario, (text) => {
          writeFileSync(file, text);
          const { library, diagnostics } = loadLibrary(root, { fresh: true });
          expect(library.scenarios.has('p/b')).toBe(true);
          for (const d of diagnostics) {
            expect(d.line).toBeGreaterThanOrEqual(1);
            expect(d.col).toBeGreaterThanOrEqual(1);
          }
        }),
        { numRuns: 300, seed: 7 },
      );
    },
  );
});
