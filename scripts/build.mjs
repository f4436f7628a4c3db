// Compiles the CLI into one ESM file (dependencies stay external) so `intentplay` starts
// without transforming TypeScript on every run. Runs on `npm ci` (prepare); bin/intentplay.js
// falls back to the sources through tsx when this build is missing or older than src/.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: ['src/cli/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  // Split at dynamic imports, so the TUI (ink, react) loads only when a screen is shown.
  splitting: true,
  outdir: 'dist',
  entryNames: 'intentplay',
  outExtension: { '.js': '.mjs' },
  sourcemap: 'linked',
  logLevel: 'warning',
});
