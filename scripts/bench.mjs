// `npm run bench [-- NAME...]` (engine, render, replay-open, batch, llm-overhead): compiles each benchmark the way the CLI is shipped (esbuild,
// dependencies external) and runs it with plain node, so the figures are those of the build
// users run, not of the on-the-fly TypeScript loader. Default: the engine benchmark.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';

// Benchmark names first, then the options every one of them gets (`-- render --seconds 20`).
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('-'));
const names = firstOption < 0 ? args : args.slice(0, firstOption);
const passThrough = firstOption < 0 ? [] : args.slice(firstOption);
mkdirSync('node_modules/.cache/intentplay-bench', { recursive: true });
for (const name of names.length ? names : ['engine']) {
  const outdir = `node_modules/.cache/intentplay-bench/${name}`;
  const outfile = `${outdir}/${name}.mjs`;
  const entry = [`bench/${name}.ts`, `bench/${name}.tsx`].find((f) => existsSync(f));
  if (!entry) throw new Error(`no bench/${name}.ts(x)`);
  // Split like the CLI build, so modules loaded on demand (the OpenAI SDK, Ink) stay unloaded unless used.
  await build({
    entryPoints: { [name]: entry },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  // Production React, as users run it.
  const r = spawnSync(process.execPath, [outfile, ...passThrough], {
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
