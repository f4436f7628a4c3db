/**
 * A session whose judging failed is not a result: with the judge's endpoint refusing every
 * call, runs end `judge_failed` (with the reason), count as failed, make `run` exit 1, stay out
 * of the means, and `run --resume` runs them again.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer, type OpenAITestServer } from '../helpers/openai-server.ts';
import { batchLibrary, cli, readLines, readSummary } from './helpers.ts';

let server: OpenAITestServer;
beforeAll(async () => {
  server = await startOpenAIServer();
  server.respond(async () => ({
    status: 400,
    error: { message: 'the judge endpoint is broken', type: 'invalid_request_error' },
  }));
});
afterAll(() => server.close());

describe('a failed judge', () => {
  it('never passes as a score', async () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-judge-')), 'r');
    const args = [
      '--agent',
      'script',
      '--user',
      'rules',
      '--judge',
      'openai',
      '--judge-model',
      'j',
      '--base-url',
      server.url,
      '--no-progress',
    ];
    const first = await cli(['run', batchLibrary(), '--out', out, ...args]);
    expect(first.code).toBe(1);
    const lines = readLines(out);
    expect(lines.length).toBe(4);
    for (const r of lines) {
      expect(r.end).toBe('judge_failed');
      expect(r.message).toMatch(
        /^the judge failed \d+ times? \(intent judging failed: .*the judge endpoint is broken.*\): this session is not a result$/,
      );
    }
    // Not results: nothing enters the means.
    expect(readSummary(out)).toMatchObject({ n: 0, by_persona: {} });
    expect(first.stdout).toContain('judge_failed');

    const report = await cli(['report', out]);
    expect(report.stdout).toContain(
      '4 run(s) whose judging failed (not results; rerun them with run --resume)',
    );

    // Resume treats them as unfinished and runs them again (the judge still fails: the same four, each once).
    const started = lines.map((r) => r.started).sort();
    const again = await cli(['run', '--resume', out, '--no-progress']);
    expect(again.code).toBe(1);
    const rerun = readLines(out);
    expect(rerun).toHaveLength(4);
    expect(rerun.map((r) => r.started).sort()).not.toEqual(started);
  });
});
