/**
 * Ink's own output.js, the module its renderer draws with. Ink does not export it; Node loads
 * a module once per file URL, so importing Ink's file by path reaches that same class. (The
 * build replaces this module so the bundle imports the inlined copy instead: scripts/build.mjs.)
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export async function importInkOutput(): Promise<{ default: unknown }> {
  const inkEntry = createRequire(import.meta.url).resolve('ink');
  return import(pathToFileURL(path.join(path.dirname(inkEntry), 'output.js')).href) as Promise<{
    default: unknown;
  }>;
}
