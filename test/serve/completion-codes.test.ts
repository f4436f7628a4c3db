/**
 * `serve --study` with a study file that gives each participant their own completion code
 * (`completion_code: { prefix }`): two participants, each in their own Chromium page at once,
 * finish the study and each is shown their own code, on the thanks page and on the page's last
 * words, again when they reopen their link, and the same as `study export` has for them. The
 * single code for everyone (`--completion-code`) cannot be given as well. With `--return-url`
 * (a panel's completion URL, Prolific-style) the last words link back to the panel with the
 * participant's own code in it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { haveChromium, watchPage } from '../helpers/browser.ts';
import { studyYaml } from '../study/helpers.ts';
import { BIN, studyInBrowser, waitForScreen } from './served.ts';

if (!haveChromium) console.warn('skipping the completion code test: it needs /usr/bin/chromium');

/** One scenario, one session each, no questionnaires: consent to thanks as quickly as a study goes. */
const STUDY = studyYaml('completion_code: { prefix: TS- }\n')
  .replace('design: { type: within, seed: 1 }', 'design: { type: between, seed: 1 }')
  .replace('[tester/gear, tester/plan]', '[tester/plan]')
  .replace(/questionnaires:[\s\S]*?(?=completion_code)/, '');

/** Takes one participant from their link to the end; resolves with the code the thanks page showed. */
async function finish(page: Page, link: string): Promise<string> {
  const press = (key: string) => page.keyboard.press(key);
  await page.goto(link);
  await waitForScreen(page, 'Do you agree to take part?', 20_000);
  await press('y');
  await waitForScreen(page, 'Instructions');
  await press('Enter');
  await waitForScreen(page, 'Session 1 of 1 is about to start.');
  await press('Enter');
  await waitForScreen(page, 'enter begins');
  await press('Enter');
  await waitForScreen(page, "your turn: write the user's message below");
  await page.keyboard.type('Keep each meal under 25 RMB', { delay: 5 });
  await press('Enter');
  await waitForScreen(page, 'user  Keep each meal under 25 RMB');
  await press('Control+d');
  const asked = await waitForScreen(page, /End (the|this) session now\?|This session is over/);
  if (!asked.includes('This session is over')) await press('Control+d');
  await waitForScreen(page, 'This session is over');
  await press('Enter');
  const thanks = await waitForScreen(page, /Your completion code: (TS-\S+)/, 20_000);
  await press('Enter');
  await page.waitForSelector('#status.closed', { timeout: 20_000 });
  return /Your completion code: (TS-\S+)/.exec(thanks)![1]!;
}

