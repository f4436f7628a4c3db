/**
 * The installed package: its folder (the bundled library lives there) and its version, read
 * from package.json so the version has one source. Found from this module's own location,
 * whether it runs from src/ or from the dist/ build.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'personas')))
      return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../..');
  }
}

export const PACKAGE_ROOT = packageRoot(path.dirname(fileURLToPath(import.meta.url)));

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const INTENTPLAY_VERSION = packageVersion();
