/**
 * Start-up benchmark: how long the real binary takes, from the process starting to
 *   - `node -e 0` having exited (bare Node: the floor every figure is divided by);
 *   - `intentplay --help` having printed and exited;
 *   - the home screen in a terminal (util-linux `script` gives it a pseudo-terminal), at
 *     160x40: its first frame (the Library pane drawn) and the list filled in (the bundled
 *     library's personas listed); warm (the library's view is in the cache: both at once) and
 *     cold (an empty cache folder each run: the screen shows, then the list fills in).
 * Each is run `--runs` times (default 7), interleaved, in fresh processes; min, median and
 * max, and each median as a multiple of bare Node's, which is the figure that holds under load.
 *
 *   npm run bench -- startup [--runs 7]
 *
 * It runs bin/intentplay.js, which uses dist/ when it is fresher than src/: run `npm run build`
 * first to time what `npm ci` installs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Number(values.runs);
const bin = path.resolve('bin/intentplay.js');
const warmCache = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bench-cache-'));

function timed(args: string[], check: (stdout: string) => boolean): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (r.status !== 0 || !check(r.stdout)) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  return performance.now() - t0;
}

/** Milliseconds to the home screen's first frame, and to its list filled in. */
function homeFirstFrame(cacheDir: string): Promise<{ frame: number; filled: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const command = `stty cols 160 rows 40; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(bin)}`;
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
      env: { ...process.env, TERM: 'xterm-256color', INTENTPLAY_CACHE_DIR: cacheDir },
    });
    let seen = '';
    let frame: number | undefined;
    let done = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no home screen within 30 s; the terminal showed:\n${seen.slice(-2000)}`));
    }, 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (frame === undefined && seen.includes('Library')) frame = performance.now() - t0;
      if (!done && frame !== undefined && seen.includes('financier')) {
        done = true;
        const filled = performance.now() - t0;
        clearTimeout(timer);
        child.stdin.write('q');
        child.once('exit', () => resolve({ frame: frame!, filled }));
        setTimeout(() => child.kill('SIGKILL'), 2000).unref();
      }
    });
  });
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    min_ms: Math.round(s[0]!),
    median_ms: Math.round(s[Math.floor(s.length / 2)]!),
    max_ms: Math.round(s.at(-1)!),
  };
};

const times = {
  node: [] as number[],
  help: [] as number[],
  homeWarm: [] as number[],
  homeCold: [] as number[],
  homeColdFilled: [] as number[],
};
await homeFirstFrame(warmCache); // fills the cache the warm runs read
for (let i = 0; i < runs; i++) {
  times.node.push(timed(['-e', '0'], () => true));
  times.help.push(timed([bin, '--help'], (out) => out.includes('Usage')));
  times.homeWarm.push((await homeFirstFrame(warmCache)).filled);
  const cold = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bench-cold-'));
  const coldRun = await homeFirstFrame(cold);
  times.homeCold.push(coldRun.frame);
  times.homeColdFilled.push(coldRun.filled);
  rmSync(cold, { recursive: true, force: true });
}
rmSync(warmCache, { recursive: true, force: true });

const node = stats(times.node);
const withRatio = (xs: number[]) => {
  const s = stats(xs);
  return { ...s, x_node: Number((s.median_ms / node.median_ms).toFixed(2)) };
};
console.log(
  JSON.stringify(
    {
      runs,
      node_e_0: node,
      help: withRatio(times.help),
      home_first_frame: withRatio(times.homeWarm),
      home_cold_cache_first_frame: withRatio(times.homeCold),
      home_cold_cache_list_filled: withRatio(times.homeColdFilled),
      node: process.version,
    },
    null,
    2,
  ),
);
