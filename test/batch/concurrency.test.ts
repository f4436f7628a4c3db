/** `--concurrency N`: N groups wait on the model at once, never more; usage and cost reach the results lines. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer, type OpenAITestServer } from '../helpers/openai-server.ts';
import { batchLibrary, cli, readLines } from './helpers.ts';

/** The most requests the server was answering at one moment. */
function maxInFlight(server: OpenAITestServer): number {
  const edges = server.completions().flatMap((r) => [
    { t: r.receivedAt, d: 1 },
    { t: r.finishedAt ?? Infinity, d: -1 },
  ]);
  edges.sort((a, b) => a.t - b.t || a.d - b.d);
  let now = 0;
  let max = 0;
  for (const e of edges) max = Math.max(max, (now += e.d));
  return max;
}

describe('run --concurrency', () => {
  let server: OpenAITestServer;
  beforeAll(async () => {
    server = await startOpenAIServer({ latencyMs: 40 });
    server.respond(() => ({
      content: 'A first draft. Anything else?',
      usage: { prompt_tokens: 100, completion_tokens: 10 },
    }));
  });
  afterAll(() => server.close());

  const run = async (concurrency: number) => {
    server.requests.length = 0;
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-conc-')), 'res');
    const r = await cli([
      'run',
      batchLibrary(),
      '--no-deps',
      '--repeat',
      '2',
      '--concurrency',
      String(concurrency),
      '--out',
      out,
      '--no-progress',
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
    ]);
    expect(r.code).toBe(0);
    return out;
  };

  it('keeps exactly N groups waiting on the model at once', async () => {
    await run(1);
    expect(maxInFlight(server)).toBe(1);
    await run(4);
    expect(maxInFlight(server)).toBe(4);
  });

  it('puts tokens per role and model, and the total, into each results line', async () => {
    const lines = readLines(await run(2));
    expect(lines).toHaveLength(8);
    for (const l of lines) {
      expect(l.usage).toEqual([
        {
          role: 'agent',
          model: 'm',
          calls: l.turns,
          input_tokens: 100 * l.turns,
          output_tokens: 10 * l.turns,
          estimated: false,
          cost_usd: null,
        },
      ]);
      expect(l.tokens).toEqual({ input: 100 * l.turns, output: 10 * l.turns });
      expect(l.cost_usd).toBeNull(); // no price configured for model "m"
      expect(l.backends?.agent).toMatchObject({ kind: 'openai', model: 'm' });
    }
  });
});
