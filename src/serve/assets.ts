/**
 * What the browser page loads: xterm.js and its fit add-on, their stylesheet, the page's own
 * script and style, and the DejaVu Sans Mono font, all served from this machine (the page
 * fetches nothing from elsewhere). Read once, on first use.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PACKAGE_ROOT } from '../config/package-info.ts';

const require = createRequire(import.meta.url);

interface Asset {
  type: string;
  file: () => string;
}

const ASSETS: Record<string, Asset> = {
  'xterm.mjs': {
    type: 'text/javascript',
    file: () => require.resolve('@xterm/xterm/lib/xterm.mjs'),
  },
  'xterm.css': { type: 'text/css', file: () => require.resolve('@xterm/xterm/css/xterm.css') },
  'addon-fit.mjs': {
    type: 'text/javascript',
    file: () => require.resolve('@xterm/addon-fit/lib/addon-fit.mjs'),
  },
  'mono-400.woff2': {
    type: 'font/woff2',
    file: () => require.resolve('@fontsource/dejavu-mono/files/dejavu-mono-latin-400-normal.woff2'),
  },
  'mono-700.woff2': {
    type: 'font/woff2',
    file: () => require.resolve('@fontsource/dejavu-mono/files/dejavu-mono-latin-700-normal.woff2'),
  },
  'client.js': {
    type: 'text/javascript',
    file: () => path.join(PACKAGE_ROOT, 'src/serve/client/client.js'),
  },
  'page.css': {
    type: 'text/css',
    file: () => path.join(PACKAGE_ROOT, 'src/serve/client/page.css'),
  },
};

const cache = new Map<string, { type: string; body: Buffer }>();

/** The asset of that name, or undefined for any other name (nothing else on disk is reachable). */
export function asset(name: string): { type: string; body: Buffer } | undefined {
  if (!Object.hasOwn(ASSETS, name)) return undefined;
  let found = cache.get(name);
  if (!found) {
    const spec = ASSETS[name]!;
    // xterm's own source-map comment would make a browser's developer tools ask for a file not served.
    const body = readFileSync(spec.file());
    found = {
      type: spec.type,
      body: spec.type === 'text/javascript' ? stripSourceMap(body) : body,
    };
    cache.set(name, found);
  }
  return found;
}

function stripSourceMap(body: Buffer): Buffer {
  return Buffer.from(body.toString('utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
}
