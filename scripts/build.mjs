// Compiles the CLI, with its dependencies, into dist/ so `intentplay` starts without
// transforming TypeScript or resolving hundreds of small modules on every run. Runs on `npm ci`
// (prepare); bin/intentplay.js falls back to the sources through tsx when this build is missing
// or older than src/.
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });

const require = createRequire(import.meta.url);
const inkOutputFile = path.join(path.dirname(require.resolve('ink')), 'output.js');

/**
 * src/tui/ink-output.ts patches the class Ink draws with. From the sources it reaches Ink's own
 * file by path; in the bundle Ink is inlined, so that module is replaced by one that imports
 * the same inlined file, and the patch lands on the class the bundled renderer uses.
 */
const inkOutputInBundle = {
  name: 'ink-output-in-bundle',
  setup(b) {
    b.onResolve({ filter: /ink-output-module\.ts$/ }, () => ({
      path: 'ink-output-module',
      namespace: 'intentplay',
    }));
    b.onLoad({ filter: /.*/, namespace: 'intentplay' }, () => ({
      contents: `export async function importInkOutput() { return import(${JSON.stringify(inkOutputFile)}); }`,
      resolveDir: path.dirname(inkOutputFile),
      loader: 'js',
    }));
  },
};

/**
 * Every `string-width` import goes to scripts/string-width-fast.mjs, which measures most text on
 * intentplay's fast path and starts the real module (an Intl.Segmenter and emoji regular
 * expressions: some 100 ms) only for text with composing characters or emoji.
 */
const fastStringWidth = {
  name: 'fast-string-width',
  setup(b) {
    const shim = path.resolve('scripts/string-width-fast.mjs');
    b.onResolve({ filter: /^string-width$/ }, (args) =>
      args.importer === shim ? undefined : { path: shim },
    );
  },
};

/**
 * Yoga's WebAssembly loader asks `typeof fetch` before decoding its inlined binary, and in Node
 * that first look at `fetch` loads undici (some 60 ms) for nothing: the binary is decoded
 * either way. The check is taken out; if Yoga's loader ever reads differently, it is left as is.
 */
const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/].*\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const check = '"function"!=typeof fetch';
      if (!source.includes(check))
        console.warn(`build: ${args.path} no longer checks for fetch as expected; left as is`);
      return { contents: source.replace(check, '!0'), loader: 'js' };
    });
  },
};

await build({
  entryPoints: ['src/cli/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Ink loads react-devtools-core only when DEV=true, for React's dev tools: not shipped.
  // resvg loads a native binary for the platform at run time: it stays a package, not bundled.
  external: ['react-devtools-core', '@resvg/resvg-js'],
  // A few CommonJS dependencies call require(); ESM output gives them Node's.
  banner: {
    js: "import { createRequire as __intentplayRequire } from 'node:module'; const require = __intentplayRequire(import.meta.url);",
  },
  jsx: 'automatic',
  // The shipped command runs React's production build (the TUI asks for it anyway), so the
  // development builds are left out of the bundle.
  define: { 'process.env.NODE_ENV': '"production"' },
  // Split at dynamic imports: `--help` loads only commander and the command declarations;
  // each command loads its own code, and the TUI (Ink, React) only when a screen is shown.
  splitting: true,
  outdir: 'dist',
  entryNames: 'intentplay',
  outExtension: { '.js': '.mjs' },
  sourcemap: 'linked',
  plugins: [inkOutputInBundle, fastStringWidth, yogaWithoutFetch],
  logLevel: 'warning',
});
