/**
 * A stock Firefox for the browser tests that check a page in a second engine: Debian's
 * firefox-esr (or the Firefox that TEST_FIREFOX names), driven by puppeteer-core over
 * WebDriver BiDi, which stock Firefox speaks (playwright's Firefox needs a patched build).
 * Without a Firefox those tests skip: `apt-get install firefox-esr` opts in.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { waitForText } from '../serve/served.ts';

/** TEST_FIREFOX, when set, is the only Firefox tried (a path that does not exist: none). */
const CANDIDATES =
  process.env.TEST_FIREFOX !== undefined
    ? [process.env.TEST_FIREFOX]
    : ['/usr/bin/firefox-esr', '/usr/bin/firefox'];
export const FIREFOX = CANDIDATES.find((file) => existsSync(file));

export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX!,
    headless: true,
    // No updates, telemetry or first-run pages: the test's page is the only traffic.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
    },
  });
}

/** Collects the page's console errors and warnings and uncaught errors. */
export function watchFirefoxPage(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warn') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  return { problems };
}

/** The served page's terminal as text (the page's own intentplayScreen). */
export async function firefoxScreen(page: Page): Promise<string> {
  const lines = await page.evaluate(() =>
    (globalThis as unknown as { intentplayScreen: () => string[] }).intentplayScreen(),
  );
  return lines.join('\n');
}

/** Waits until the page's terminal shows `text`. */
export function waitForFirefoxScreen(
  page: Page,
  text: string | RegExp,
  ms = 20_000,
): Promise<string> {
  return waitForText(() => firefoxScreen(page), text, ms);
}
