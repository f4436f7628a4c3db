/** Debian's Chromium for the browser tests (HTML report, HTML replay, SVG), and what a page logs and fetches. */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const haveChromium = existsSync(CHROMIUM);

/** Collects the page's console errors and warnings, uncaught errors, and every URL it requests. */
export function watchPage(page: Page): { problems: string[]; requests: string[] } {
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  return { problems, requests };
}
