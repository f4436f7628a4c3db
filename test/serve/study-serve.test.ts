/**
 * `serve --study` in real Chromium: a participant invited with `study invite` goes through
 * consent, a session, the questionnaires and the debrief with the completion code in the
 * browser, reconnecting twice (at once, and after the grace period), while a terminal
 * participant (the real binary in tmux) does the same with `study run`; both exports have the
 * same shape. The open link enrols the next id up to its limit.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium, watchPage } from '../helpers/browser.ts';
import { hasTmux, tmuxTerminal, type Terminal } from '../helpers/tmux.ts';
import { studyYaml } from '../study/helpers.ts';
import { BIN, serve, waitForScreen, type Served } from './served.ts';

const ready = haveChromium && hasTmux;
if (!ready) console.warn('skipping the served study test: it needs tmux and /usr/bin/chromium');

/** One participant's path, by whichever screen they use: wait for text, press keys, type. */
interface Seat {
  see(text: string | RegExp): Promise<string>;
  press(key: 'y' | 'Enter' | '4' | 'C-d'): Promise<void>;
  type(text: string): Promise<void>;
}

function browserSeat(page: Page): Seat {
  const keys = { y: 'y', Enter: 'Enter', '4': '4', 'C-d': 'Control+d' };
  return {
    see: (text) => waitForScreen(page, text, 20_000),
    press: (key) => page.keyboard.press(keys[key]),
    type: (text) => page.keyboard.type(text, { delay: 5 }),
  };
}

function terminalSeat(t: Terminal): Seat {
  return {
    see: (text) =>
      t.waitFor(
        (s) => (typeof text === 'string' ? s.includes(text) : text.test(s)),
        String(text),
        20_000,
      ),
    press: async (key) => t.keys(key),
    type: async (text) => t.type(text),
  };
}

/** The session and the questionnaires, from the ready page to the thanks page. */
async function playThrough(seat: Seat, beforeSending?: () => Promise<void>): Promise<void> {
  await seat.see('Session 1 of 1 is about to start.');
  await seat.press('Enter');
  await seat.see('enter begins');
  await seat.press('Enter');
  await seat.see("your turn: write the user's message below");
  await seat.type('Keep each meal under 25 RMB');
  await beforeSending?.();
  await seat.press('Enter');
  await seat.see('user  Keep each meal under 25 RMB');
  // The session may end by itself once the goals are met; otherwise ctrl+d ends it (twice: it asks first).
  await seat.press('C-d');
  if (
    !(await seat.see(/End (the|this) session now\?|This session is over/)).includes(
      'This session is over',
    )
  )
    await seat.press('C-d');
  await seat.see('This session is over');
  await seat.press('Enter');
  await seat.see('About session 1 of 1');
  await seat.press('4');
  await seat.press('Enter');
  await seat.see('Anything else?');
  await seat.type('Fine.');
  await seat.press('Enter');
  await seat.see('Thank you for taking part!');
  await seat.press('Enter');
}

