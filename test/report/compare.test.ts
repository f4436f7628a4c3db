/** `intentplay compare`: folders give per-scenario deltas; two recordings are shown side by side by turn. */
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { readResultsFile } from '../../src/batch/results.ts';
import { sideOf } from '../../src/report/compare.ts';
import { CompareView } from '../../src/tui/screens/CompareView.tsx';
import { plain, renderTui } from '../tui/harness.tsx';
import { readRecording } from '../../src/session/recording.ts';
import { cli } from '../batch/helpers.ts';
import { makeReportFolders, type ReportFolders } from './fixture.ts';

let f: ReportFolders;
/** The recordings of tester/plan, repeat 0: proactive (2 turns) and reactive (4 turns). */
let proactivePlan: string;
let reactivePlan: string;
beforeAll(async () => {
  f = await makeReportFolders();
  const planOf = (dir: string) =>
    path.join(
      dir,
      readResultsFile(path.join(dir, 'results.jsonl')).records.find(
        (r) => r.scenario === 'tester/plan' && r.repeat === 0,
      )!.recording!,
    );
  proactivePlan = planOf(f.proactive);
  reactivePlan = planOf(f.reactive);
});

describe('compare two results folders', () => {
  it('lists per-scenario Proc, Comp and turns of each and the delta B − A, then the overall', async () => {
    const r = await cli(['compare', f.proactive, f.reactive]);
    expect(r.code).toBe(0);
    const text = stripVTControlCharacters(r.stdout);
    expect(text).toContain('intentplay compare: proactive vs reactive');
    expect(text).toMatch(
      /^tester\/gear\s+2\s+2\s+100\.0\s+0\.0\s+−100\.0\s+100\.0\s+0\.0\s+−100\.0\s+1\.0\s+3\.0\s+\+2\.0$/m,
    );
    expect(text).toMatch(
      /^tester\/plan\s+2\s+2\s+100\.0\s+0\.0\s+−100\.0\s+100\.0\s+50\.0\s+−50\.0\s+2\.0\s+4\.0\s+\+2\.0$/m,
    );
    expect(text).toMatch(
      /^overall \(2 shared\)\s+4\s+4\s+100\.0\s+0\.0\s+−100\.0\s+100\.0\s+25\.0\s+−75\.0\s+1\.5\s+3\.5\s+\+2\.0$/m,
    );
  });

  it('renders as CSV too, and refuses a folder and a recording together', async () => {
    const csv = await cli(['compare', f.proactive, f.reactive, '--format', 'csv']);
    expect(csv.stdout).toContain(
      'scenario,runs_a,runs_b,proc_a,proc_b,proc_delta,comp_a,comp_b,comp_delta,turns_a,turns_b,turns_delta\ntester/gear,2,2,1,0,-1,1,0,-1,1,3,2',
    );
    const mixed = await cli(['compare', f.proactive, proactivePlan]);
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toContain('compare two results folders, or two recordings');
  });
});

