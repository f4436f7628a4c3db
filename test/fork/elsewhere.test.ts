/**
 * Forks written in another folder (`intentplay fork --out ELSEWHERE`) are branches of their parent
 * all the same: each notes itself in the index beside the parent, under a lock, so forks made at
 * once by separate processes all show in the parent's tree, and a fork of such a fork under it.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/config.ts';
import { branchTree, lineageOf } from '../../src/fork/branches.ts';
import { FORK_INDEX } from '../../src/fork/elsewhere.ts';
import { loadForkSource } from '../../src/fork/source.ts';
import { runFork } from '../../src/fork/run.ts';
import { materialise } from './goldens.ts';

const BIN = path.join(import.meta.dirname, '..', '..', 'bin', 'intentplay.js');
const run = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), 'fork-elsewhere-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const parent = materialise(dir, 'reactive').find((f) => f.endsWith('/meal-plan.jsonl'))!;
const as = (agent: string) => ({
  agent: { kind: 'script' as const, name: agent },
  user: { kind: 'rules' as const },
  judge: { kind: 'rules' as const },
});

describe('forks written elsewhere with --out', () => {
  it('three forks made at once by separate processes all show in the parent’s tree', async () => {
    const outs = [0, 1, 2].map((turn) => path.join(dir, `elsewhere-${turn}`, `what-if.jsonl`));
    for (const out of outs) mkdirSync(path.dirname(out), { recursive: true });
    await Promise.all(
      outs.map((out, turn) =>
        run(process.execPath, [
          BIN,
          'fork',
          parent,
          '--turn',
          String(turn),
          '--agent',
          'script:proactive',
          '--out',
          out,
        ]),
      ),
    );
    const tree = branchTree(lineageOf(parent), parent);
    expect(tree).toEqual([
      '↳ fork at turn 0 → ../../elsewhere-0/what-if.jsonl  resolved, 2 turns  Proc 1.00  Comp 1.00',
      '↳ fork at turn 1 → ../../elsewhere-1/what-if.jsonl  resolved, 8 turns  Proc 0.00  Comp 0.13',
      expect.stringMatching(/^↳ fork at turn 2 → \.\.\/\.\.\/elsewhere-2\/what-if\.jsonl {2}/),
    ]);
    // The index lives beside the parent; the fork beside the parent needs none.
    expect(existsSync(path.join(path.dirname(parent), FORK_INDEX))).toBe(true);
    // The fork names its parent, whichever folder it is in.
    expect(branchTree(lineageOf(outs[1]!), outs[1]!)[0]).toBe(
      `a fork of ${path.relative(path.dirname(outs[1]!), parent)} at turn 1`,
    );
  }, 60_000);

  it('a fork of a fork written elsewhere shows under it; a deleted one drops out', async () => {
    const config = resolveConfig({}, {});
    const first = path.join(dir, 'elsewhere-1', 'what-if.jsonl');
    const deeper = await runFork(loadForkSource(first, 3), {
      specs: as('reactive'),
      config,
      out: path.join(dir, 'deeper', 'again.jsonl'),
    });
    const gone = await runFork(loadForkSource(parent, 4), {
      specs: as('reactive'),
      config,
      out: path.join(dir, 'gone.jsonl'),
    });
    let tree = branchTree(lineageOf(parent), parent);
    expect(tree).toContain(
      '  ↳ fork at turn 3 → ../../deeper/again.jsonl  resolved, 8 turns  Proc 0.00  Comp 0.13',
    );
    expect(tree.some((l) => l.includes('gone.jsonl'))).toBe(true);
    expect(deeper.warning).toBeUndefined();
    rmSync(gone.file);
    tree = branchTree(lineageOf(parent), parent);
    expect(tree.some((l) => l.includes('gone.jsonl'))).toBe(false);
    const index = JSON.parse(readFileSync(path.join(path.dirname(first), FORK_INDEX), 'utf8'));
    expect(index).toEqual({ 'what-if.jsonl': ['../deeper/again.jsonl'] });
  });
});
