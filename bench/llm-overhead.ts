/**
 * Model-backed harness overhead per agent turn. The fixture episode (tester: 2 sessions,
 * 3 agent turns, 11 model calls) runs with agent, user and judge all `openai` against the
 * local test server answering at once, through runGroup with recordings on disk. The server
 * runs in a child process, so the model's time is not counted in this process's CPU:
 *   - CPU per agent turn: engine, judge and user plumbing, prompts, parsing, SDK, HTTP client;
 *   - the same episode offline (script agent, rules user and judge), for the engine alone;
 *   - wall per agent turn with the model answering at once (includes loopback HTTP);
 *   - wall per agent turn minus the time inside fetch (request sent → body read): the
 *     harness overhead with the model's time, transport included, taken out.
 *
 *   npx tsx bench/llm-overhead.ts [--repeats 200] [--warmup 10]
 */
import '../src/paradigms/index.ts'; // installs the paradigms, as the command line's entry does
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig, type ResolvedConfig } from '../src/config/config.ts';
import type { Role } from '../src/contracts/events.ts';
import { startOpenAIServer } from '../test/helpers/openai-server.ts';
import { fixtureModels } from '../test/llm/fixture-models.ts';
import { runWith, serverConfig } from '../test/llm/support.ts';

const repeats = Number(process.argv[process.argv.indexOf('--repeats') + 1]) || 200;
/** Episodes run first and not counted (the test suite's short run needs none). */
const warmupAt = process.argv.indexOf('--warmup');
const WARMUP = warmupAt < 0 ? 10 : Number(process.argv[warmupAt + 1]);

/** The server side: a child process that prints its URL and answers until killed. */
async function serve(): Promise<void> {
  const server = await startOpenAIServer({ responder: fixtureModels, latencyMs: 0 });
  process.stdout.write(`${server.url}\n`);
}

async function startServerProcess(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').once('data', (line: string) => resolve(line.trim()));
    child.once('exit', (code) => reject(new Error(`the server process exited (${code})`)));
  });
  return { url, stop: () => child.kill() };
}

interface Measure {
  turns: number;
  cpuMsPerTurn: number;
  wallMsPerTurn: number;
  /** Median over episodes of (wall − time inside fetch) per agent turn. */
  outsideFetchMsPerTurn: number;
}

// Time inside the transport, from the request to the last byte of the body being read. The
// SDK picks up globalThis.fetch when a client is made, i.e. at each session start.
let fetchMs = 0;
const realFetch = globalThis.fetch;
const timedFetch: typeof fetch = async (input, init) => {
  const t0 = performance.now();
  const res = await realFetch(input, init);
  if (!res.body) {
    fetchMs += performance.now() - t0;
    return res;
  }
  const body = res.body.pipeThrough(
    new TransformStream({ flush: () => void (fetchMs += performance.now() - t0) }),
  );
  return new Response(body, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
};

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

async function measure(
  backends: Partial<Record<Role, string>>,
  makeConfig: () => ResolvedConfig,
): Promise<Measure> {
  const recordings = mkdtempSync(path.join(os.tmpdir(), 'intentplay-llm-bench-'));
  let config = makeConfig();
  const once = async () => {
    const run = await runWith(
      path.resolve('test/fixtures/lib/scenarios/tester/episode.yaml'),
      backends,
      config,
      {
        recordingsDir: recordings,
      },
    );
    if (run.results.some((r) => r.end !== 'resolved'))
      throw new Error(
        `a session did not resolve: ${JSON.stringify(run.results.map((r) => [r.end, r.message]))}`,
      );
    return run.of('turn_start').length;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  let turns = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < repeats; i++) turns += await once();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  // A second pass with the transport timed (the timing wrapper costs CPU of its own); a new
  // config gets new SDK clients, which pick up the wrapper.
  globalThis.fetch = timedFetch;
  config = makeConfig();
  const outside: number[] = [];
  for (let i = 0; i < repeats; i++) {
    fetchMs = 0;
    const start = performance.now();
    const n = await once();
    outside.push((performance.now() - start - fetchMs) / n);
  }
  globalThis.fetch = realFetch;
  rmSync(recordings, { recursive: true, force: true });
  return {
    turns,
    cpuMsPerTurn: (cpu.user + cpu.system) / 1000 / turns,
    wallMsPerTurn: wall / turns,
    outsideFetchMsPerTurn: median(outside),
  };
}

async function main(): Promise<void> {
  const server = await startServerProcess();
  try {
    const models = await measure({ agent: 'openai', user: 'openai', judge: 'openai' }, () =>
      serverConfig(server),
    );
    const offline = await measure({ agent: 'script' }, () => resolveConfig({}, {}));
    const fmt = (v: number) => v.toFixed(2).padStart(6);
    console.log(
      `episodes: ${repeats} per setup (after ${WARMUP} warm-up); node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `all roles openai (${models.turns} agent turns): CPU ${fmt(models.cpuMsPerTurn)} ms/turn, wall ${fmt(models.wallMsPerTurn)} ms/turn`,
    );
    console.log(
      `  harness overhead, model and transport excluded (wall − time in fetch, median): ${fmt(models.outsideFetchMsPerTurn)} ms/turn`,
    );
    console.log(
      `offline baseline (${offline.turns} agent turns): CPU ${fmt(offline.cpuMsPerTurn)} ms/turn, wall ${fmt(offline.wallMsPerTurn)} ms/turn`,
    );
  } finally {
    server.stop();
  }
}

await (process.argv.includes('--serve') ? serve() : main());
