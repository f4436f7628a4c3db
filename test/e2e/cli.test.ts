/** The real binary, as a user runs it. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = path.resolve('bin/intentplay.js');
const LIB = path.resolve('test/fixtures/lib');

function cli(
  args: string[],
  cwd = mkdtempSync(path.join(os.tmpdir(), 'intentplay-cli-')),
  env: Record<string, string> = {},
) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, cwd };
}

describe('intentplay CLI', { timeout: 120_000 }, () => {
  it('watch runs a scenario after its chain, and only the scenario itself with --no-deps', () => {
    const chained = cli([
      'watch',
      'researcher/meal-plan',
      '--agent',
      'script:proactive',
      '--plain',
      '--delay',
      '0',
    ]);
    expect(chained.stdout.match(/^== researcher\/[a-z-]+ · /gm)).toEqual([
      '== researcher/gear-selection · ',
      '== researcher/meal-plan · ',
    ]);
    const alone = cli([
      'watch',
      'researcher/meal-plan',
      '--agent',
      'script:proactive',
      '--plain',
      '--delay',
      '0',
      '--no-deps',
    ]);
    expect(alone.code).toBe(0);
    expect(alone.stdout.match(/^== researcher\/[a-z-]+ · /gm)).toEqual([
      '== researcher/meal-plan · ',
    ]);
  });

  it('--help lists the commands, and --version is the package version', () => {
    const r = cli(['--help']);
    expect(r.code).toBe(0);
    for (const c of ['run', 'validate', 'schema']) expect(r.stdout).toContain(c);
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string })
      .version;
    expect(cli(['--version']).stdout.trim()).toBe(version);
  });

  it('the home screen never lists a library as it was: a scenario edited between two starts shows its new title', () => {
    const lib = mkdtempSync(path.join(os.tmpdir(), 'intentplay-home-lib-'));
    cpSync(LIB, lib, { recursive: true });
    const env = {
      INTENTPLAY_CACHE_DIR: mkdtempSync(path.join(os.tmpdir(), 'intentplay-home-cache-')),
    };
    const home = () => cli(['--plain', '--library', lib], undefined, env);
    expect(home().stdout).toContain('tester/gear  Pick gym gear');
    const gear = path.join(lib, 'scenarios/tester/gear.yaml');
    writeFileSync(
      gear,
      readFileSync(gear, 'utf8').replace('title: Pick gym gear', 'title: Pick gym mats'),
    );
    const after = home().stdout;
    expect(after).toContain('tester/gear  Pick gym mats');
    expect(after).not.toContain('Pick gym gear');
  });

  it('validate exits 0 on a good library and 1 with every located error, without a stack trace', () => {
    expect(cli(['validate', LIB]).code).toBe(0);
    const bad = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bad-'));
    cpSync(LIB, bad, { recursive: true });
    const plan = path.join(bad, 'scenarios/tester/plan.yaml');
    writeFileSync(
      plan,
      readFileSync(plan, 'utf8')
        .replace('title: Weekly meal plan', 'title: Weekly meal plan\ntitel: typo')
        .replace('depends_on: [gear]', 'depends_on: [gears]'),
    );
    const r = cli(['validate', bad]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'scenarios/tester/plan.yaml:5:1: error: unknown key `titel` in the scenario (did you mean `title`?)',
    );
    expect(r.stdout).toMatch(/plan\.yaml:6:\d+: error: unknown dependency `gears`/);
    expect(r.stdout).toMatch(/2 error\(s\)/);
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  });

  it('run --json follows the run --json contract (docs/reports.md) and writes a recording per session', () => {
    const r = cli([
      'run',
      path.join(LIB, 'scenarios/tester/plan.yaml'),
      '--agent',
      'script:proactive',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      runs: Record<string, unknown>[];
      summary: Record<string, unknown>;
    };
    expect(out.runs.map((x) => [x.scenario, x.proc, x.comp, x.turns, x.end])).toEqual([
      ['tester/gear', 1, 1, 1, 'resolved'],
      ['tester/plan', 1, 1, 2, 'resolved'],
    ]);
    expect(out.runs[1]).toMatchObject({
      persona: 'tester',
      repeat: 0,
      intents: { I1: 'completed', I2: 'inferred', I3: 'inferred' },
      checklist: { C1: true, C2: true, C3: null },
    });
    expect(out.summary).toMatchObject({
      n: 2,
      proc_mean: 1,
      proc_std: 0,
      comp_mean: 1,
      comp_std: 0,
      by_persona: { tester: { n: 2, proc_mean: 1, comp_mean: 1 } },
    });
    // π-Bench's scoring of the same runs rides along: plan pools its dependency gear (weight 2).
    expect(out.summary.pibench).toMatchObject({
      mode: 'dependency_group_size_weighted',
      users: { tester: { proc_mean: 1, comp_mean: 1 } },
    });
    const rec = readFileSync(path.resolve(r.cwd, out.runs[1]!.recording as string), 'utf8').split(
      '\n',
    );
    expect(JSON.parse(rec[0]!)).toMatchObject({
      format: 'intentplay-recording',
      scenario: 'tester/plan',
    });
    expect(r.stderr).toContain('No model configured');
  });

  it('run prints a readable table, and repeats give a sample std across repeats', () => {
    const r = cli(['run', LIB, '--agent', 'script:reactive', '--repeat', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/tester\/plan\s+1\s+resolved\s+4\s+0\.000\s+0\.500\s+PPP/);
    expect(r.stdout).toContain('4 run(s)   Proc 0.000 ± 0.000');
  });

  it('user errors are one clear line, never a stack trace', () => {
    for (const args of [
      ['run', 'nope/missing'],
      ['run', LIB, '--agent', 'robot'],
      ['run', LIB, '--agent', 'script:nonexistent', '--json'],
      ['validate', '/does/not/exist'],
    ]) {
      const r = cli(args);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.code, args.join(' ')).not.toBe(70);
      expect(r.stderr + r.stdout, args.join(' ')).not.toMatch(/\n\s+at /);
    }
    expect(cli(['run', LIB, '--agent', 'robot']).stderr).toContain(
      "--agent robot: expected one of openai, script[:NAME], acp:'COMMAND ARGS', human",
    );
  });

  it('schema prints JSON Schema for each file kind', () => {
    for (const kind of ['scenario', 'persona', 'episode']) {
      const r = cli(['schema', kind]);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ type: 'object', additionalProperties: false });
    }
  });

  it('a bad file in --library is reported with its location when running', () => {
    const bad = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bad-'));
    mkdirSync(path.join(bad, 'personas'));
    cpSync(LIB, bad, { recursive: true });
    writeFileSync(path.join(bad, 'personas/tester.yaml'), 'id: tester\nname: [\n');
    const r = cli(['run', path.join(bad, 'scenarios/tester/gear.yaml')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/personas\/tester\.yaml:\d+:\d+: error: YAML syntax/);
  });
});
