/**
 * One temporary folder per test run: every worker, and every process a test starts, gets it as
 * TMPDIR, so the workspaces, libraries and sockets tests make go there and are removed with it
 * when the run ends (a run used to leave some 500 folders in /tmp).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-tests-'));
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
