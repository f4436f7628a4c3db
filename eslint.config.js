import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Layers (CONTRIBUTING.md): the engine and the libraries under it never reach up into the
// surfaces built on them, the TUI never reaches into the command line or batch runs, and
// nothing but the command line imports the command line.
// Imports are relative, so a banned folder is matched as `../<folder>/`: at any depth by default
// (no folder under src/ has a subfolder named like a banned one), or exactly `depth` levels up
// for files in a subfolder that has such a namesake (src/tui/components next to src/tui/session).
const LOWER = [
  'session',
  'scenario',
  'time',
  'proposals',
  'workspace',
  'tools',
  'apps',
  'user',
  'agent',
  'llm',
  'judge',
  'config',
  'pibench',
  'store',
  'lint',
  'study',
  'mcp',
  'contracts',
  'text',
  'sim',
  'fork',
];
const SURFACES = ['tui', 'cli', 'report', 'share', 'batch', 'annotate', 'agreement', 'serve'];
// Paradigms (src/contracts/paradigm.ts): each in its own folder, listed by the composition root.
const PARADIGMS = ['time', 'proposals'];
const ROOT = 'paradigms';
const ALL = [...LOWER, ...SURFACES, ROOT];
// Leaves whose own rule already bans nearly everything of ours (paradigms included).
const LEAVES = ['contracts', 'text', 'sim', 'store'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

/**
 * One restriction: `banned` folders may not be imported, except types from `typesFrom` folders
 * (`import type`). A file matched by several configs gets only the last one's rule, so a config
 * for a subfolder repeats its parent's restrictions (see `rules` below).
 */
function restriction(banned, why, { depth, typesFrom = [] } = {}) {
  const up = depth ? `(\\.\\./){${depth}}` : '(\\.\\./)+';
  const message = `${why} (see the layers in CONTRIBUTING.md).`;
  const strict = banned.filter((f) => !typesFrom.includes(f));
  const patterns = [];
  if (strict.length) patterns.push({ regex: `^${up}(${strict.join('|')})/`, message });
  if (typesFrom.length)
    patterns.push({
      regex: `^${up}(${typesFrom.join('|')})/`,
      message: `${message} Types only: use \`import type\``,
      allowTypeImports: true,
    });
  return patterns;
}

/**
 * Paradigms plug in: the core knows none of them, none knows another, and only the command line
 * imports the composition root that lists them. Added to every folder's own layer rule.
 */
function paradigmRestrictions(folder) {
  const top = folder.split('/')[0];
  if (LEAVES.includes(top)) return [];
  const out = [];
  if (top !== 'cli' && top !== ROOT)
    out.push(
      ...restriction(
        [ROOT],
        'only the command line imports the composition root src/paradigms: the core reads the installed paradigms from src/scenario/paradigms.ts',
      ),
    );
  if (PARADIGMS.includes(top))
    out.push(
      ...restriction(
        PARADIGMS.filter((p) => p !== top),
        'a paradigm must not import another paradigm: move what both use into the core (src/sim, src/session) or reach it through the Paradigm interface',
      ),
    );
  else if (LOWER.includes(top))
    out.push(
      ...restriction(
        PARADIGMS,
        `src/${top} is the core or a library under it and must not import a paradigm: read what it needs from the installed paradigms (src/scenario/paradigms.ts; the Paradigm interface in src/contracts/paradigm.ts)`,
      ),
    );
  else if (SURFACES.includes(top))
    out.push(
      ...restriction(
        PARADIGMS,
        `src/${top} is a surface and must not import a paradigm: read its scores, report sections, options, panes and cards from the installed paradigms (src/scenario/paradigms.ts; the Paradigm interface in src/contracts/paradigm.ts)`,
      ),
    );
  return out;
}

/**
 * @typescript-eslint/no-restricted-imports (static imports, re-exports) and no-restricted-syntax
 * (import()) for each of `folders`, with the paradigm restrictions that folder has.
 */
function layer(folders, patterns, { ignores } = {}) {
  return folders.map((folder) => {
    const all = [...patterns, ...paradigmRestrictions(folder)];
    const syntax = all.map((p) => ({
      selector: `ImportExpression[source.value=/${p.regex.replaceAll('/', '\\/')}/]`,
      message: p.message,
    }));
    return {
      files: [`src/${folder}/**/*.{ts,tsx}`],
      ...(ignores ? { ignores } : {}),
      rules: {
        '@typescript-eslint/no-restricted-imports': ['error', { patterns: all }],
        'no-restricted-syntax': ['error', ...syntax],
      },
    };
  });
}

// A fork replays backends too, and builds them as the engine does.
const ENGINE = ['session', 'scenario', 'tools', 'workspace', 'fork'];
const BACKENDS_WHY =
  'the engine knows no backend: it builds them through src/session/backend-maker.ts, and the composition root (src/paradigms/backend-factory.ts) installs the factory';
// The engine and its libraries emit events; only the surfaces (and the store's own tests) read them back as state.
const core = restriction(
  [...SURFACES, 'store'],
  `src/{${LOWER.filter((f) => f !== 'store').join(',')}} must not import from src/{${SURFACES.join(',')},store}: the engine emits events and knows nothing of the state built from them; move what is shared down into a lower layer`,
);
const tui = restriction(
  ['cli', 'batch'],
  'src/tui must not import from src/cli or src/batch: move what is shared into src/session or another lower layer',
);
const onlyCli = restriction(
  ['cli'],
  'only src/cli imports from src/cli: move what is shared into the layer that needs it',
);

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'recordings', 'coverage', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // One condition per ternary: a chained one reads better as if/else, a lookup or a named helper.
  { rules: { 'no-nested-ternary': 'error' } },
  // localeCompare without a locale follows the user's: two researchers would see lists in two orders.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'localeCompare',
          message:
            'order by compareText or compareNatural (src/contracts/order.ts): the same in every locale',
        },
      ],
    },
  },
  ...layer(LOWER, core),
  // The engine asks for backends through src/session/backend-maker.ts; which kinds exist and how
  // each is built is the composition root's (src/paradigms/backend-factory.ts).
  ...layer(ENGINE, [
    ...core,
    ...restriction(['agent', 'user', 'llm'], BACKENDS_WHY),
    {
      regex: '^(\\.\\./)+judge/(rules|openai)\\.ts$',
      message: `${BACKENDS_WHY} (see the layers in CONTRIBUTING.md).`,
    },
  ]),
  // The leaves: shared contracts (events, backend interfaces, diagnostics, tool and screen views,
  // the paradigm interface) and plain-text helpers. Contracts import nothing of ours; text helpers
  // only contracts.
  ...layer(
    ['contracts'],
    restriction(
      ALL.filter((f) => f !== 'contracts'),
      'src/contracts is the leaf every layer imports: it imports nothing of ours (name an engine type through src/contracts/engine-types.ts)',
    ),
  ),
  ...layer(
    ['text'],
    restriction(
      ALL.filter((f) => f !== 'text' && f !== 'contracts'),
      'src/text holds plain-text helpers: it may import src/contracts only',
    ),
  ),
  ...layer(
    ['sim'],
    restriction(
      ALL.filter((f) => f !== 'sim' && f !== 'contracts'),
      'src/sim is the simulation every paradigm shares (clock, seeded random): it may import src/contracts only',
    ),
  ),
  // The store is the one reducer from events to state: it reads the events, nothing of the engine.
  ...layer(
    ['store'],
    restriction(
      ALL.filter((f) => !['store', 'contracts', 'text'].includes(f)),
      'src/store turns events into state: it may import src/contracts and src/text only',
    ),
    { ignores: TESTS },
  ),
  ...layer(['tui'], tui),
  // Panes draw state: they read the store, never the engine that makes the events.
  ...layer(
    ['tui/components'],
    [
      ...tui,
      ...restriction(
        LOWER.filter((f) => !['store', 'contracts', 'text', 'config'].includes(f)),
        'a pane draws state from src/store: it must not import the engine or its libraries',
        { depth: 2 },
      ),
    ],
    { ignores: TESTS },
  ),
  ...layer(['share', 'batch'], onlyCli),
  // Exports draw lines, not Ink: the TUI's plain helpers (theme, line builders, the pane specs) only.
  ...layer(
    ['share'],
    [
      ...onlyCli,
      {
        regex: '^\\.\\./tui/((components|screens|hooks)/|panes\\.ts$|.*\\.tsx$)',
        message:
          'src/share must not load Ink: read pane titles and which panes a session shows from src/tui/pane-specs.ts, and draw with the plain line builders (see the layers in CONTRIBUTING.md).',
      },
    ],
  ),
  ...layer(
    ['batch'],
    [
      ...onlyCli,
      ...restriction(
        ['report'],
        'src/batch runs and records; src/report reads its results: move what both need into src/batch',
      ),
    ],
  ),
  ...layer(
    ['report'],
    [
      ...onlyCli,
      ...restriction(
        ['tui'],
        'src/report builds documents, not screens: an Ink view of a report belongs in src/tui/screens',
      ),
    ],
  ),
  ...layer(
    ['annotate'],
    restriction(
      ['cli', 'batch', 'report', 'agreement'],
      'src/annotate may import the core and src/tui only: move what is shared into a lower layer',
    ),
  ),
  // The browser's way in: the TUI's screens over WebSocket.
  ...layer(
    ['serve'],
    restriction(
      ['cli', 'batch', 'report', 'share', 'annotate', 'agreement'],
      'src/serve may import the core and src/tui only: move what is shared into a lower layer',
    ),
  ),
  // The composition root lists the paradigms: it may import the core and them, not the surfaces.
  ...layer(
    [ROOT],
    restriction(
      SURFACES,
      'src/paradigms is the composition root of the paradigms: it imports the core and the paradigms only',
    ),
  ),
  // The command line may import any layer, but no paradigm: it reads them as installed.
  ...layer(['cli'], []),
  // The served page's own script runs in the browser.
  { files: ['src/serve/client/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  ...layer(
    ['agreement'],
    restriction(
      ['cli', 'share'],
      'src/agreement may import the core, src/annotate, src/batch, src/report and src/tui (formatting helpers) only: move what is shared into a lower layer',
    ),
  ),
);
