/** `intentplay report DIR...` in each format, from real results folders. */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../batch/helpers.ts';
import { FIXTURE_LIB, makeReportFolders, type ReportFolders } from './fixture.ts';

let f: ReportFolders;
beforeAll(async () => {
  f = await makeReportFolders();
});

/** CSV blocks by title: `# title` row, header, rows. */
function csvBlocks(text: string): Map<string, string[][]> {
  const blocks = new Map<string, string[][]>();
  for (const block of text.trim().split('\n\n')) {
    const [title, ...rows] = block.split('\n');
    blocks.set(
      title!.replace(/^# /, ''),
      rows.map((r) => r.split(',')),
    );
  }
  return blocks;
}

describe('report', () => {
  it('terminal: tables and unicode charts for every section', async () => {
    const r = await cli(['report', f.proactive, f.reactiveNoDeps]);
    expect(r.code).toBe(0);
    const text = stripVTControlCharacters(r.stdout);
    for (const title of [
      'Proc and Comp by persona (session means)',
      "π-Bench Table 1 (π-Bench's scoring)",
      'Terminal status of hidden intents',
      'By task category',
      'Turns, Proc and Comp per scenario',
      'Dependency ablation',
      'Clarification questions',
      'Cost by role and model',
    ])
      expect(text).toContain(`■ ${title}`);
    expect(text).toMatch(/^tester\s+4\s+2\s+100\.0 ± 0\.0\s+100\.0 ± 0\.0$/m);
    expect(text).toMatch(/^tester\s+10\s+60\.00\s+40\.00\s+0\.00\s+0\.00$/m); // statuses: 6 completed, 4 inferred
    // The ablation compares one agent with and without dependencies, never one agent's runs with another's.
    expect(text).toContain('These results have none.');
    const same = stripVTControlCharacters(
      (await cli(['report', f.reactive, f.reactiveNoDeps])).stdout,
    );
    expect(same).toMatch(/^tester\/plan\s+0\.0\s+0\.0\s+±0\.0\s+50\.0\s+50\.0\s+±0\.0$/m); // ablation
    expect(text).toMatch(/Proc █{50} 100\.0/); // bars
    expect(text).toContain('x: mean agent turns   y: Proc'); // scatter
    expect(text).toMatch(/^tester\s+4\s+6\s+1\.5\s+4\s+2\s+66\.7$/m); // questions: 2 targeted + 1 generic per episode
    expect(r.stdout).toContain('\x1b['); // coloured on a colour terminal
  });

  it('markdown: GFM tables, charts in text blocks', async () => {
    const r = await cli(['report', f.proactive, '--format', 'markdown']);
    expect(r.stdout).toMatch(/^# intentplay report$/m);
    expect(r.stdout).toContain(
      '| persona | runs | repeats | Proc | Comp |\n| --- | ---: | ---: | ---: | ---: |\n| tester | 4 | 2 | 100.0 ± 0.0 | 100.0 ± 0.0 |',
    );
    expect(r.stdout).toContain('| **overall** | **4** | **2** |');
    expect(r.stdout).toMatch(/```text\nProc and Comp by persona\ntester +Proc █+ 100\.0/);
    expect(r.stdout).not.toContain('\x1b[');
    expect(r.stdout).toContain('## Runs'); // per-run detail is in the file formats
  });

  it('csv: every table, scores as fractions, mean and std in their own columns; --output picks the format from the extension', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-csv-')), 'report.csv');
    const r = await cli(['report', f.reactive, '--output', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const blocks = csvBlocks(readFileSync(file, 'utf8'));
    expect(blocks.get('Session means of Proc / Comp by persona')).toEqual([
      ['persona', 'runs', 'repeats', 'proc_mean', 'proc_std', 'comp_mean', 'comp_std'],
      ['tester', '4', '2', '0', '0', '0.25', '0'],
      ['overall', '4', '2', '0', '0', '0.25', '0'],
    ]);
    expect(blocks.get('Runs')![0]).toEqual([
      'scenario',
      'persona',
      'category',
      'repeat',
      'deps',
      'end',
      'turns',
      'proc',
      'comp',
      'intents',
      'cost_usd',
    ]);
    expect(blocks.get('Runs')).toHaveLength(5);
  });

  it('csv into a folder: one plain CSV file per table, each readable as it is', async () => {
    const dir =
      path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-csvdir-')), 'tables') + '/';
    const r = await cli(['report', f.reactive, '--output', dir]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /wrote \d+ CSV files to .*tables\/: session-means-of-proc-comp-by-persona\.csv, /,
    );
    const persona = readFileSync(
      path.join(dir, 'session-means-of-proc-comp-by-persona.csv'),
      'utf8',
    )
      .trim()
      .split('\n')
      .map((l) => l.split(','));
    expect(persona).toEqual([
      ['persona', 'runs', 'repeats', 'proc_mean', 'proc_std', 'comp_mean', 'comp_std'],
      ['tester', '4', '2', '0', '0', '0.25', '0'],
      ['overall', '4', '2', '0', '0', '0.25', '0'],
    ]);
    // Every table of the single-file CSV is a file here, with the same header and rows.
    const single = csvBlocks((await cli(['report', f.reactive, '--format', 'csv'])).stdout);
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(single.size);
    const runs = readFileSync(path.join(dir, 'runs.csv'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(','));
    expect(runs).toEqual(single.get('Runs'));
    const wrong = await cli(['report', f.reactive, '--output', dir, '--format', 'html']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('a folder takes one CSV file per table');
  });

  it('a folder of recordings (sessions played in the TUI) reports like the results folder they came from', async () => {
    const study = mkdtempSync(path.join(os.tmpdir(), 'intentplay-study-'));
    for (const name of readdirSync(path.join(f.reactive, 'recordings')))
      copyFileSync(path.join(f.reactive, 'recordings', name), path.join(study, name));
    // A session quit before it was scored is left out, and said so.
    writeFileSync(
      path.join(study, 'quit-early.jsonl'),
      readFileSync(path.join(study, readdirSync(study)[0]!), 'utf8')
        .split('\n')
        .slice(0, 3)
        .join('\n') + '\n',
    );
    const fromRecordings = await cli([
      'report',
      study,
      '--format',
      'csv',
      '--library',
      FIXTURE_LIB,
    ]);
    expect(fromRecordings.code).toBe(0);
    expect(fromRecordings.stderr).toContain(
      'quit-early.jsonl: left out of the report: the session ended before it was scored',
    );
    const fromResults = await cli([
      'report',
      f.reactive,
      '--format',
      'csv',
      '--library',
      FIXTURE_LIB,
    ]);
    const a = csvBlocks(fromRecordings.stdout);
    const b = csvBlocks(fromResults.stdout);
    expect([...a.keys()]).toEqual([...b.keys()]);
    expect(a.size).toBeGreaterThan(4);
    for (const [table, rows] of b) if (table !== 'Runs') expect(a.get(table), table).toEqual(rows);
    // Runs: the same scenarios, repeats, ends, turns and scores (cost is not in a recording).
    const runs = (t: Map<string, string[][]>) =>
      t
        .get('Runs')!
        .map((r) => r.slice(0, 10).join(','))
        .sort();
    expect(runs(a)).toEqual(runs(b));
  });

  it('explains what is wrong with its input', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'intentplay-empty-'));
    const r = await cli(['report', empty]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not a results folder (no results.jsonl');
    const bad = await cli(['report', f.proactive, '--format', 'pdf']);
    expect(bad.stderr).toContain('--format pdf: expected one of terminal, markdown, csv, html');
    writeFileSync(path.join(empty, 'results.jsonl'), '{"scenario":"x"}\n{}\n');
    expect((await cli(['report', empty])).stderr).toContain('results.jsonl:1: not a run object');
  });
});
