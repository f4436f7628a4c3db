/** `intentplay run` as a batch: the results folder, the --json contract, filters, shards and merge. */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../../src/batch/summary.ts';
import { readRecording } from '../../src/session/recording.ts';
import { batchLibrary, cli, readLines, readSummary } from './helpers.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'intentplay-batch-'));

describe('run: results folder', () => {
  it('writes recordings, one results line per run with usage, cost, timing and category, and summary.json', async () => {
    const lib = batchLibrary();
    const out = path.join(tmp(), 'res');
    const r = await cli([
      'run',
      lib,
      '--repeat',
      '2',
      '--concurrency',
      '3',
      '--out',
      out,
      '--json',
    ]);
    expect(r.code).toBe(0);
    const lines = readLines(out);
    expect(lines).toHaveLength(8); // 4 scenarios × 2 repeats
    const b = lines.find((l) => l.scenario === 'p/b' && l.repeat === 1)!;
    expect(b).toMatchObject({
      persona: 'p',
      category: 'B',
      group: 'p',
      index: 1,
      of: 2,
      deps: true,
      end: 'resolved',
      intents: { I1: 'inferred', I2: 'completed' },
      usage: [],
      tokens: { input: 0, output: 0 },
      cost_usd: 0,
    });
    expect(b.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(b.started!)).not.toBeNaN();
    // Recording paths are relative to the folder, and each recording is complete.
    expect(b.recording).toMatch(/^recordings\/.+\.jsonl$/);
    expect(readRecording(path.join(out, b.recording!)).complete).toBe(true);
    expect(readdirSync(path.join(out, 'recordings'))).toHaveLength(8);
    // stdout is exactly one JSON object: the run --json contract (docs/reports.md), and summary.json is its summary.
    const json = JSON.parse(r.stdout) as { runs: Record<string, unknown>[]; summary: unknown };
    expect(json.summary).toEqual(readSummary(out));
    expect(json.runs).toHaveLength(8);
    for (const run of json.runs)
      expect(Object.keys(run)).toEqual(
        expect.arrayContaining([
          'scenario',
          'persona',
          'repeat',
          'proc',
          'comp',
          'turns',
          'end',
          'intents',
          'checklist',
          'recording',
        ]),
      );
    // On stdout recording paths work from the current folder.
    expect(existsSync(String(json.runs[0]!.recording))).toBe(true);
    // stderr says where the results and the recordings went.
    const rel = path.relative(process.cwd(), out);
    expect(r.stderr).toContain(
      `results in ${rel}/ (results.jsonl, summary.json); 8 recordings in ${rel}/recordings/`,
    );
    expect(readSummary(out)).toMatchObject({
      n: 8,
      proc_mean: 0.875,
      proc_std: 0,
      by_persona: { p: { n: 4, proc_mean: 1 }, q: { n: 4, proc_mean: 0.75 } },
    });
  });

  it('keeps the sessions of a group in order while groups run side by side', async () => {
    const out = path.join(tmp(), 'res');
    await cli([
      'run',
      batchLibrary(),
      '--repeat',
      '3',
      '--concurrency',
      '6',
      '--out',
      out,
      '--no-progress',
    ]);
    const lines = readLines(out);
    for (const first of lines.filter((l) => l.index === 0)) {
      const second = lines.find(
        (l) => l.group === first.group && l.repeat === first.repeat && l.index === 1,
      )!;
      // The first session's last event (time offsets count from its header's start) comes before the second begins.
      const rec = readRecording(path.join(out, first.recording!));
      const end = Date.parse(rec.header.started) + rec.events.at(-1)!.t;
      expect(
        Date.parse(readRecording(path.join(out, second.recording!)).header.started),
      ).toBeGreaterThanOrEqual(end - 1);
    }
  });

  it('refuses to add to an existing results folder without --resume', async () => {
    const lib = batchLibrary();
    const out = path.join(tmp(), 'res');
    await cli(['run', lib, '--out', out, '--no-progress']);
    const again = await cli(['run', lib, '--out', out]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds results; continue them with --resume');
    expect(readLines(out)).toHaveLength(4);
  });

  it('prints plain progress lines on stderr when it is not a terminal, and none with --no-progress', async () => {
    const lib = batchLibrary();
    const r = await cli(['run', lib, '--out', path.join(tmp(), 'res'), '--json']);
    expect(r.stderr).toMatch(/\[1\/4\] ✓ \S+ r0 {2}proc/);
    expect(r.stderr).toMatch(/\[4\/4\] ✓/);
    expect(r.stderr).toContain('4 done, 0 failed');
    expect(r.stderr).not.toContain('\x1b[2K');
    const quiet = await cli([
      'run',
      lib,
      '--out',
      path.join(tmp(), 'res'),
      '--json',
      '--no-progress',
    ]);
    expect(quiet.stderr).not.toMatch(/\[1\/4\]/);
  });

  it('records deps: false for --no-deps runs, each scenario alone', async () => {
    const out = path.join(tmp(), 'res');
    await cli(['run', batchLibrary(), '--no-deps', '--out', out, '--no-progress']);
    const lines = readLines(out);
    expect(lines.map((l) => [l.scenario, l.deps, l.index, l.of])).toEqual([
      ['p/a', false, 0, 1],
      ['p/b', false, 0, 1],
      ['q/c', false, 0, 1],
      ['q/d', false, 0, 1],
    ]);
  });
});

describe('run --filter', () => {
  const scenariosRun = async (...filters: string[]) => {
    const r = await cli([
      'run',
      batchLibrary(),
      '--json',
      '--no-progress',
      '--out',
      path.join(tmp(), 'res'),
      ...filters.flatMap((f) => ['--filter', f]),
    ]);
    expect(r.code).toBe(0);
    return (JSON.parse(r.stdout) as { runs: { scenario: string }[] }).runs
      .map((x) => x.scenario)
      .sort();
  };

  it('selects by persona, category or id glob, and runs what a selected scenario depends on', async () => {
    expect(await scenariosRun('persona:q')).toEqual(['q/c', 'q/d']);
    expect(await scenariosRun('category:a')).toEqual(['p/a', 'q/c']);
    expect(await scenariosRun('id:*/d')).toEqual(['q/c', 'q/d']); // q/d needs q/c first
    expect(await scenariosRun('p/b')).toEqual(['p/a', 'p/b']);
  });

  it('ORs filters of one field and ANDs different fields', async () => {
    expect(await scenariosRun('category:A', 'category:C')).toEqual(['p/a', 'q/c', 'q/d']);
    expect(await scenariosRun('category:A,B', 'persona:p')).toEqual(['p/a', 'p/b']);
  });

  it('runs only the selected scenario with --no-deps', async () => {
    const r = await cli([
      'run',
      batchLibrary(),
      '--json',
      '--no-progress',
      '--out',
      path.join(tmp(), 'res'),
      '--no-deps',
      '--filter',
      'id:q/d',
    ]);
    expect(
      (JSON.parse(r.stdout) as { runs: { scenario: string }[] }).runs.map((x) => x.scenario),
    ).toEqual(['q/d']);
  });

  it('says so when nothing matches, or the filter is malformed', async () => {
    const none = await cli(['run', batchLibrary(), '--filter', 'persona:nobody']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no scenario matches --filter persona:nobody');
    const bad = await cli(['run', batchLibrary(), '--filter', 'colour:red']);
    expect(bad.stderr).toContain('unknown filter field "colour"');
  });
});

describe('run --shard and merge', () => {
  it('partitions the runs; the merged shards give the summary of the unsharded run', async () => {
    const lib = batchLibrary();
    const dir = tmp();
    await cli(['run', lib, '--repeat', '3', '--out', path.join(dir, 'all'), '--no-progress']);
    const shards = [1, 2, 3].map((i) => path.join(dir, `shard${i}`));
    for (const [i, out] of shards.entries()) {
      const r = await cli([
        'run',
        lib,
        '--repeat',
        '3',
        '--shard',
        `${i + 1}/3`,
        '--out',
        out,
        '--no-progress',
      ]);
      expect(r.code).toBe(0);
    }
    const sizes = shards.map((s) => readLines(s).length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(12);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(2); // one unit = 2 sessions
    const keys = shards.flatMap((s) => readLines(s).map((l) => `${l.scenario}|${l.repeat}`));
    expect(new Set(keys).size).toBe(12);

    const merged = await cli(['merge', ...shards, '--out', path.join(dir, 'merged'), '--json']);
    expect(merged.code).toBe(0);
    const mergedJson = JSON.parse(merged.stdout) as {
      summary: unknown;
      runs: { recording: string }[];
    };
    expect(readSummary(path.join(dir, 'merged'))).toEqual(readSummary(path.join(dir, 'all')));
    expect(mergedJson.summary).toEqual(readSummary(path.join(dir, 'all')));
    const strip = (l: RunRecord) => ({
      ...l,
      recording: undefined,
      started: undefined,
      duration_ms: undefined,
    });
    expect(readLines(path.join(dir, 'merged')).map(strip)).toEqual(
      readLines(path.join(dir, 'all')).map(strip),
    );
    // Recordings came along, and the merged folder reports like any other.
    for (const run of mergedJson.runs) expect(existsSync(run.recording)).toBe(true);
    expect(readdirSync(path.join(dir, 'merged', 'recordings'))).toHaveLength(12);
    // The merged folder is the unsharded run: resuming it finds nothing left to do.
    const manifest = JSON.parse(readFileSync(path.join(dir, 'merged', 'run.json'), 'utf8')) as {
      targets: string[];
      options: Record<string, unknown>;
    };
    expect(manifest.targets).toEqual([lib]);
    expect(manifest.options.shard).toBeUndefined();
    const resumed = await cli(['run', '--resume', path.join(dir, 'merged'), '--json']);
    expect(resumed.stderr).toContain('resuming: 12 of 12 session(s) already done');
    expect(readSummary(path.join(dir, 'merged'))).toEqual(readSummary(path.join(dir, 'all')));
  });

  it('the same shard holds the same runs whatever order the paths are given in', async () => {
    const lib = batchLibrary();
    const dir = tmp();
    await cli([
      'run',
      path.join(lib, 'scenarios/q/d.yaml'),
      path.join(lib, 'scenarios/p/episode.yaml'),
      '--shard',
      '1/2',
      '--out',
      path.join(dir, 'x'),
      '--no-progress',
    ]);
    await cli([
      'run',
      path.join(lib, 'scenarios/p/episode.yaml'),
      path.join(lib, 'scenarios/q/d.yaml'),
      '--shard',
      '1/2',
      '--out',
      path.join(dir, 'y'),
      '--no-progress',
    ]);
    const ids = (d: string) => readLines(path.join(dir, d)).map((l) => l.scenario);
    expect(ids('x')).toEqual(ids('y'));
    expect(ids('x').length).toBe(2);
  });

  it('refuses overlapping folders and bad shard specs', async () => {
    const lib = batchLibrary();
    const dir = tmp();
    await cli(['run', lib, '--out', path.join(dir, 'a'), '--no-progress']);
    const dup = await cli([
      'merge',
      path.join(dir, 'a'),
      path.join(dir, 'a'),
      '--out',
      path.join(dir, 'm'),
    ]);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/is in both .* merge folders of disjoint shards/);
    for (const spec of ['0/2', '3/2', 'x']) {
      const bad = await cli(['run', lib, '--shard', spec]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('--shard: expected I/N');
    }
  });

  it('a merged folder of a normal and a --no-deps run holds both', async () => {
    const lib = batchLibrary();
    const dir = tmp();
    await cli(['run', lib, '--out', path.join(dir, 'deps'), '--no-progress']);
    await cli(['run', lib, '--no-deps', '--out', path.join(dir, 'nodeps'), '--no-progress']);
    const r = await cli([
      'merge',
      path.join(dir, 'deps'),
      path.join(dir, 'nodeps'),
      '--out',
      path.join(dir, 'm'),
    ]);
    expect(r.code).toBe(0);
    expect(readLines(path.join(dir, 'm')).map((l) => l.deps)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(readFileSync(path.join(dir, 'm', 'summary.json'), 'utf8')).toContain('"n": 8');
  });
});
