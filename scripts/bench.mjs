// `npm run bench [-- NAME...]` (engine, render, replay-open, batch, llm-overhead): compiles each benchmark the way the CLI is
// shipped (esbuild, dependencies external) and runs it with plain node, so the figures are those of the build
// users run, not of the on-the-fly TypeScript loader. Default: the engine benchmark.
import { spawnSync } from 'node:child_process';
import { buildBench } from './bench-build.mjs';

// Benchmark names first, then the options every one of them gets (`-- render --seconds 20`).
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('-'));
const names = firstOption < 0 ? args : args.slice(0, firstOption);
const passThrough = firstOption < 0 ? [] : args.slice(firstOption);
for (const name of names.length ? names : ['engine']) {
  const outfile = await buildBench(name);
  // Production React, as users run it.
  const r = spawnSync(process.execPath, [outfile, ...passThrough], {
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