describe.skipIf(!haveChromium)("serve --study: each participant's own completion code", () => {
  const study = studyInBrowser('intentplay-serve-codes-', STUDY);
  const { cli, work } = study;

  // A loaded machine (load 30) took over 30 s.
  it(
    'shows two participants their own, different codes, as the export has them',
    { timeout: 90_000 },
    async () => {
      const links = cli('study', 'invite', 'study.yaml', '--count', '2')
        .trim()
        .split('\n')
        .map((line) => line.split(/\s+/) as [string, string]);
      const served = study.start();
      const origin = (await served.waitFor(/P02 {2}(http:\/\/[^/]+)\/t\//))[1]!;
      const pages = await Promise.all(links.map(() => study.browser.newPage()));
      const seen = pages.map((p) => watchPage(p));
      const shown = await Promise.all(
        links.map(([, token], i) => finish(pages[i]!, `${origin}/t/${token}/`)),
      );
      expect(shown[0]).not.toBe(shown[1]);
      for (const [i, page] of pages.entries()) {
        // The page's last words name the code the thanks page showed, and so does the link reopened.
        expect(await page.textContent('#message')).toContain(
          `Your completion code is ${shown[i]}.`,
        );
        const again = await study.browser.newPage();
        await again.goto(`${origin}/t/${links[i]![1]}/`);
        await again.waitForSelector('#status.closed');
        expect(await again.textContent('#message')).toContain(
          `Your completion code is ${shown[i]}.`,
        );
      }
      expect(seen.flatMap((s) => s.problems)).toEqual([]);
      await served.stop();

      cli('study', 'export', 'study.yaml', '--out', 'export');
      const [header, ...rows] = readFileSync(path.join(work, 'export/participants.csv'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(','));
      const column = header!.indexOf('completion_code');
      const exported = Object.fromEntries(rows.map((r) => [r[0], r[column]]));
      expect(exported).toEqual({ P01: shown[0], P02: shown[1] });
    },
  );

  it('refuses --completion-code when the study file gives each participant a code', () => {
    const run = spawnSync(
      process.execPath,
      [BIN, 'serve', '--study', 'study.yaml', '--port', '0', '--completion-code', 'C0DE42'],
      { cwd: work, encoding: 'utf8', timeout: 20_000 },
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(
      '--completion-code C0DE42: study.yaml has completion_code, which gives each participant their own code; drop one of the two',
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe.skipIf(!haveChromium)('serve --study --return-url: back to the panel', () => {
  const study = studyInBrowser('intentplay-serve-return-', STUDY);
  const RETURN = 'https://panel.example/submissions/complete?cc={code}';

  it(
    "links the last page to the panel with the participant's code, again on reopening",
    { timeout: 90_000 },
    async () => {
      const [, token] = study
        .cli('study', 'invite', 'study.yaml', '--count', '1')
        .trim()
        .split(/\s+/);
      const served = study.start('--return-url', RETURN);
      const origin = (await served.waitFor(/P01 {2}(http:\/\/[^/]+)\/t\//))[1]!;
      const page = await study.browser.newPage();
      const seen = watchPage(page);
      const code = await finish(page, `${origin}/t/${token}/`);
      // Online, the last words are where the participant learns their id (to quote if they withdraw).
      expect(await page.textContent('#message')).toContain(
        `Your participant code is P01. Your completion code is ${code}.`,
      );
      const back = page.locator('#return a');
      expect(await back.textContent()).toBe('Go back to the study site to finish');
      expect(await back.getAttribute('href')).toBe(
        `https://panel.example/submissions/complete?cc=${code}`,
      );
      // The link is a real link under the page's policy: a click goes to the panel.
      await page.route('https://panel.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<p>Submission complete</p>' }),
      );
      await back.click();
      await page.waitForURL(/panel\.example/);
      expect(page.url()).toBe(`https://panel.example/submissions/complete?cc=${code}`);

      const again = await study.browser.newPage();
      await again.goto(`${origin}/t/${token}/`);
      await again.waitForSelector('#status.closed');
      expect(await again.locator('#return a').getAttribute('href')).toContain(`cc=${code}`);
      expect(seen.problems).toEqual([]);
    },
  );

  it('refuses a return address that is not http(s), and {code} with no code to put in it', () => {
    const run = (...more: string[]) =>
      spawnSync(process.execPath, [BIN, 'serve', '--study', 'study.yaml', '--port', '0', ...more], {
        cwd: study.work,
        encoding: 'utf8',
        timeout: 20_000,
      });
    const bad = run('--return-url', 'javascript:alert(1)');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('--return-url javascript:alert(1): expected an http(s) address');
    writeFileSync(
      path.join(study.work, 'nocode.yaml'),
      STUDY.replace('completion_code: { prefix: TS- }', ''),
    );
    const none = spawnSync(
      process.execPath,
      [BIN, 'serve', '--study', 'nocode.yaml', '--port', '0', '--return-url', RETURN],
      { cwd: study.work, encoding: 'utf8', timeout: 20_000 },
    );
    expect(none.status).not.toBe(0);
    expect(none.stderr).toContain('{code} needs a completion code');
    expect(none.stderr).not.toMatch(/\n\s+at /);
  });
});
