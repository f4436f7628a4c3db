/**
 * Means of Proc and Comp are taken of the sessions' exact scores and rounded only when shown.
 * A run's `proc` is rounded to three digits (2/3 is stored as 0.667), so a mean of stored values
 * drifts: 2/3 and 0 gave 0.3335, shown as 33.4 and written as 0.334, where the paper's
 * definition gives 33.3. Real runs of the binary, worked by hand.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, readLines, readSummary } from '../batch/helpers.ts';
import { makeLibrary } from '../helpers/library.ts';
import { proposalRow } from '../../src/proposals/aggregate.ts';

// p/thirds: I1 completed (turn 1 says BETA), I3 inferred (turn 1 asks for the deadline),
// I2 provided (nothing ever does it): Proc 2/3. C1 and C2 pass, C3 never does: Comp 2/3.
const THIRDS = `id: p/thirds
persona: p
title: Thirds
trigger: { kind: user, text: Do the main thing. }
intents:
  - { id: I1, text: Beta., done: { reply_matches: "BETA" } }
  - { id: I2, text: Delta., done: { reply_matches: "DELTA" } }
  - { id: I3, text: The deadline is Friday., reveal: Friday., ask: ["(?i)deadline"] }
checklist:
  - { id: C1, text: Says BETA., grader: rule, rule: { reply_matches: "BETA" } }
  - { id: C2, text: Says Friday., grader: rule, rule: { reply_matches: "Friday" } }
  - { id: C3, text: Says GAMMA., grader: rule, rule: { reply_matches: "GAMMA" } }
  - { id: C4, text: The tone is kind., grader: rubric }
references:
  go:
    - say: BETA is done. What deadline do you have?
    - say: Friday it is.
`;
// p/none: its one intent is only ever provided, its one item never passes: Proc 0, Comp 0.
const NONE = `id: p/none
persona: p
title: None
trigger: { kind: user, text: Do the other thing. }
intents:
  - { id: I1, text: Omega., done: { reply_matches: "OMEGA" } }
checklist:
  - { id: C1, text: Says OMEGA., grader: rule, rule: { reply_matches: "OMEGA" } }
references:
  go:
    - say: Done.
`;

describe('session means', () => {
  it('averages the exact session scores: 2/3 and 0 make 33.3, not 33.4', async () => {
    const lib = makeLibrary({ 'scenarios/p/thirds.yaml': THIRDS, 'scenarios/p/none.yaml': NONE });
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-means-')), 'out');
    const run = await cli(['run', lib, '--agent', 'script:go', '--out', out, '--no-progress']);
    expect(run.code).toBe(0);
    // As stored: each run rounded to three digits.
    const byScenario = Object.fromEntries(readLines(out).map((r) => [r.scenario, r]));
    expect(byScenario['p/thirds']).toMatchObject({ proc: 0.667, comp: 0.667 });
    expect(byScenario['p/none']).toMatchObject({ proc: 0, comp: 0 });
    // (2/3 + 0) / 2 = 0.3333: 0.333, where the stored values' mean rounds to 0.334.
    expect(readSummary(out)).toMatchObject({ proc_mean: 0.333, comp_mean: 0.333 });
    expect(readSummary(out).by_persona.p).toMatchObject({ proc_mean: 0.333, comp_mean: 0.333 });
    const report = await cli(['report', out, '--format', 'markdown']);
    expect(report.code).toBe(0);
    expect(report.stdout).toContain('| p | 2 | 1 | 33.3 ± 0.0 | 33.3 ± 0.0 |');
    expect(report.stdout).toContain(
      '| **overall** | **2** | **1** | **33.3 ± 0.0** | **33.3 ± 0.0** |',
    );
    // C4 is a rubric item the rules judge cannot grade: Comp leaves it out, and the report says so.
    expect(byScenario['p/thirds']!.checklist).toMatchObject({ C4: null });
    // `run`'s own table says it too, under the Comp it qualifies.
    expect(run.stdout).toContain('comp: 1 checklist item(s) of 1 run(s) were not graded');
    expect(report.stdout).toContain(
      '1 checklist item(s) of 1 run(s) were not graded (a rubric item without a rule under the rules judge',
    );
  });
});

describe("PARE's acceptance rate", () => {
  it('averages each run’s accepted / proposals, not the run’s rounded rate', () => {
    const run = (repeat: number, proposals: number, accepted: number) => ({
      scenario: 'p/s',
      repeat,
      proposals: {
        proposals,
        accepted,
        acceptance_rate: proposals ? Math.round((accepted / proposals) * 1000) / 1000 : null,
        proposal_rate: 0.5,
        read_actions: 1,
        decisions: {
          accept: accepted,
          reject: proposals - accepted,
          gather_context: 0,
          truncated: 0,
        },
        success: 1,
        succeeded: true,
        noise: null,
      },
    });
    // One repeat, two runs: 2 of 3 accepted (stored 0.667) and 0 of 1: (2/3 + 0) / 2 = 0.333.
    const row = proposalRow([run(0, 3, 2), run(0, 1, 0)])!;
    expect(row.acceptance_rate.mean).toBe(0.333);
  });
});

describe("PARE's Success@k and Success^k", () => {
  it('give every scenario the same k repeats, its first k', () => {
    const run = (scenario: string, repeat: number, succeeded: boolean) => ({
      scenario,
      repeat,
      proposals: {
        proposals: 1,
        accepted: 1,
        acceptance_rate: 1,
        proposal_rate: 0.5,
        read_actions: 1,
        decisions: { accept: 1, reject: 0, gather_context: 0, truncated: 0 },
        success: succeeded ? 1 : 0,
        succeeded,
        noise: null,
      },
    });
    // a ran twice (fail, fail), b three times (fail, fail, then success): k = 2, so b's third
    // repeat is not a third chance. Success@2 = 0 of 2 scenarios; it would be 0.5 counting it.
    const row = proposalRow([
      run('a', 0, false),
      run('a', 1, false),
      run('b', 0, false),
      run('b', 1, false),
      run('b', 2, true),
    ])!;
    expect(row).toMatchObject({ k: 2, success_at_k: 0, success_pow_k: 0 });
  });
});
