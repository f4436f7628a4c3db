/**
 * Loader fuzzing at scale (the test suite runs 2,000 + 300 seeded cases): N mutated scenario
 * files parsed and validated in memory, and N/10 loaded as a library beside a valid neighbour.
 * Prints how many cases ran, how long they took, and every case that threw (with its seed).
 *
 *   npm run bench -- fuzz [--runs 20000] [--seed 1]
 */
import '../src/paradigms/index.ts'; // installs the paradigms, as the command line's entry does
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { loadLibrary } from '../src/scenario/library.ts';
import { scenarioSchema } from '../src/scenario/schema.ts';
import { parseYamlFile } from '../src/scenario/yaml-file.ts';
import { validateWith } from '../src/scenario/yaml-validate.ts';
import { mutatedScenario, SEED_SCENARIO } from '../test/helpers/mutations.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '20000' }, seed: { type: 'string', default: '1' } },
});
const runs = Number(values.runs);
const seed = Number(values.seed);

const failures: string[] = [];
let t = performance.now();
const memory = fc.check(
  fc.property(mutatedScenario, (text) => {
    const { parsed } = parseYamlFile('/virtual/a.yaml', text);
    if (parsed) validateWith(parsed, scenarioSchema(), 'scenario');
  }),
  { numRuns: runs, seed },
);
const memoryMs = performance.now() - t;
if (memory.failed)
  failures.push(
    `in memory: seed ${seed}, path ${memory.counterexamplePath}: ${String(memory.errorInstance)}`,
  );

const root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-fuzz-'));
mkdirSync(path.join(root, 'personas'));
mkdirSync(path.join(root, 'scenarios', 'p'), { recursive: true });
writeFileSync(
  path.join(root, 'personas', 'p.yaml'),
  'id: p\nname: Pat\nrole: tester\nprofile: Tests.\n',
);
writeFileSync(
  path.join(root, 'scenarios', 'p', 'b.yaml'),
  SEED_SCENARIO.replace('id: p/a', 'id: p/b'),
);
t = performance.now();
const onDisk = fc.check(
  fc.property(mutatedScenario, (text) => {
    writeFileSync(path.join(root, 'scenarios', 'p', 'a.yaml'), text);
    if (!loadLibrary(root, { fresh: true }).library.scenarios.has('p/b'))
      throw new Error('the valid neighbour did not load');
  }),
  { numRuns: Math.ceil(runs / 10), seed },
);
const diskMs = performance.now() - t;
rmSync(root, { recursive: true, force: true });
if (onDisk.failed)
  failures.push(
    `library: seed ${seed}, path ${onDisk.counterexamplePath}: ${String(onDisk.errorInstance)}`,
  );
console.log(
  JSON.stringify(
    {
      in_memory: { cases: runs, ms: Math.round(memoryMs) },
      library_on_disk: { cases: Math.ceil(runs / 10), ms: Math.round(diskMs) },
      failures,
    },
    null,
    2,
  ),
);
if (failures.length) process.exitCode = 1;
