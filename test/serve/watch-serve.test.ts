/**
 * `watch --serve` in real Chromium: the audience sees the live session read-only from its
 * current turn, a viewer's keys change nothing, a late viewer gets the screen as it is, and a
 * wrong or missing token gets nothing (page, asset or socket).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium, watchPage } from '../helpers/browser.ts';
import { screenText, serve, waitForScreen, servedArgs, type Served } from './served.ts';

if (!haveChromium)
  console.warn(
    `skipping the served watch test: ${CHROMIUM} is not installed (apt-get install chromium)`,
  );

// A loaded machine: the binary took over 20 s to print its links and a test over 30 s (load 30).
describe.skipIf(!haveChromium)('watch --serve in a browser', { timeout: 90_000 }, () => {
  let browser: Browser;
  let served: Served;
  let link: string;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'serve-watch-'));

  beforeAll(async () => {
    served = serve(servedArgs('watch', '--delay', '500'), dir);
    [browser, [, link]] = await Promise.all([
      chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
      served.waitFor(/audience's link \(read-only\): (\S+)/) as Promise<
        RegExpMatchArray & [string, string]
      >,
    ]);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it("shows the session live; a viewer's keys change nothing; a late viewer sees the screen as it is", async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
    const seen = watchPage(page);
    await page.goto(link);
    expect(await page.textContent('h1')).toBe('Watching: A/B headlines for the FeedMe 2 relaunch');
    await page.waitForSelector('#status.connected');
    expect(await page.textContent('#role')).toContain('read-only');
    await waitForScreen(page, 'marketer/ab-headlines');
    // Keys that would pause, take over and quit a watch on the operator's terminal.
    await page.click('#terminal');
    await page.keyboard.type(' tq');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#message:not([hidden])');
    expect(await page.textContent('#message')).toContain('only watches');
    // Keys sent over a viewer's socket by hand (not through the page) are refused by the server too.
    const socket = new WebSocket(link.replace('http', 'ws') + 'ws');
    const said: string[] = [];
    socket.on('message', (m) => said.push(String(m)));
    await new Promise((resolve) => socket.once('open', resolve));
    for (const data of [' ', 't', 'q', '\r']) socket.send(JSON.stringify({ type: 'in', data }));
    await expect
      .poll(() => said.some((m) => m.startsWith('c') && m.includes('only watches')))
      .toBe(true);
    socket.close();
    // A pause would hold the session forever: it runs to its end instead, still watched.
    await served.waitFor(/the session has ended/);
    const final = await waitForScreen(page, 'resolved');
    expect(final).toContain('WATCH');
    expect(final).not.toContain('PLAY');
    // A viewer who joins now gets the same screen at once.
    const late = await browser.newPage({ viewport: { width: 900, height: 600 } });
    await late.goto(link);
    expect(await waitForScreen(late, 'resolved')).toContain('turn 2/10');
    // Everything the pages loaded came from this server, and nothing names a path on this machine.
    const origin = new URL(link).origin;
    expect(seen.requests.every((u) => u.startsWith(origin) || u.startsWith('data:'))).toBe(true);
    expect(seen.problems).toEqual([]);
    for (const text of [await page.content(), await screenText(page)]) {
      expect(text).not.toContain(dir);
      expect(text).not.toContain(os.tmpdir());
    }
  });

  it('a wrong or missing token gets nothing: page, assets and socket', async () => {
    const { origin } = new URL(link);
    const token = new URL(link).pathname.split('/')[2]!;
    const wrong = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    for (const url of [
      `${origin}/`,
      `${origin}/t/`,
      `${origin}/t/${wrong}/`,
      `${origin}/t/${wrong}/assets/client.js`,
      `${origin}/assets/client.js`,
    ]) {
      const res = await fetch(url, { redirect: 'manual' });
      expect([url, res.status]).toEqual([url, 404]);
      expect(await res.text()).toBe('not found\n');
    }
    // The right token opens the page, and its assets; nothing else on disk is reachable.
    expect((await fetch(`${origin}/t/${token}/assets/client.js`)).status).toBe(200);
    expect((await fetch(`${origin}/t/${token}/assets/..%2Fpackage.json`)).status).toBe(404);
    const refused = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`${origin.replace('http', 'ws')}/t/${wrong}/ws`);
      ws.on('open', () => resolve('opened'));
      ws.on('error', (e) => resolve(e.message));
    });
    expect(refused).toContain('404');
    // Another site's page cannot open the socket, even with the token.
    const crossSite = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`${origin.replace('http', 'ws')}/t/${token}/ws`, {
        origin: 'https://evil.example',
      });
      ws.on('open', () => resolve('opened'));
      ws.on('error', (e) => resolve(e.message));
    });
    expect(crossSite).toContain('404');
  });

  it('stops on ctrl+c and prints the recording', async () => {
    expect(await served.stop()).toBe(0);
    const recording = /recording: (\S+)/.exec(served.stderr())?.[1];
    expect(recording).toBeDefined();
    const events = readFileSync(path.resolve(dir, recording!), 'utf8').trim().split('\n');
    expect(events.at(-1)).toContain('session_end');
  });
});