// A loaded machine: the binary took over 20 s to print its links and a test over 30 s (load 30).
describe.skipIf(!ready)('serve --study in a browser', { timeout: 90_000 }, () => {
  let browser: Browser;
  let served: Served | undefined;
  const term = tmuxTerminal(BIN, 'serve-study');
  const work = term.work;
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, [BIN, ...args], { cwd: work, encoding: 'utf8' });

  beforeAll(async () => {
    // One scenario, between subjects: one session each, with both questionnaires.
    writeFileSync(
      path.join(work, 'study.yaml'),
      studyYaml()
        .replace('design: { type: within, seed: 1 }', 'design: { type: between, seed: 1 }')
        .replace('[tester/gear, tester/plan]', '[tester/plan]'),
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    term.close();
  });

  it(
    'takes an invited participant through the study, across reconnects, to the completion code; the export has the shape of a terminal one',
    { timeout: 120_000 },
    async () => {
      const invited = cli('study', 'invite', 'study.yaml', '--count', '1');
      const [id, token] = invited.trim().split(/\s+/) as [string, string];
      expect(id).toBe('P01');
      expect(statSync(path.join(work, 'study-data/invites.json')).mode & 0o077).toBe(0);
      served = serve(
        [
          'serve',
          '--study',
          'study.yaml',
          '--port',
          '0',
          '--grace',
          '2',
          '--completion-code',
          'C0DE42',
        ],
        work,
      );
      const origin = (await served.waitFor(/P01 {2}(http:\/\/[^/]+)\/t\//))[1]!;
      const link = `${origin}/t/${token}/`;
      // The terminal participant runs alongside.
      term.start(['study', 'run', 'study.yaml', '--participant', 'T01'], {
        columns: 110,
        rows: 34,
      });
      const terminal = (async () => {
        const seat = terminalSeat(term);
        await seat.see('Do you agree to take part?');
        await seat.press('y');
        await seat.see('Instructions');
        await seat.press('Enter');
        await playThrough(seat);
        await term.waitFor(
          (s) => s.includes('T01 finished the study'),
          'the terminal run to finish',
          20_000,
        );
      })();

      let page = await browser.newPage({ viewport: { width: 1100, height: 720 } });
      const seen = watchPage(page);
      await page.goto(link);
      expect(await page.textContent('h1')).toBe('Test study');
      const seat = browserSeat(page);
      await seat.see('Do you agree to take part?');
      await seat.press('y');
      await seat.see('Instructions');
      await seat.press('Enter');
      await seat.see('Session 1 of 1 is about to start.');
      // The tab closes and stays closed past the grace period: the run stops, and the link resumes at the same step.
      await page.close();
      await served.waitFor(/P01 stopped at ready; their link resumes there/);
      page = await browser.newPage({ viewport: { width: 1100, height: 720 } });
      await page.goto(link);
      await playThrough(browserSeat(page), async () => {
        // A reload while typing: back within the grace period, the screen is as it was, draft included.
        await page.reload();
        await waitForScreen(page, 'you (user) › Keep each meal under 25 RMB');
      });
      await page.waitForSelector('#status.closed');
      expect(await page.textContent('#message')).toContain('Your completion code is C0DE42');
      // Opening the link again shows the debrief, not the study.
      const again = await browser.newPage();
      await again.goto(link);
      await again.waitForSelector('#status.closed');
      expect(await again.textContent('#message')).toContain('C0DE42');
      expect(seen.problems).toEqual([]);
      await terminal;

      cli('study', 'export', 'study.yaml', '--out', 'export');
      const files = readdirSync(path.join(work, 'export')).filter(
        (f) => f.endsWith('.csv') && !f.includes('codebook'),
      );
      expect(files).toContain('sessions.csv');
      for (const file of files) {
        const [header, ...rows] = readFileSync(path.join(work, 'export', file), 'utf8')
          .trim()
          .split('\n');
        const of = (who: string) =>
          rows.filter((r) => r.startsWith(`${who},`)).map((r) => r.split(',').length);
        // The same columns, and as many rows of each kind for the browser's participant as for
        // the terminal's; pages.csv has a row each time a page came on screen, and the browser's
        // participant saw the ready page twice (their run stopped there and resumed).
        const extra = file === 'pages.csv' ? 1 : 0;
        expect([file, new Set(of('P01'))]).toEqual([file, new Set(of('T01'))]);
        expect([file, of('P01').length]).toEqual([file, of('T01').length + extra]);
        if (['participants.csv', 'sessions.csv', 'answers.csv'].includes(file))
          expect([file, of('P01').length]).not.toEqual([file, 0]);
        expect(header!.length).toBeGreaterThan(0);
      }
    },
  );

  it('the open link enrols the next id, up to its limit', async () => {
    await served?.stop();
    served = serve(['serve', '--study', 'study.yaml', '--port', '0', '--open', '1'], work);
    const open = (await served.waitFor(/open link \(enrols the next id, up to 1\): (\S+)/))[1]!;
    const page = await browser.newPage();
    await page.goto(open);
    await waitForScreen(page, 'Do you agree to take part?');
    const personal = page.url();
    expect(personal).not.toBe(open);
    expect(await served.waitFor(/(P\d+) enrolled through the open link/)).toBeTruthy();
    const late = await browser.newPage();
    await late.goto(open);
    await late.waitForSelector('#status.closed');
    expect(await late.textContent('#message')).toContain('all the participants it needs');
    // The personal link it was given works on its own (a reload, a return).
    const back = await browser.newPage();
    await back.goto(personal);
    await waitForScreen(back, 'Do you agree to take part?');
    // ctrl+c right after the participant left stops at once: their grace period (120 s) keeps nothing waiting.
    await back.close();
    const t0 = Date.now();
    expect(await served.stop()).toBe(0);
    expect(Date.now() - t0).toBeLessThan(15_000);
  });
});
