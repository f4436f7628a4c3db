import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Layers (CONTRIBUTING.md): the engine and the libraries under it never reach up into the
// surfaces built on them, the TUI never reaches into the command line or batch runs, and
// nothing but the command line imports the command line.
// Imports are relative, so a banned folder is matched as `../<folder>/` at any depth (no
// folder under src/ has a subfolder named like a banned one).
const LOWER = ['session', 'scenario', 'time', 'proposals', 'workspace', 'tools', 'apps', 'user', 'agent', 'llm', 'judge', 'config', 'pibench', 'store', 'lint', 'study', 'mcp', 'contracts'];
const SURFACES = ['tui', 'cli', 'report', 'share', 'batch', 'annotate', 'agreement'];

/** no-restricted-imports (static imports and re-exports) and no-restricted-syntax (import()) for `folders`. */
function layer(folders, banned, why) {
  const source = `^(\\.\\./)+(${banned.join('|')})/`;
  const message = `${why} (see the layers in CONTRIBUTING.md).`;
  return {
    files: folders.map((f) => `src/${f}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: source, message }] }],
      'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${source.replaceAll('/', '\\/')}/]`, message }],
    },
  };
}

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'recordings', 'coverage', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  layer(LOWER, SURFACES, `src/{${LOWER.join(',')}} must not import from src/{${SURFACES.join(',')}}: move what is shared down into the lower layer`),
  // The leaf: shared contracts every layer may use, importing nothing of intentplay's.
  layer(['contracts'], [...LOWER, ...SURFACES], 'src/contracts is the leaf every layer imports: it must not import from any other folder'),
  layer(['tui'], ['cli', 'batch'], 'src/tui must not import from src/cli or src/batch: move what is shared into src/session or another lower layer'),
  layer(['share', 'report', 'batch'], ['cli'], 'only src/cli imports from src/cli: move what is shared into the layer that needs it'),
  layer(['annotate'], ['cli', 'batch', 'report', 'agreement'], 'src/annotate may import the core and src/tui only: move what is shared into a lower layer'),
  layer(['agreement'], ['cli', 'share'], 'src/agreement may import the core, src/annotate, src/batch, src/report and src/tui (formatting helpers) only: move what is shared into a lower layer'),
);
