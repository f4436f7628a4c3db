/**
 * `serve` under load, driven by real WebSocket clients against the real binary (another process,
 * as browsers would be):
 *   - participants: `serve --study` with N participants (default 20) at once, each taken through
 *     consent to their first session, then typing keys into the message box (a key every
 *     `--key-ms`, default 150 ms): keystroke-to-echo is the time from a key sent to the next
 *     frame received (the box redrawn with it); p50/p95/max over every key. The server's RSS
 *     before anyone connects and with everyone in a session gives the memory per participant.
 *   - viewers: `watch --serve` of an episode at `--delay` ms a turn, with no viewer and with V
 *     viewers (default 100) connected from the start: the session's duration (start to
 *     "the session has ended") with and without them, the frames each viewer got, and RSS.
 *
 *   npm run bench -- serve [--participants 20] [--keys 40] [--key-ms 150] [--viewers 100] [--delay 150] [--runs 2]
 *                          [--only participants|viewers] [--profile DIR] [--root CHECKOUT]
 *
 * --root runs another checkout's binary (built), to compare two builds in the same minutes.
 *
 * Runs bin/intentplay.js (dist/ when fresher than src/: run `npm run build` first).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';

const { values } = parseArgs({
  options: {
    participants: { type: 'string', default: '20' },
    keys: { type: 'string', default: '40' },
    'key-ms': { type: 'string', default: '150' },
    viewers: { type: 'string', default: '100' },
    delay: { type: 'string', default: '150' },
    runs: { type: 'string', default: '2' },
    only: { type: 'string' },
    profile: { type: 'string' },
    root: { type: 'string', default: '.' },
  },
});
const PARTICIPANTS = Number(values.participants);
const KEYS = Number(values.keys);
const KEY_MS = Number(values['key-ms']);
const VIEWERS = Number(values.viewers);
const DELAY = Number(values.delay);
const RUNS = Number(values.runs);
/** 'participants' or 'viewers': run one half only. */
const ONLY = values.only;
/** A folder: the server writes a V8 CPU profile there (node --cpu-prof) for the participants' run. */
const PROFILE = values.profile ? path.resolve(values.profile) : undefined;
const ROOT = path.resolve(values.root);
const bin = path.join(ROOT, 'bin/intentplay.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function start(
  args: string[],
  cwd: string,
  nodeArgs: string[] = [],
): {
  child: ChildProcess;
  stderr: () => string;
  waitFor: (re: RegExp, ms?: number) => Promise<RegExpMatchArray>;
} {
  const child = spawn(process.execPath, [...nodeArgs, bin, ...args], {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return {
    child,
    stderr: () => err,
    async waitFor(re, ms = 60_000) {
      const t0 = Date.now();
      for (;;) {
        const m = err.match(re);
        if (m) return m;
        if (Date.now() - t0 > ms) throw new Error(`no ${re} after ${ms} ms:\n${err}`);
        await sleep(20);
      }
    },
  };
}

/** CPU time (user + system) the process has used so far, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 1/100 s ticks
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** A browser's socket: what it has been sent since the last look, and a wait for some text. */
class Client {
  readonly ws: WebSocket;
  screen = '';
  frames = 0;
  bytes = 0;
  private onFrame: ((text: string) => void) | undefined;
  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (m) => {
      const text = String(m);
      if (text[0] !== 'o') return;
      this.frames++;
      this.bytes += text.length - 1;
      this.screen = (this.screen + text.slice(1)).slice(-200_000);
      this.onFrame?.(text.slice(1));
    });
  }
  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }
  async see(text: string, ms = 60_000): Promise<void> {
    const t0 = Date.now();
    while (!this.screen.includes(text)) {
      if (Date.now() - t0 > ms) throw new Error(`never saw ${text}`);
      await sleep(20);
    }
    this.screen = '';
  }
  key(data: string): void {
    this.ws.send(JSON.stringify({ type: 'in', data }));
  }
  /**
   * Sends a key and resolves with the ms until a frame shows `shown` (the draft as it now is,
   * so an unrelated frame does not count); undefined: not within 5 s, the key counted lost.
   */
  echo(data: string, shown: string): Promise<number | undefined> {
    return new Promise((resolve) => {
      const t0 = performance.now();
      let seen = '';
      const timer = setTimeout(() => {
        this.onFrame = undefined;
        resolve(undefined);
      }, 5000);
      this.onFrame = (frame) => {
        seen = (seen + frame).slice(-100_000);
        if (!seen.includes(shown)) return;
        clearTimeout(timer);
        this.onFrame = undefined;
        resolve(performance.now() - t0);
      };
      this.key(data);
    });
  }
}

/** The study the participants take (the bundled library, offline): consent, instructions, then straight into a session. */
const STUDY = `title: Serve benchmark
consent: { version: v1, text: A benchmark. }
instructions: Type.
conditions:
  proactive: { agent: "script:proactive" }
  reactive: { agent: "script:reactive" }
scenarios: [researcher/tool-use-reading, researcher/think-with-image]
design: { type: within, seed: 1 }
`;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number) => Math.round(n * 10) / 10;

