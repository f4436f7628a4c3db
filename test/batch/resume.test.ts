/** `run --resume DIR`: finished groups are kept, unfinished ones run again, nothing is counted twice. */
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../src/batch/summary.ts';
import { startOpenAIServer, type OpenAITestServer } from '../helpers/openai-server.ts';
import { batchLibrary, cli, readLines, readSummary } from './helpers.ts';

const BIN = fileURLToPath(new URL('../../bin/intentplay.js', import.meta.url));
const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'intentplay-resume-'));
const runKeys = (dir: string) =>
  readLines(dir)
    .map((l) => `${l.scenario}|r${l.repeat}`)
    .sort();

describe('run --resume after a crash', () => {
  it('drops a torn line and the rest of its group, removes stale recordings, and reruns only that group', async () => {
    const lib = batchLibrary();
    const out = path.join(tmp(), 'res');
    await cli(['run', lib, '--repeat', '2', '--out', out, '--no-progress']);
    const clean = readSummary(out);
    const lines = readFileSync(path.join(out, 'results.jsonl'), 'utf8').split('\n').filter(Boolean);
    // A crash while writing the last group's lines: its second line is cut short.
    const last = lines.at(-1)!;
    writeFileSync(
      path.join(out, 'results.jsonl'),
      lines.slice(0, -1).join('\n') + '\n' + last.slice(0, 40),
    );
    // ...and a session that was running leaves a recording without session_end.
    const header = readFileSync(
      path.join(out, JSON.parse(lines[0]!).recording as string),
      'utf8',
    ).split('\n')[0]!;
    writeFileSync(
      path.join(out, 'recordings', 'interrupted.jsonl'),
      header + '\n{"type":"turn_start","turn":1,"t":3}\n',
    );
    // Its first line is whole, but its group did not finish: only the groups before it count.
    const keptBefore = lines.slice(0, -2).map((l) => JSON.parse(l).recording as string);

    const r = await cli(['run', '--resume', out, '--no-progress', '--json']); // paths and options come from run.json
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /resume: 1 run line\(s\) of unfinished groups dropped, 3 stale recording\(s\) removed/,
    );
    expect(runKeys(out)).toEqual([
      'p/a|r0',
      'p/a|r1',
      'p/b|r0',
      'p/b|r1',
      'q/c|r0',
      'q/c|r1',
      'q/d|r0',
      'q/d|r1',
    ]);
    // The finished groups were not run again: their lines and recordings are the same.
    const after = readLines(out);
    for (const rec of keptBefore) expect(after.some((l) => l.recording === rec)).toBe(true);
    expect(readdirSync(path.join(out, 'recordings')).sort()).toEqual(
      after.map((l) => path.basename(l.recording!)).sort(),
    );
    expect(readSummary(out)).toEqual(clean);
    expect((JSON.parse(r.stdout) as { summary: unknown }).summary).toEqual(clean);
  });

  it('runs errored groups again, and adds repeats when --repeat grows', async () => {
    const lib = batchLibrary();
    const out = path.join(tmp(), 'res');
    await cli(['run', lib, '--out', out, '--no-progress']);
    const lines = readLines(out);
    const failed: RunRecord = {
      ...lines.find((l) => l.scenario === 'q/d')!,
      end: 'error',
      message: 'model unavailable',
    };
    writeFileSync(
      path.join(out, 'results.jsonl'),
      lines
        .filter((l) => l.scenario !== 'q/d')
        .concat(failed)
        .map((l) => JSON.stringify(l) + '\n')
        .join(''),
    );
    await cli(['run', '--resume', out, '--repeat', '2', '--no-progress']);
    const again = readLines(out);
    expect(again.filter((l) => l.end !== 'resolved')).toEqual([]);
    expect(runKeys(out)).toEqual([
      'p/a|r0',
      'p/a|r1',
      'p/b|r0',
      'p/b|r1',
      'q/c|r0',
      'q/c|r1',
      'q/d|r0',
      'q/d|r1',
    ]);
  });

  it('refuses to resume with options that change what is measured', async () => {
    const lib = batchLibrary();
    const out = path.join(tmp(), 'res');
    await cli(['run', lib, '--out', out, '--no-progress']);
    const r = await cli(['run', '--resume', out, '--no-deps']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('was run with dependencies; resume it with the same options');
    const agent = await cli(['run', '--resume', out, '--agent', 'script:other']);
    expect(agent.stderr).toContain('was run with --agent "(unset)"');
  });

  it('starts fresh in a folder that does not exist yet, and refuses a folder that is not a results folder', async () => {
    const lib = batchLibrary();
    const out = path.join(tmp(), 'new');
    expect((await cli(['run', lib, '--resume', out, '--no-progress'])).code).toBe(0);
    expect(readLines(out)).toHaveLength(4);
    const other = tmp();
    appendFileSync(path.join(other, 'notes.txt'), 'mine');
    const r = await cli(['run', lib, '--resume', other]);
    expect(r.stderr).toContain('is not a results folder');
  });

  it('refuses a folder another live run is writing, and takes over the lock of a run that died', async () => {
    const lib = batchLibrary();
    const out = path.join(tmp(), 'res');
    await cli(['run', lib, '--out', out, '--no-progress']);
    expect(existsSync(path.join(out, '.intentplay.lock'))).toBe(false); // released when done
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
      stdio: 'ignore',
    });
    try {
      writeFileSync(
        path.join(out, '.intentplay.lock'),
        JSON.stringify({ pid: other.pid, host: os.hostname() }),
      );
      const r = await cli(['run', '--resume', out, '--no-progress']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`is being written by another intentplay run (pid ${other.pid}`);
      expect(readLines(out)).toHaveLength(4);
    } finally {
      other.kill();
      await new Promise((resolve) => other.on('exit', resolve));
    }
    // The holder is gone (as after kill -9): its lock is stale and the resume goes ahead.
    const again = await cli(['run', '--resume', out, '--no-progress']);
    expect(again.code).toBe(0);
    expect(readLines(out)).toHaveLength(4);
  });

  it('report warns about and drops run lines written twice', async () => {
    const lib = batchLibrary();
    const out = path.join(tmp(), 'res');
    await cli(['run', lib, '--out', out, '--no-progress']);
    const clean = await cli(['report', out, '--format', 'csv']);
    const file = path.join(out, 'results.jsonl');
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    appendFileSync(
      file,
      lines
        .slice(0, 2)
        .map((l) => l + '\n')
        .join(''),
    );
    const r = await cli(['report', out, '--format', 'csv']);
    expect(r.stderr).toContain('2 duplicated run line(s) dropped');
    expect(r.stdout).toBe(clean.stdout);
  });

  it('reads a results.jsonl that starts with a byte order mark, and leaves a folder named *.jsonl in recordings/ alone', async () => {
    const lib = batchLibrary();
    const out = path.join(tmp(), 'res');
    await cli(['run', lib, '--out', out, '--no-progress']);
    const file = path.join(out, 'results.jsonl');
    writeFileSync(file, '\uFEFF' + readFileSync(file, 'utf8'));
    mkdirSync(path.join(out, 'recordings', 'notes.jsonl'));
    const report = await cli(['report', out]);
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    const r = await cli(['run', '--resume', out, '--no-progress']);
    expect(r.stderr).not.toMatch(/internal error|not JSON/);
    expect(r.code).toBe(0);
    expect(runKeys(out)).toEqual(['p/a|r0', 'p/b|r0', 'q/c|r0', 'q/d|r0']);
    expect(statSync(path.join(out, 'recordings', 'notes.jsonl')).isDirectory()).toBe(true);
    expect(readFileSync(file, 'utf8').startsWith('\uFEFF')).toBe(false);
  });
});

