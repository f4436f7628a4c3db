/**
 * intentplay's own count of app writes an agent tried before acceptance, over many runs:
 * summary.json averages it per agent and `intentplay report` shows it in a table of its own,
 * apart from PARE's columns. Real runs of the binary: a script agent that tries a write in its
 * first observe turn (refused), and one that waits to be accepted.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cli, readLines, readSummary } from '../batch/helpers.ts';
import { makeLibrary } from '../helpers/library.ts';
import { PHONE_SCENARIO } from '../helpers/soap-scenario.ts';
import type { ProposalSummary } from '../../src/proposals/aggregate.ts';

// The proactive script, with a write tried in its first observe turn, before it waits.
const EARLY_WRITE =
  '{ tool: todoist__create_task, args: { access_token: x, title: Hand soap, project_id: 2 } }';
const EAGER = PHONE_SCENARIO.replace('id: p/soap', 'id: p/eager').replace(
  'actions: [{ tool: wait }]',
  `actions: [${EARLY_WRITE}, { tool: wait }]`,
);

describe('app writes tried before acceptance, over runs', () => {
  it('are averaged per agent in summary.json and shown by report apart from PARE', async () => {
    const lib = makeLibrary({
      'scenarios/p/eager.yaml': EAGER,
      'scenarios/p/soap.yaml': PHONE_SCENARIO,
    });
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-early-')), 'out');
    const args = ['run', lib, '--agent', 'script:proactive', '--repeat', '2', '--no-progress'];
    expect((await cli([...args, '--out', out])).code).toBe(0);
    const early = readLines(out).map((r) => [r.scenario, r.proposals?.writes_before_acceptance]);
    expect(early.sort()).toEqual([
      ['p/eager', 1],
      ['p/eager', 1],
      ['p/soap', undefined],
      ['p/soap', undefined],
    ]);
    // Each repeat: one write in two runs, 0.5 a run.
    const summary = readSummary(out).proposals as ProposalSummary;
    expect(summary.by_agent['script:proactive']).toMatchObject({
      writes_before_acceptance: { mean: 0.5, se: 0 },
      runs_with_writes_before_acceptance: 2,
    });
    const report = await cli(['report', out]);
    expect(report.code).toBe(0);
    expect(report.stdout).toMatch(/not one of PARE's measures/);
    const lines = stripVTControlCharacters(report.stdout).split('\n');
    const head = lines.findIndex((l) => l.includes('app writes tried before acceptance, per run'));
    expect(lines[head]).toMatch(/^agent\s+runs\s+runs that tried any\s+app writes tried/);
    expect(lines[head + 2]).toMatch(/^script:proactive\s+4\s+2\s+0\.5 ± 0\.0$/);
    // PARE's Table 1 keeps its own columns.
    const table1 = lines.find((l) => l.includes('Success@k'))!;
    expect(table1).not.toMatch(/before acceptance/);
  }, 60_000);
});
