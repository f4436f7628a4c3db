/**
 * Keys a browser keeps for itself: ctrl+n (a new window), ctrl+t and ctrl+w never reach a page, so
 * an online participant could not let the time pass in a time scenario. On the served page alt+n
 * sends ctrl+n. Real Chromium, the real binary serving a study of a time scenario: alt+n moves
 * the simulated clock to the next update. Before, alt+n went as escape and n, and nothing passed.
 */
import { describe, expect, it } from 'vitest';
import { haveChromium } from '../helpers/browser.ts';
import { oneConditionStudy, studyInBrowser, waitForScreen } from './served.ts';

if (!haveChromium) console.warn('skipping the browser keys test: it needs /usr/bin/chromium');

const STUDY = oneConditionStudy('Over days', 'researcher/gpu-watch');

describe.skipIf(!haveChromium)('serve --study: keys the browser keeps', () => {
  const study = studyInBrowser('intentplay-serve-keys-', STUDY);

  it('alt+n lets the time pass in a time scenario', { timeout: 90_000 }, async () => {
    const { page, seen } = await study.openInvited();
    await page.keyboard.press('y');
    await waitForScreen(page, 'Instructions');
    await page.keyboard.press('Enter');
    await waitForScreen(page, 'Session 1 of 1 is about to start.');
    await page.keyboard.press('Enter');
    await waitForScreen(page, 'enter begins', 20_000);
    await page.keyboard.press('Enter');
    await waitForScreen(page, 'ctrl+n lets the time pass', 30_000);
    expect(await waitForScreen(page, /You wait/)).not.toContain('New listing L1');
    await page.keyboard.press('Alt+n');
    await waitForScreen(page, 'New listing L1', 20_000);
    expect(seen.problems).toEqual([]);
  });
});