describe('compare two recordings', () => {
  it('without a terminal, prints both sessions in two columns, aligned by turn', async () => {
    const r = await cli(['compare', proactivePlan, reactivePlan]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('tester/plan: Weekly meal plan');
    expect(r.stdout).toMatch(/agent script:proactive\s+│ agent script:reactive/);
    expect(r.stdout).toMatch(
      /Proc 1\.00 {2}Comp 1\.00 {2}turns 2\s+│ Proc 0\.00 {2}Comp 0\.50 {2}turns 4/,
    );
    // Turn 1 of each side on the same rows; the reactive side alone in turns 3 and 4.
    const turn = (n: number) => lines.findIndex((l) => l.startsWith(`── turn ${n} `));
    expect(lines[turn(1) + 1]).toMatch(
      /^user : Write me a meal plan for the week\.\s+│ user : Write me a meal plan for the week\.$/,
    );
    expect(lines.slice(turn(1), turn(2)).join('\n')).toMatch(
      /\? I2 inferred \(question: What's your\s/,
    );
    // An intent the user's message tells is shown in that message's turn (the reactive side's turn 2).
    expect(lines.slice(turn(1), turn(2)).join('\n')).not.toMatch(/↩ I1 provided/);
    expect(lines.slice(turn(2), turn(3)).join('\n')).toMatch(/│ +↩ I1 provided/);
    expect(lines[turn(4) + 1]).toMatch(/^\s+│ user : Include Sunday batch cooking\.$/);
    // Every row keeps the divider in the same column.
    const col = lines[turn(1) + 1]!.indexOf('│');
    for (const l of lines.slice(turn(1), turn(4) + 2))
      if (l.includes('│')) expect(l.indexOf('│')).toBe(col);
  });

  it('on a terminal, shows one turn of each side with their intents, and steps through the turns', async () => {
    const left = sideOf(readRecording(proactivePlan));
    const right = sideOf(readRecording(reactivePlan));
    const view = render(createElement(CompareView, { left, right, columns: 140, rows: 40 }));
    const frame = () => stripVTControlCharacters(view.lastFrame() ?? '');
    expect(frame()).toContain('tester/plan: Weekly meal plan — turn 1 of 4');
    expect(frame()).toMatch(/agent: Drafted plan\.md for your 58 kg/);
    expect(frame()).toMatch(/✔ I1 completed /);
    expect(frame()).not.toContain('↩ I1 provided');
    view.stdin.write('\u001B[C'); // →
    await expect.poll(frame).toContain('turn 2 of 4');
    expect(frame()).toContain('user : Keep each meal under 25 RMB.');
    expect(frame()).toMatch(/│.*↩ I1 provided/);
    view.stdin.write('G');
    await expect.poll(frame).toContain('turn 4 of 4');
    expect(frame()).toContain('(this session ended at turn 2)');
    expect(frame()).toContain('user : Include Sunday batch cooking.');
    view.unmount();
  });

  it.each([80, 120, 160, 200])(
    'at %i columns draws every line of both sides once and whole, even when a turn does not fit',
    async (columns) => {
      const left = sideOf(readRecording(proactivePlan));
      const right = sideOf(readRecording(reactivePlan));
      // 16 rows: the turn's lines do not fit, so the view must count its lines (Ink draws overflowing ones over each other).
      const view = renderTui(createElement(CompareView, { left, right, columns, rows: 16 }), {
        columns,
        rows: 16,
      });
      view.stdin.write('l');
      await expect.poll(() => plain(view.lastFrame())).toContain('turn 2 of 4');
      const rows = plain(view.lastFrame()).split('\n');
      expect(rows[0]).toBe('tester/plan: Weekly meal plan — turn 2 of 4');
      expect(rows[1]).toMatch(/^╭─+╮╭─+╮$/);
      expect(rows[2]).toMatch(/^│ \S+tester_plan\S* +││ \S+tester_plan\S* +│$/);
      expect(rows[3]).toMatch(/^│ agent script:proactive +││ agent script:reactive +│$/);
      expect(rows[4]).toMatch(
        /^│ Proc 1\.00 {2}Comp 1\.00 {2}turns 2 +││ Proc 0\.00 {2}Comp 0\.50 {2}turns 4 +│$/,
      );
      expect(rows[5]).toMatch(/^│ Proc after turn 2: 1\.00 +││ Proc after turn 2: 0\.00 +│$/);
      expect(rows[6]).toMatch(/^│ ✔ I1 completed .*││ ↩ I1 provided .*│$/);
      expect(rows[9]).toMatch(/^│ ─+ ││ ─+ │$/);
      // The last row of the boxes is their border, and the row above says how many lines are below.
      expect(rows[13]).toMatch(/^╰─+╯╰─+╯$/);
      expect(rows[14]).toMatch(/^←\/→ turn/);
      expect(rows[12]).toMatch(/more line\(s\): ↓/);
      for (const row of rows.slice(2, 13)) expect(row).toMatch(/^│.*││.*│$/);
      view.unmount();
    },
  );
});
