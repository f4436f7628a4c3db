/**
 * Export benchmark (issue 18): a 1,000-turn recording on disk, exported to each format
 * in-process (the first run cold, then the median of the rest), the real CLI timed end to
 * end (process start included), and the HTML replay opened in headless Chromium: from
 * navigation to the page's first drawn replay (its script has built every pane). Targets:
 * html < 2 s, cast < 10 s, the page open < 1 s.
 *
 *   npm run bench -- export [--turns 1000] [--runs 3]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { exportRecording } from '../src/share/export.ts';
import { EXPORT_FORMATS, type ExportFormat } from '../src/share/formats.ts';
import { syntheticEvents } from '../src/store/synthetic.ts';
import { writeRecordingFile } from './recording-file.ts';

const { values } = parseArgs({ options: { turns: { type: 'string', default: '1000' }, runs: { type: 'string', default: '3' } } });
const turns = Number(values.turns);
const runs = Math.max(2, Number(values.runs));

const events = syntheticEvents({ turns });
const { dir, file } = writeRecordingFile(events);

const ms = (n: number) => +n.toFixed(0);
const inProcess: Record<string, { cold_ms: number; warm_median_ms: number; bytes: number }> = {};
for (const format of EXPORT_FORMATS) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    bytes = Buffer.byteLength(exportRecording(file, { format }));
    times.push(performance.now() - t0);
  }
  const warm = times.slice(1).sort((a, b) => a - b);
  inProcess[format] = { cold_ms: ms(times[0]!), warm_median_ms: ms(warm[Math.floor(warm.length / 2)]!), bytes };
}

// The CLI as users run it: a fresh process per export, writing the file.
const cli: Partial<Record<ExportFormat, number>> = {};
const bin = path.resolve('bin/intentplay.js');
for (const format of ['html', 'cast'] as const) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [bin, 'export', file, '--format', format, '--out', path.join(dir, `long.${format}`)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  cli[format] = ms(performance.now() - t0);
}

// The HTML replay in Debian's Chromium, when installed.
let browser: { open_ms: number[]; cold_open_ms: number } | { skipped: string };
const CHROMIUM = '/usr/bin/chromium';
if (existsSync(CHROMIUM)) {
  const { chromium } = await import('playwright-core');
  const b = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const open: number[] = [];
  for (let i = 0; i < runs; i++) {
    const page = await b.newPage({ viewport: { width: 1400, height: 860 } });
    const t0 = performance.now();
    await page.goto(pathToFileURL(path.join(dir, 'long.html')).href);
    await page.waitForSelector('body[data-ready="true"]');
    // The replay is drawn: wait for the frame after the script built it.
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => r(null)))');
    open.push(ms(performance.now() - t0));
    await page.close();
  }
  await b.close();
  browser = { cold_open_ms: open[0]!, open_ms: open };
} else browser = { skipped: `${CHROMIUM} is not installed` };

console.log(JSON.stringify({ turns, events: events.length, recording_bytes: statSync(file).size, in_process: inProcess, cli_process_ms: cli, html_in_chromium: browser, node_env: process.env.NODE_ENV ?? 'development' }, null, 2));
rmSync(dir, { recursive: true, force: true });
