/**
 * Batch benchmark: `intentplay run` of the bundled library, offline, with the openai agent
 * talking to the loopback OpenAI-compatible test server (200 ms simulated latency per
 * answer) and the rules user and judge, at --concurrency 1 and 8. Reports wall time and
 * speed-up; sessions wait on the model, so the speed-up should be near-linear.
 *
 *   npx tsx bench/batch.ts [--repeat 3] [--latency 200] [--concurrency 1,8]
 */
import '../src/paradigms/index.ts'; // installs the paradigms, as the command line's entry does
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../src/cli/main.ts';
import { BUNDLED_LIBRARY } from '../src/session/plan.ts';
import { startOpenAIServer } from '../test/helpers/openai-server.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const repeat = Number(arg('repeat', '3'));
const latencyMs = Number(arg('latency', '200'));
const levels = arg('concurrency', '1,8').split(',').map(Number);

/** Runs the CLI in this process; its stdout (the --json object) is captured, its progress lines dropped. */
async function runCli(args: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const write = {
    out: process.stdout.write.bind(process.stdout),
    err: process.stderr.write.bind(process.stderr),
  };
  process.stdout.write = ((chunk: string | Uint8Array) => (
    (stdout += String(chunk)),
    true
  )) as typeof process.stdout.write;
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    return { code: await main(args), stdout };
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
  }
}

async function benchmark(): Promise<void> {
  const server = await startOpenAIServer({ latencyMs });
  // A reply that resolves nothing and asks nothing: every intent is revealed turn by turn,
  // so each session takes one model call per intent plus its final answer.
  server.respond(() => ({
    content: 'Here is a first draft based on what you told me so far.',
    stream: { chunkChars: 64 },
  }));
  const root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bench-batch-'));
  const rows: {
    concurrency: number;
    wallMs: number;
    boundMs: number;
    units: number;
    sessions: number;
    requests: number;
    summary: string;
  }[] = [];
  try {
    for (const concurrency of levels) {
      const out = path.join(root, `c${concurrency}`);
      const before = server.requests.length;
      const t0 = performance.now();
      const r = await runCli([
        'run',
        BUNDLED_LIBRARY,
        '--repeat',
        String(repeat),
        '--concurrency',
        String(concurrency),
        '--out',
        out,
        '--json',
        '--no-progress',
        '--agent',
        'openai',
        '--agent-model',
        'bench',
        '--base-url',
        server.url,
        '--user',
        'rules',
        '--judge',
        'rules',
      ]);
      const wallMs = performance.now() - t0;
      if (r.code !== 0) throw new Error(`run --concurrency ${concurrency} exited ${r.code}`);
      const json = JSON.parse(r.stdout) as {
        runs: { group: string; repeat: number; turns: number }[];
      };
      // Each agent turn is one model call here; a group's sessions run in order, so the
      // longest group bounds the wall time however many run at once.
      const unitTurns = new Map<string, number>();
      for (const run of json.runs)
        unitTurns.set(
          `${run.group}|${run.repeat}`,
          (unitTurns.get(`${run.group}|${run.repeat}`) ?? 0) + run.turns,
        );
      const total = [...unitTurns.values()].reduce((a, b) => a + b, 0);
      const boundMs = Math.max(
        (total * latencyMs) / concurrency,
        Math.max(...unitTurns.values()) * latencyMs,
      );
      rows.push({
        concurrency,
        wallMs,
        boundMs,
        units: unitTurns.size,
        sessions: json.runs.length,
        requests: server.requests.length - before,
        summary: readFileSync(path.join(out, 'summary.json'), 'utf8'),
      });
    }
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
  const base = rows[0]!;
  console.log(
    `bundled library × ${repeat} repeat(s): ${base.units} run groups, ${base.sessions} sessions, ${base.requests} model calls at ${latencyMs} ms each; ` +
      `${os.cpus().length} CPU(s), load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    '| concurrency | wall time | speed-up | bound (model wait) | best possible speed-up |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows)
    console.log(
      `| ${r.concurrency} | ${(r.wallMs / 1000).toFixed(1)} s | ${(base.wallMs / r.wallMs).toFixed(2)}× | ${(r.boundMs / 1000).toFixed(1)} s | ${(base.boundMs / r.boundMs).toFixed(2)}× |`,
    );
  // Concurrency must not change a single score.
  if (rows.some((r) => r.summary !== base.summary))
    throw new Error('the summaries differ between concurrency levels');
  console.log('summaries identical across concurrency levels');
}

await benchmark();
