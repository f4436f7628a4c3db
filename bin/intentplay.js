#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, so `npm ci` is the only setup step.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// The package's tsconfig, whatever the working directory: the TUI's .tsx needs its JSX settings.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
