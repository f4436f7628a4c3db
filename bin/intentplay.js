#!/usr/bin/env node
// Starts intentplay from the build in dist/ (made by `npm ci` / `npm run build`), or, when
// that is missing or older than any file in src/, from the TypeScript sources through tsx.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist', 'intentplay.mjs');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

let main;
if (existsSync(built) && statSync(built).mtimeMs >= newestSource(path.join(root, 'src'))) {
  ({ main } = await import(built));
} else {
  const { register } = await import('tsx/esm/api');
  // The package's tsconfig whatever the working directory: the TUI's .tsx needs its JSX settings.
  register({ tsconfig: path.join(root, 'tsconfig.json') });
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
