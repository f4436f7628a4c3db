// Compiles a benchmark the way the CLI is shipped (esbuild, dependencies external, split at
// dynamic imports, so modules loaded on demand stay unloaded unless used). Used by
// scripts/bench.mjs and by the test that runs every benchmark in its short mode.
import { build } from 'esbuild';
import { existsSync, mkdirSync } from 'node:fs';

/** Builds bench/NAME.ts(x) and returns the file to run with node. */
export async function buildBench(name) {
  const outdir = `node_modules/.cache/intentplay-bench/${name}`;
  const entry = [`bench/${name}.ts`, `bench/${name}.tsx`].find((f) => existsSync(f));
  if (!entry) throw new Error(`no bench/${name}.ts(x)`);
  mkdirSync(outdir, { recursive: true });
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
  return `${outdir}/${name}.mjs`;
}
