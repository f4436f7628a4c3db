/**
 * The HTML replay on a 1024-pixel screen, in Chromium: a session whose title, messages, tool
 * arguments, intents, checklist and evidence carry long URLs and long words scrolls no wider
 * than the window, and that text wraps inside its pane (one session and two side by side).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimedEvent } from '../../src/contracts/events.ts';
import { renderHtml } from '../../src/share/html.ts';
import { syntheticEvents } from '../../src/store/synthetic.ts';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium, watchPage } from '../helpers/browser.ts';

const URL = `https://example.org/${'a-very-long-path-segment/'.repeat(12)}?q=${'x'.repeat(80)}`;
const WORD = 'Supercalifragilistic'.repeat(8);

/** A short session with the long URL and word everywhere a person or an agent writes. */
function longTexts(): TimedEvent[] {
  return syntheticEvents({ turns: 3 }).map((e): TimedEvent => {
    if (e.type === 'session_start')
      return {
        ...e,
        title: `Title ${WORD}`,
        intents: e.intents.map((i) => ({ ...i, text: `${i.text} ${URL}` })),
        checklist: e.checklist.map((c) => ({ ...c, text: `${c.text} ${WORD}` })),
      };
    if (e.type === 'message') return { ...e, text: `${e.text} ${URL} ${WORD}` };
    if (e.type === 'tool_call') return { ...e, args: { ...(e.args as object), url: URL } };
    if (e.type === 'intent_status') return { ...e, detail: `${URL} ${WORD}` };
    return e;
  });
}

describe.skipIf(!haveChromium)('the HTML replay at 1024 pixels', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const sides of [1, 2])
    it(`wraps long URLs and words instead of scrolling sideways (${sides} session${sides > 1 ? 's' : ''})`, async () => {
      const events = longTexts();
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-wrap-')), 'r.html');
      const sessions = [{ label: 'A', events }];
      if (sides > 1) sessions.push({ label: 'B', events });
      writeFileSync(file, renderHtml(sessions));
      const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
      const { problems } = watchPage(page);
      await page.goto(pathToFileURL(file).href);
      await page.waitForSelector('[data-ready="true"]');
      const layout = (await page.evaluate(`(() => {
        const d = document.documentElement;
        // Elements whose content is wider than they are (a tool's one-line summary cuts itself off on purpose).
        const wide = [...document.querySelectorAll('body *')]
          .filter((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'hidden')
          .map((e) => e.tagName.toLowerCase() + '.' + e.className);
        const lineHeight = (e) => parseFloat(getComputedStyle(e).lineHeight);
        const url = [...document.querySelectorAll('.msg .text')].find((e) => e.textContent.includes(${JSON.stringify(URL)}) && e.getClientRects().length);
        const title = document.querySelector('h1');
        return {
          page: [d.scrollWidth, d.clientWidth],
          wide,
          urlLines: url ? Math.round(url.getBoundingClientRect().height / lineHeight(url)) : 0,
          titleLines: Math.round(title.getBoundingClientRect().height / lineHeight(title)),
        };
      })()`)) as { page: number[]; wide: string[]; urlLines: number; titleLines: number };
      expect(layout.page[0]).toBeLessThanOrEqual(layout.page[1]!);
      expect(layout.wide).toEqual([]);
      expect(layout.urlLines).toBeGreaterThan(3);
      expect(layout.titleLines).toBeGreaterThan(1);
      expect(problems).toEqual([]);
      await page.close();
    });
});