async function participants(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bench-serve-'));
  writeFileSync(path.join(dir, 'study.yaml'), STUDY);
  const invited = spawnSync(
    process.execPath,
    [bin, 'study', 'invite', 'study.yaml', '--count', String(PARTICIPANTS)],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  const tokens = invited.stdout
    .trim()
    .split('\n')
    .map((l) => l.split(/\s+/)[1]!);
  const nodeArgs = PROFILE ? ['--cpu-prof', '--cpu-prof-dir', PROFILE] : [];
  const server = start(['serve', '--study', 'study.yaml', '--port', '0'], dir, nodeArgs);
  const origin = (await server.waitFor(/P01 {2}(http:\/\/[^/]+)\//))[1]!.replace('http', 'ws');
  await sleep(500);
  const rssIdle = rssMb(server.child.pid!);
  const clients = tokens.map((t) => new Client(`${origin}/t/${t}/ws?cols=120&rows=36`));
  await Promise.all(clients.map((c) => c.opened()));
  // Each to their first session's message box, all at once.
  await Promise.all(
    clients.map(async (c) => {
      await c.see('Do you agree');
      c.key('y');
      await c.see('Instructions');
      c.key('\r');
      await c.see('about to start');
      c.key('\r');
      await c.see('enter begins');
      c.key('\r');
      await c.see('your turn');
    }),
  );
  await sleep(500);
  const rssSessions = rssMb(server.child.pid!);
  const echoes: number[] = [];
  let lost = 0;
  const t0 = performance.now();
  const cpu0 = cpuMs(server.child.pid!);
  // This process is starved too on a loaded machine: its own event loop's delays are in every echo.
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const bytes0 = clients.reduce((n, c) => n + c.bytes, 0);
  const frames0 = clients.reduce((n, c) => n + c.frames, 0);
  await Promise.all(
    clients.map(async (c, i) => {
      await sleep((i * KEY_MS) / clients.length); // spread the typists over one key's interval
      let draft = '';
      for (let k = 0; k < KEYS; k++) {
        const key = String.fromCharCode(97 + (k % 26));
        draft += key;
        // The box shows the end of a long draft: the last few keys typed identify this echo.
        const took = await c.echo(key, draft.slice(-8));
        if (took === undefined) lost++;
        else echoes.push(took);
        await sleep(Math.max(0, KEY_MS - (took ?? KEY_MS)));
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuMs(server.child.pid!) - cpu0;
  lag.disable();
  const bytes = clients.reduce((n, c) => n + c.bytes, 0) - bytes0;
  const frames = clients.reduce((n, c) => n + c.frames, 0) - frames0;
  for (const c of clients) c.ws.close();
  server.child.kill('SIGINT');
  await new Promise((r) => server.child.once('exit', r));
  const sorted = echoes.sort((a, b) => a - b);
  return {
    participants: PARTICIPANTS,
    keys: echoes.length,
    keys_without_echo: lost,
    keys_per_second: round(echoes.length / seconds),
    echo_ms: {
      p50: round(pct(sorted, 50)),
      p95: round(pct(sorted, 95)),
      max: round(sorted.at(-1)!),
    },
    bench_loop_delay_ms: {
      p50: round(lag.percentile(50) / 1e6),
      p95: round(lag.percentile(95) / 1e6),
      max: round(lag.max / 1e6),
    },
    server_cpu_ms_per_key: round(cpu / (echoes.length + lost)),
    server_cpu_share: round(cpu / 1000 / seconds),
    bytes_sent_per_key: Math.round(bytes / (echoes.length + lost)),
    messages_sent_per_key: round(frames / (echoes.length + lost)),
    rss_mb: { idle: round(rssIdle), all_in_session: round(rssSessions) },
    mb_per_participant: round((rssSessions - rssIdle) / PARTICIPANTS),
  };
}

async function watchOnce(viewers: number): Promise<Record<string, number>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bench-watch-'));
  const args = [
    'watch',
    'scenarios/marketer/episode.yaml',
    '--serve',
    '--port',
    '0',
    '--delay',
    String(DELAY),
    '--agent',
    'script:proactive',
    '--recordings',
    dir,
  ];
  const server = start(args, ROOT);
  const link = (await server.waitFor(/read-only\): (\S+)/))[1]!;
  const t0 = performance.now();
  const clients = Array.from(
    { length: viewers },
    () => new Client(link.replace('http', 'ws') + 'ws'),
  );
  await Promise.all(clients.map((c) => c.opened()));
  await server.waitFor(/the session has ended/, 300_000);
  const duration = (performance.now() - t0) / 1000;
  const rss = rssMb(server.child.pid!);
  const frames = clients.map((c) => c.frames).sort((a, b) => a - b);
  for (const c of clients) c.ws.close();
  server.child.kill('SIGINT');
  await new Promise((r) => server.child.once('exit', r));
  return {
    viewers,
    session_seconds: round(duration),
    rss_mb: round(rss),
    ...(viewers
      ? { frames_per_viewer_min: frames[0]!, frames_per_viewer_max: frames.at(-1)! }
      : {}),
  };
}

const load = () => os.loadavg().map((n) => round(n));
const result: Record<string, unknown> = { load_before: load() };
if (ONLY !== 'viewers') {
  result.participants = await participants();
  result.load_after_participants = load();
}
if (ONLY !== 'participants') {
  const watches: Record<string, number>[] = [];
  // Alternately without and with the audience, so a change in the machine's load touches both alike.
  for (let r = 0; r < RUNS; r++) watches.push(await watchOnce(0), await watchOnce(VIEWERS));
  result.watch = watches;
}
result.load_after = load();
console.log(JSON.stringify(result, null, 2));
