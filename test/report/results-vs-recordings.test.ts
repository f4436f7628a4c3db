/**
 * One record, two ways in: the report of a results folder and the report of its recordings
 * folder alone (what a user study leaves) are the same, table by table, runs and cost included.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDoc, reportOn } from '../../src/report/report.ts';
import { batchLibrary, cli } from '../batch/helpers.ts';
import { startOpenAIServer, type OpenAITestServer } from '../helpers/openai-server.ts';

let server: OpenAITestServer;
beforeAll(async () => {
  server = await startOpenAIServer({
    responder: () => ({ content: 'The budget is 300. Shall I take a note?' }),
  });
});
afterAll(() => server.close());

function sameReports(out: string): void {
  const fromResults = reportOn([out]);
  const fromRecordings = reportOn([path.join(out, 'recordings')]);
  const titles = (d: typeof fromResults) => d.sections.map((s) => s.title);
  expect(titles(fromRecordings)).toEqual(titles(fromResults));
  for (const format of ['csv', 'markdown'] as const) {
    // The folder a report names differs; every table must not.
    // (absolute, or relative to where the report runs)
    const rec = path.join(out, 'recordings');
    const text = (d: typeof fromResults) =>
      renderDoc(d, format)
        .replaceAll(rec, out)
        .replaceAll(path.relative(process.cwd(), rec), path.relative(process.cwd(), out));
    const a = text(fromResults).split('\n');
    const b = text(fromRecordings).split('\n');
    expect(
      b.filter((l, i) => l !== a[i]).slice(0, 5),
      a
        .filter((l, i) => l !== b[i])
        .slice(0, 5)
        .join('\n'),
    ).toEqual([]);
    expect(text(fromRecordings)).toBe(text(fromResults));
  }
}

describe(
  'a report from a results folder equals the report from its recordings',
  { timeout: 180_000 },
  () => {
    it('for bundled π-Bench, time and proposal scenarios, repeated', async () => {
      const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'ip-parity-')), 'res');
      const r = await cli([
        'run',
        'researcher/meal-plan',
        'marketer/flight-watch',
        'researcher/soap-list',
        '--agent',
        'script:proactive',
        '--repeat',
        '2',
        '--out',
        out,
      ]);
      expect(r.code, r.stderr).toBe(0);
      sameReports(out);
    });

    it('for model-backed runs, with tokens and cost', async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'ip-parity-model-'));
      const config = path.join(dir, 'intentplay.config.yaml');
      writeFileSync(config, 'prices:\n  m: { input: 2.5, output: 10 }\n');
      const out = path.join(dir, 'res');
      const r = await cli([
        'run',
        batchLibrary(),
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
        '--config',
        config,
        '--out',
        out,
      ]);
      expect(r.code, r.stderr).toBe(0);
      const doc = renderDoc(reportOn([out]), 'markdown');
      expect(doc).toMatch(/\$0\.0\d+/);
      sameReports(out);
    });
  },
);
