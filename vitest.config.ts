import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the CPUs: on a 2-core machine, one file at a time.
    // Many files wait on child processes, tmux or a browser, so two forks keep both cores busy
    // (the whole suite: 347 s with one, about 270 s with two on a loaded machine).
    maxWorkers: 2,
  },
});
