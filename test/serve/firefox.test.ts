/**
 * The served page in Firefox (Debian's firefox-esr through puppeteer-core and WebDriver BiDi;
 * test/helpers/firefox.ts): a participant types through consent into a session and sees what
 * they type, the terminal keeps the keyboard after a click elsewhere, the bundled font is
 * used, a small window is told so; an audience's page shows the watch and refuses keys.
 * Skips without a Firefox (`apt-get install firefox-esr` to run it).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIREFOX,
  launchFirefox,
  waitForFirefoxScreen,
  watchFirefoxPage,
} from '../helpers/firefox.ts';
import { studyYaml } from '../study/helpers.ts';
import { BIN, serve, servedArgs, type Served } from './served.ts';

if (!FIREFOX)
  console.warn('skipping the Firefox test: no Firefox (apt-get install firefox-esr to run it)');

const text = (page: Page, selector: string) => page.$eval(selector, (e) => e.textContent ?? '');

// A loaded machine: the binary took over 20 s to print its links and a test over 30 s (load 30).
describe.skipIf(!FIREFOX)('the served page in Firefox', { timeout: 90_000 }, () => {
  let browser: Browser;
  const running: Served[] = [];
  const work = mkdtempSync(path.join(os.tmpdir(), 'intentplay-serve-firefox-'));

  beforeAll(async () => {
    browser = await launchFirefox();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    for (const served of running) await served.stop();
  });

  it('a participant types into their session; the keyboard and the font stay the page’s', async () => {
    writeFileSync(
      path.join(work, 'study.yaml'),
      studyYaml()
        .replace('design: { type: within, seed: 1 }', 'design: { type: between, seed: 1 }')
        .replace('[tester/gear, tester/plan]', '[tester/plan]'),
    );
    const invited = execFileSync(
      process.execPath,
      [BIN, 'study', 'invite', 'study.yaml', '--count', '1'],
      { cwd: work, encoding: 'utf8' },
    );
    const token = invited.trim().split(/\s+/)[1]!;
    const served = serve(['serve', '--study', 'study.yaml', '--port', '0'], work);
    running.push(served);
    const origin = (await served.waitFor(/P01 {2}(http:\/\/[^/]+)\/t\//))[1]!;
    const page = await browser.newPage();
    await page.setViewport({ width: 1100, height: 720 });
    const seen = watchFirefoxPage(page);
    await page.goto(`${origin}/t/${token}/`);
    expect(await text(page, 'h1')).toBe('Test study');
    await page.waitForSelector('#status.connected');
    await waitForFirefoxScreen(page, 'Do you agree to take part?');
    // Typed with no click first: the terminal has the keyboard from the start.
    await page.keyboard.press('y');
    await waitForFirefoxScreen(page, 'Instructions');
    await page.keyboard.press('Enter');
    await waitForFirefoxScreen(page, 'is about to start.');
    await page.keyboard.press('Enter');
    await waitForFirefoxScreen(page, 'enter begins');
    await page.keyboard.press('Enter');
    await waitForFirefoxScreen(page, "your turn: write the user's message below");
    // A click on the title bar does not take the keyboard away from the terminal.
    await page.click('h1');
    await page.keyboard.type('Hello from Firefox', { delay: 5 });
    await waitForFirefoxScreen(page, 'you (user) › Hello from Firefox');
    // The terminal is drawn in the bundled font, not a fallback.
    const bundledFont = () =>
      [
        ...(
          globalThis as unknown as {
            document: { fonts: Iterable<{ family: string; status: string }> };
          }
        ).document.fonts,
      ]
        .filter((face) => face.family.replace(/"/g, '') === 'IntentplayMono')
        .map((face) => face.status);
    expect(await page.evaluate(bundledFont)).toContain('loaded');
    // A window smaller than 80×24 characters is told so.
    await page.setViewport({ width: 500, height: 300 });
    await page.waitForSelector('#message:not([hidden])');
    expect(await text(page, '#message')).toContain('smaller than the screen needs');
    expect(seen.problems).toEqual([]);
  });

  it("an audience's page shows the watch and refuses keys", async () => {
    const served = serve(servedArgs('watch', '--delay', '300'), work);
    running.push(served);
    const link = (await served.waitFor(/audience's link \(read-only\): (\S+)/))[1]!;
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 760 });
    const seen = watchFirefoxPage(page);
    await page.goto(link);
    await page.waitForSelector('#status.connected');
    expect(await text(page, '#role')).toContain('read-only');
    await waitForFirefoxScreen(page, 'marketer/ab-headlines');
    await page.click('#terminal');
    await page.keyboard.type(' q');
    await page.waitForSelector('#message:not([hidden])');
    expect(await text(page, '#message')).toContain('only watches');
    // The watch was neither paused nor quit by those keys: it runs to its end on the page.
    await served.waitFor(/the session has ended/, 30_000);
    expect(await waitForFirefoxScreen(page, 'resolved')).toContain('WATCH');
    expect(seen.problems).toEqual([]);
  });
});
