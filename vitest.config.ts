import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that each get a fresh process, as every file once did: the ones that change what a later
 * file in the same process would see (process.env, module mocks, an installed paradigm or Ink
 * patch, a registered secret that `scrub` would then blank elsewhere), and the end-to-end files,
 * which drive child processes, tmux or a browser and gain little from sharing. The "isolated"
 * project runs before the "shared" one, so these longer files start first and the run does not
 * end on one slow file alone.
 */
const ISOLATED = [
  'test/e2e/**',
  // process.env or vi.mock/vi.hoisted (screen-diff deletes CI before Ink loads: Ink reads it once)
  'test/serve/screen-diff.test.tsx',
  'test/batch/shard-auto.test.ts',
  'test/engine/recording.test.ts',
  'test/pibench/rule-script.test.ts',
  'test/llm/config.test.ts',
  // install a paradigm or Ink's faster output into module state
  'test/paradigms/toy-paradigm.test.tsx',
  'src/tui/ink-output.test.tsx',
  // register secrets (src/config/secrets.ts), which scrub blanks from any later text
  'test/acp/secrets.test.ts',
  'test/batch/secrets.test.ts',
  'test/llm/agent.test.ts',
  'test/llm/client.test.ts',
  'test/tui/screens-doc.test.tsx',
];

/**
 * The slowest files (about 10 to 50 s each on CI), started first within their project: with two
 * workers, a long file that starts late ends the run alone. Vitest orders by the last run's
 * durations when it has them; a fresh checkout (CI) has none and would order by file size.
 */
const SLOW_FIRST = [
  'test/e2e/benchmarks.test.ts',
  'test/e2e/tui.test.ts',
  'test/e2e/fork-tui.test.ts',
  'test/e2e/time-seat.test.ts',
  'test/e2e/human-seat.test.ts',
  'test/e2e/study.test.ts',
  'test/e2e/acp-tui.test.ts',
  'test/tui/stage.test.tsx',
  'test/acp/session.test.ts',
  'test/engine/fuzz-loaders.test.ts',
  'test/serve/study-serve.test.ts',
  'test/engine/yaml-limits.test.ts',
  'test/study/enrol-lock.test.ts',
  'test/fork/exactness.test.ts',
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((slow) => f.moduleId.endsWith(`/${slow}`));
      return i === -1 ? SLOW_FIRST.length : i;
    };
    // Stable: the projects keep their order, and the other files vitest's.
    return sorted.sort(
      (a, b) =>
        projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || rank(a) - rank(b),
    );
  }
}

const ALL = ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'];

export default defineConfig({
  test: {
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the CPUs: on a 2-core machine, one file at a time.
    // Many files wait on child processes, tmux or a browser, so more forks than cores keep both
    // cores busy (the whole suite on a fresh clone of a quiet 2-core machine: 347 s with one
    // fork, 308 – 314 s with two, 241 s with three).
    maxWorkers: 3,
    sequence: { sequencer: SlowFirst },
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      {
        extends: true,
        // The other files share a process per worker: the modules every file imports (the
        // paradigms, Ink, React, the engine) load once per worker rather than once per file.
        // test/setup.ts puts back process.env and the working folder after each file.
        test: {
          name: 'shared',
          include: ALL,
          exclude: [...configDefaults.exclude, ...ISOLATED],
          isolate: false,
        },
      },
    ],
  },
});
