/**
 * Keystroke-to-echo as a person sees it: `serve --study` (the real binary) with N participants
 * (default 3), each in a real Chromium page (Debian's, through playwright-core), typing into the
 * message box of their first session. An echo is timed inside the page, from the key's keydown
 * to the page's terminal holding the draft with that key (the screen the person sees, parsed;
 * the paint follows within a frame), so the browser's work is in it as well as the server's.
 *
 *   npm run bench -- serve-page [--pages 3] [--keys 30] [--key-ms 150] [--root CHECKOUT]
 *
 * --root runs another checkout's binary (built), to compare two builds in the same minutes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '3' },
    keys: { type: 'string', default: '30' },
    'key-ms': { type: 'string', default: '150' },
    root: { type: 'string', default: '.' },
  },
});
const PAGES = Number(values.pages);
const KEYS = Number(values.keys);
const KEY_MS = Number(values['key-ms']);
const bin = path.join(path.resolve(values.root), 'bin/intentplay.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number) => Math.round(n * 10) / 10;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const STUDY = `title: Serve page benchmark
consent: { version: v1, text: A benchmark. }
instructions: Type.
conditions:
  proactive: { agent: "script:proactive" }
scenarios: [researcher/tool-use-reading]
design: { type: between, seed: 1 }
`;

async function see(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (t) =>
      (globalThis as unknown as { intentplayScreen(): string[] })
        .intentplayScreen()
        .join('\n')
        .includes(t),
    text,
    { timeout: 60_000, polling: 50 },
  );
}

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log(JSON.stringify({ skipped: `no ${CHROMIUM} (apt-get install chromium)` }));
  process.exit(0);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bench-page-'));
writeFileSync(path.join(dir, 'study.yaml'), STUDY);
const invited = spawnSync(
  process.execPath,
  [bin, 'study', 'invite', 'study.yaml', '--count', String(PAGES)],
  { cwd: dir, encoding: 'utf8' },
);
const tokens = invited.stdout
  .trim()
  .split('\n')
  .map((l) => l.split(/\s+/)[1]!);
const server = spawn(process.execPath, [bin, 'serve', '--study', 'study.yaml', '--port', '0'], {
  cwd: dir,
  stdio: ['ignore', 'ignore', 'pipe'],
});
let err = '';
server.stderr.on('data', (d: Buffer) => (err += d.toString()));
while (!/P01 {2}(http:\/\/[^/]+)\//.test(err)) await sleep(50);
const origin = /P01 {2}(http:\/\/[^/]+)\//.exec(err)![1]!;

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const echoes: number[] = [];
const load0 = os.loadavg();
try {
  const pages = await Promise.all(
    tokens.map(async (token) => {
      const page = await browser.newPage({ viewport: { width: 1100, height: 720 } });
      // The time of the last key, on the page's clock.
      await page.addInitScript(() =>
        (globalThis as unknown as Pick<EventTarget, 'addEventListener'>).addEventListener(
          'keydown',
          () => ((globalThis as unknown as { lastKey: number }).lastKey = performance.now()),
          true,
        ),
      );
      await page.goto(`${origin}/t/${token}/`);
      await see(page, 'Do you agree');
      await page.keyboard.press('y');
      await see(page, 'Instructions');
      await page.keyboard.press('Enter');
      await see(page, 'about to start');
      await page.keyboard.press('Enter');
      await see(page, 'enter begins');
      await page.keyboard.press('Enter');
      await see(page, 'your turn');
      return page;
    }),
  );
  await Promise.all(
    pages.map(async (page, i) => {
      await sleep((i * KEY_MS) / pages.length);
      let draft = '';
      for (let k = 0; k < KEYS; k++) {
        const key = String.fromCharCode(97 + (k % 26));
        draft += key;
        await page.keyboard.press(key);
        const took = await page.evaluate(async (shown) => {
          const page = globalThis as unknown as { intentplayScreen(): string[]; lastKey: number };
          const read = () => page.intentplayScreen().join('\n');
          const until = performance.now() + 5000;
          while (!read().includes(shown) && performance.now() < until)
            await new Promise((r) => setTimeout(r, 0));
          return read().includes(shown) ? performance.now() - page.lastKey : -1;
        }, draft.slice(-8));
        if (took >= 0) echoes.push(took);
        await sleep(Math.max(0, KEY_MS - Math.max(0, took)));
      }
    }),
  );
} finally {
  await browser.close();
  server.kill('SIGINT');
}
const sorted = echoes.sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      load_before: load0.map(round),
      load_after: os.loadavg().map(round),
      pages: PAGES,
      keys: sorted.length,
      keys_without_echo: PAGES * KEYS - sorted.length,
      echo_in_page_ms: {
        p50: round(pct(sorted, 50)),
        p95: round(pct(sorted, 95)),
        max: round(sorted.at(-1)!),
      },
    },
    null,
    2,
  ),
);
