/**
 * One temporary folder per test run: every worker, and every process a test starts, gets it as
 * TMPDIR, so the workspaces, libraries and sockets tests make go there and are removed with it
 * when the run ends (a run used to leave some 500 folders in /tmp). Each vitest project runs this
 * (vitest.config.ts has two): the first makes the folder and removes it, the others share it,
 * so paths stay as short as with one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const MARK = 'INTENTPLAY_TESTS_TMPDIR';

export default function setup(): () => void {
  if (process.env[MARK] && process.env.TMPDIR === process.env[MARK]) return () => {};
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-tests-'));
  process.env.TMPDIR = root;
  process.env[MARK] = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    delete process.env[MARK];
    rmSync(root, { recursive: true, force: true });
  };
}
