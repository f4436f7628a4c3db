/**
 * Proposal recordings made before a proposal's verdict opened its own turn carry the proposal's
 * turn on the verdict (one less than now). Forked past the verdict, they fork exactly: the fork
 * records the session as it is recorded today. A verdict that differs otherwise is still refused.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/config.ts';
import { loadLibrary } from '../../src/scenario/library.ts';
import { BUNDLED_LIBRARY } from '../../src/session/plan.ts';
import { atTurn, loadForkSource } from '../../src/fork/source.ts';
import { runFork } from '../../src/fork/run.ts';
import { materialise, normalised } from './goldens.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fork-old-verdicts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = resolveConfig({}, {});
const { library } = loadLibrary(BUNDLED_LIBRARY);
const specs = {
  agent: { kind: 'script' as const, name: 'proactive' },
  user: { kind: 'rules' as const },
  judge: { kind: 'rules' as const },
};
// Only the proactive reference's proposals are answered (the reactive one proposes nothing).
const withVerdicts = materialise(dir, 'proactive').filter((f) =>
  readFileSync(f, 'utf8').includes('"proposal_verdict"'),
);

type Line = Record<string, unknown>;

/** A copy of `file` beside it whose verdicts are changed by `change`; returns it and the first verdict's turn. */
function rewritten(file: string, name: string, change: (verdict: Line) => void) {
  let first = Infinity;
  const lines = readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => {
      const v = JSON.parse(l) as Line;
      if (v.type === 'proposal_verdict') {
        change(v);
        first = Math.min(first, v.turn as number);
      }
      return JSON.stringify(v);
    });
  const to = path.join(path.dirname(file), `${name}-${path.basename(file)}`);
  writeFileSync(to, lines.join('\n') + '\n');
  return { file: to, first };
}

describe('a proposal recording of the older format (the verdict in the proposal’s turn)', () => {
  it('forks exactly past its verdicts, and the fork is in the format of today', async () => {
    expect(withVerdicts.length).toBeGreaterThanOrEqual(6);
    let forks = 0;
    for (const golden of withVerdicts) {
      const now = normalised(golden);
      const old = rewritten(golden, 'old', (v) => (v.turn = (v.turn as number) - 1));
      const source = loadForkSource(old.file, 0, library);
      for (let turn = old.first; turn <= source.turns; turn++) {
        const out = path.join(dir, `fork-${turn}-${path.basename(golden)}`);
        await runFork(atTurn(source, turn), { specs, config, out });
        expect(normalised(out), `${path.basename(golden)} forked at turn ${turn}`).toEqual(now);
        rmSync(out);
        forks++;
      }
    }
    expect(forks).toBeGreaterThanOrEqual(withVerdicts.length);
  }, 60_000);

  it('refuses in one line a verdict recorded in another turn or with another answer', async () => {
    const golden = withVerdicts.find((f) => f.endsWith('/soap-list.jsonl'))!;
    const cases: [string, (v: Line) => void][] = [
      ['early', (v) => (v.turn = (v.turn as number) - 2)],
      ['other', (v) => (v.verdict = v.verdict === 'accepted' ? 'rejected' : 'accepted')],
    ];
    for (const [name, change] of cases) {
      const bad = rewritten(golden, name, change);
      const { turns } = loadForkSource(bad.file, 0, library);
      const out = path.join(dir, `fork-${name}.jsonl`);
      const forking = runFork(loadForkSource(bad.file, turns, library), { specs, config, out });
      await expect(forking).rejects.toThrow(
        /replaying it gave a different proposal_verdict at turn \d+ than it recorded .*cannot be restored exactly$/,
      );
      const message = await forking.catch((err: Error) => err.message);
      expect(message).not.toContain('\n');
    }
  });
});
