/**
 * `play --serve`: a remote person plays the user in real Chromium while the operator's terminal
 * (the real binary under tmux) shows their screen as they type; ctrl+c at the terminal ends it
 * and the page says so. The recording has what the browser typed. The link is read on the
 * operator's screen, which holds it until enter.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium, watchPage } from '../helpers/browser.ts';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';
import { BIN, servedArgs, waitForScreen } from './served.ts';

const ready = haveChromium && hasTmux;
if (!ready) console.warn('skipping the served play test: it needs tmux and /usr/bin/chromium');

describe.skipIf(!ready)('play --serve: a remote player, the operator watching', () => {
  let browser: Browser;
  const term = tmuxTerminal(BIN, 'serve-play');
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    term.close();
  });

  // A loaded machine (load 30) took over 30 s.
  it(
    "shows the player's typing on the operator's terminal, and records what they sent",
    { timeout: 90_000 },
    async () => {
      term.start(servedArgs('play'), {
        columns: 110,
        rows: 32,
      });
      // The operator reads the link on the screen (their player's screen would cover it) and
      // goes on with enter.
      const shown = await term.waitFor(
        (s) => /player's link: http/.test(s) && s.includes('send the link above; enter shows'),
        'the link, in sight',
        30_000,
      );
      const link = /player's link: (\S+)/.exec(shown)![1]!;
      term.keys('Enter');
      await term.waitFor(
        (s) => s.includes('A/B headlines for the FeedMe 2 relaunch'),
        'the opening card on the terminal',
      );

      const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
      const seen = watchPage(page);
      await page.goto(link);
      await page.waitForSelector('#status.connected');
      expect(await page.textContent('#role')).toBe('');
      await waitForScreen(page, 'A/B headlines for the FeedMe 2 relaunch');
      // The page types into the terminal with no click first: the focus starts there.
      await page.keyboard.press('Enter');
      await waitForScreen(page, 'you (user) ›');
      await page.keyboard.type('Keep the WeChat ones short', { delay: 15 });
      // The operator sees the message as it is typed, before it is sent.
      await term.waitFor(
        (s) => s.includes('Keep the WeChat ones short'),
        "the player's typing on the operator's terminal",
      );
      await page.keyboard.press('Enter');
      await waitForScreen(page, /turn 2/);
      // The operator stops it: the player's page says so and does not reconnect.
      term.keys('C-c');
      await page.waitForSelector('#status.closed', { timeout: 15_000 });
      expect(await page.textContent('#message')).toContain('The session is over');
      await term.waitFor((s) => /\[exit \d+\]/.test(s), 'the program to exit');
      expect(seen.problems).toEqual([]);
      const dir = path.join(term.work, 'recordings');
      const recording = readdirSync(dir).find((f) => f.endsWith('.jsonl'))!;
      const sent = readFileSync(path.join(dir, recording), 'utf8')
        .split('\n')
        .filter((l) => l.includes('"type":"message"') && l.includes('"role":"user"'));
      expect(sent.some((l) => l.includes('Keep the WeChat ones short'))).toBe(true);
    },
  );
});
