/**
 * Film benchmark (issue 30): how large a long session's cast and animated SVG are, and how
 * long the SVG takes to open in Chromium. A synthetic recording (each turn a user message, two
 * tool calls, a 60-word reply and a file diff) is exported through `intentplay export` as users
 * run it (a fresh process each, start-up included): a cast of `--cast-turns` turns (default
 * 1,000) and an SVG of `--svg-turns` turns (default 150). The SVG is then opened from file://
 * in Debian's Chromium, headless, `--runs` times, each in a new page: the time to the load
 * event, and to the second animation frame after it (the first frame painted), after one blank
 * page has warmed the browser up. `--also FILE` opens another SVG the same way (one made by an
 * older build, to compare). Targets: the cast ≤ 5 MB, the SVG ≤ 1 MB and open in < 2 s.
 *
 *   npm run bench -- film [--cast-turns 1000] [--svg-turns 150] [--runs 3] [--also OLD.svg]
 */
import '../src/paradigms/index.ts'; // installs the paradigms, as the command line's entry does
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { syntheticEvents } from '../src/store/synthetic.ts';
import { writeRecordingFile } from './recording-file.ts';

const { values } = parseArgs({
  options: {
    'cast-turns': { type: 'string', default: '1000' },
    'svg-turns': { type: 'string', default: '150' },
    runs: { type: 'string', default: '3' },
    also: { type: 'string' },
  },
});
const runs = Math.max(1, Number(values.runs));
const ms = (n: number) => Math.round(n);

/** `intentplay export` of a fresh synthetic recording: the file's size and the process's wall time. */
function exportFilm(turns: number, format: 'cast' | 'svg') {
  const { dir, file } = writeRecordingFile(syntheticEvents({ turns }));
  const out = path.join(dir, `long.${format}`);
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [path.resolve('bin/intentplay.js'), 'export', file, '--format', format, '--out', out],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return { dir, out, turns, bytes: statSync(out).size, export_ms: ms(performance.now() - t0) };
}

const load = () => loadavg().map((n) => n.toFixed(1));
const loadBefore = load();
const cast = exportFilm(Number(values['cast-turns']), 'cast');
const markers = readFileSync(cast.out, 'utf8')
  .split('\n')
  .filter((l) => l.includes(',"m",')).length;
const svg = exportFilm(Number(values['svg-turns']), 'svg');

type Opens = { bytes: number; load_ms: number[]; painted_ms: number[] };
let chromium: Record<string, Opens> | { skipped: string };
const CHROMIUM = '/usr/bin/chromium';
if (existsSync(CHROMIUM)) {
  const { chromium: launcher } = await import('playwright-core');
  const browser = await launcher.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const warm = await browser.newPage();
  await warm.goto('about:blank');
  await warm.close();
  const opens = async (file: string): Promise<Opens> => {
    const loaded: number[] = [];
    const painted: number[] = [];
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage({ viewport: { width: 1100, height: 700 } });
      const t0 = performance.now();
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load', timeout: 180_000 });
      loaded.push(ms(performance.now() - t0));
      await page.evaluate(
        'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))',
      );
      painted.push(ms(performance.now() - t0));
      await page.close();
    }
    return { bytes: statSync(file).size, load_ms: loaded, painted_ms: painted };
  };
  chromium = { svg: await opens(svg.out) };
  if (values.also) chromium.also = await opens(path.resolve(values.also));
  await browser.close();
} else chromium = { skipped: `${CHROMIUM} is not installed` };

console.log(
  JSON.stringify(
    {
      cast: { turns: cast.turns, bytes: cast.bytes, markers, export_ms: cast.export_ms },
      svg: { turns: svg.turns, bytes: svg.bytes, export_ms: svg.export_ms },
      svg_in_chromium: chromium,
      load_average: { before: loadBefore, after: load() },
    },
    null,
    2,
  ),
);
for (const f of [cast, svg]) rmSync(f.dir, { recursive: true, force: true });