describe('run --resume after a killed process', () => {
  let server: OpenAITestServer;
  /** While set, the model stops answering once that results file has `lines` lines: the run cannot finish before it is stopped. */
  let hold: { file: string; lines: number } | null = null;
  let release: (() => void)[] = [];
  const lineCount = (file: string) =>
    existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
  beforeAll(async () => {
    server = await startOpenAIServer({ latencyMs: 20 });
    server.respond(async () => {
      if (hold && lineCount(hold.file) >= hold.lines)
        await new Promise<void>((resolve) => release.push(resolve));
      return { content: 'Here is a first draft. What budget should I plan for?' };
    });
  });
  afterAll(() => server.close());

  const modelArgs = () => [
    '--agent',
    'openai',
    '--agent-model',
    'm',
    '--base-url',
    server.url,
    '--user',
    'rules',
    '--judge',
    'rules',
  ];

  /** Starts `run` in a child process and stops it with `signal` once `lines` results lines exist. */
  async function interrupt(
    out: string,
    lib: string,
    signal: NodeJS.Signals,
    lines: number,
    extra: string[] = [],
  ): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(
      process.execPath,
      [BIN, 'run', lib, '--repeat', '3', '--out', out, ...modelArgs(), ...extra],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const file = path.join(out, 'results.jsonl');
    hold = { file, lines };
    try {
      await expect
        .poll(() => lineCount(file), { timeout: 20_000, interval: 20 })
        .toBeGreaterThanOrEqual(lines);
      child.kill(signal);
      const code = await new Promise<number | null>((resolve) =>
        child.on('exit', (c) => resolve(c)),
      );
      return { code, stderr };
    } finally {
      hold = null;
      for (const r of release) r();
      release = [];
    }
  }

  it('after SIGKILL, resume completes the batch with every run once and the same summary as a clean run', async () => {
    const lib = batchLibrary();
    const dir = tmp();
    await cli([
      'run',
      lib,
      '--repeat',
      '3',
      '--out',
      path.join(dir, 'clean'),
      '--concurrency',
      '6',
      '--no-progress',
      ...modelArgs(),
    ]);
    const out = path.join(dir, 'killed');
    await interrupt(out, lib, 'SIGKILL', 2);
    expect(readLines(out)).toHaveLength(2);
    const r = await cli(['run', '--resume', out, '--no-progress']);
    expect(r.code).toBe(0);
    expect(runKeys(out)).toEqual(runKeys(path.join(dir, 'clean')));
    expect(readSummary(out)).toEqual(readSummary(path.join(dir, 'clean')));
  });

  it('on Ctrl-C it stops, records no unfinished group, and says how to resume', async () => {
    const lib = batchLibrary();
    const out = path.join(tmp(), 'res');
    const { code, stderr } = await interrupt(out, lib, 'SIGINT', 2);
    expect(code).toBe(130);
    expect(stderr).toContain('interrupted: continue with `intentplay run --resume');
    const lines = readLines(out);
    // Only whole groups: every group present has all its sessions.
    for (const l of lines)
      expect(lines.filter((x) => x.group === l.group && x.repeat === l.repeat)).toHaveLength(l.of!);
    expect(lines.every((l) => l.end === 'resolved' || l.end === 'max_turns')).toBe(true);
    await cli(['run', '--resume', out, '--no-progress']);
    expect(readLines(out)).toHaveLength(12);
  });

  it('with --no-progress, Ctrl-C still says how to resume', async () => {
    const { code, stderr } = await interrupt(path.join(tmp(), 'res'), batchLibrary(), 'SIGINT', 2, [
      '--no-progress',
    ]);
    expect(code).toBe(130);
    expect(stderr).toContain('interrupted: continue with `intentplay run --resume');
  });
});
