/**
 * Start-up benchmark: how long the real binary takes, from the process starting to
 *   - `intentplay --help` having printed and exited;
 *   - the home screen's first frame in a terminal (util-linux `script` gives it a
 *     pseudo-terminal; the frame counts when the library list appears), at 160x40.
 * Each is run `--runs` times (default 5) in a fresh process; min, median and max.
 *
 *   npm run bench -- startup [--runs 5]
 *
 * It runs bin/intentplay.js, which uses dist/ when it is fresher than src/: run `npm run build`
 * first to time what `npm ci` installs.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const bin = path.resolve('bin/intentplay.js');

function help(): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
  if (r.status !== 0 || !r.stdout.includes('Usage')) throw new Error(`--help failed: ${r.stderr}`);
  return performance.now() - t0;
}

function homeFirstFrame(): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const command = `stty cols 160 rows 40; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(bin)}`;
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], { env: { ...process.env, TERM: 'xterm-256color' } });
    let seen = '';
    let done = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no home screen within 30 s; the terminal showed:\n${seen.slice(-2000)}`));
    }, 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (!done && seen.includes('Library')) {
        done = true;
        const ms = performance.now() - t0;
        clearTimeout(timer);
        child.stdin.write('q');
        child.once('exit', () => resolve(ms));
        setTimeout(() => child.kill('SIGKILL'), 2000).unref();
      }
    });
  });
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min_ms: Math.round(s[0]!), median_ms: Math.round(s[Math.floor(s.length / 2)]!), max_ms: Math.round(s.at(-1)!) };
};

const helpTimes: number[] = [];
const homeTimes: number[] = [];
for (let i = 0; i < runs; i++) {
  helpTimes.push(help());
  homeTimes.push(await homeFirstFrame());
}
console.log(JSON.stringify({ runs, help: stats(helpTimes), home_first_frame: stats(homeTimes), node: process.version }, null, 2));
