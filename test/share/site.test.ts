/**
 * `export FOLDER --format html --out SITE`: a results folder as a static site, one replay per
 * recording and an index of them all, opened in real Chromium from disk: every run listed with
 * its scores, failures filtered, a link opens its replay, nothing fetched from the network.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../batch/helpers.ts';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium, watchPage } from '../helpers/browser.ts';
import { recordReference } from './fixture.ts';

const work = mkdtempSync(path.join(os.tmpdir(), 'intentplay-site-'));
const results = path.join(work, 'results');
let browser: Browser | undefined;

beforeAll(async () => {
  // A results folder as `run` leaves it: recordings below it, results.jsonl and a study-like log beside them.
  mkdirSync(path.join(results, 'recordings'), { recursive: true });
  const proactive = await recordReference('proactive', [
    'researcher/meal-plan',
    'researcher/soap-list',
  ]);
  const reactive = await recordReference('reactive', ['researcher/meal-plan']);
  for (const [i, file] of [...proactive.values(), ...reactive.values()].entries())
    copyFileSync(file, path.join(results, 'recordings', `${i}-${path.basename(file)}`));
  writeFileSync(path.join(results, 'results.jsonl'), '{"scenario":"x"}\n');
  writeFileSync(path.join(results, 'recordings', 'notes.jsonl'), '{"not":"a recording"}\n');
  if (haveChromium)
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 90_000);
afterAll(async () => {
  await browser?.close();
});

describe('a folder of recordings as a site', () => {
  it('writes a replay per recording and an index, and says what it passed over', async () => {
    const site = path.join(work, 'site');
    const r = await cli(['export', results, '--format', 'html', '--out', site]);
    expect(r.code).toBe(0);
    // meal-plan depends on gear-selection: each reference run records two sessions, soap-list one.
    expect(r.stderr).toContain('wrote 5 replays and');
    expect(r.stderr).toMatch(/passed over 1 file\(s\) that are not recordings: .*notes\.jsonl/);
    expect(readdirSync(site).filter((f) => f.endsWith('.html'))).toHaveLength(6);
  });

  it.skipIf(!haveChromium)(
    'the index lists every run with its scores, filters to failures, and links to each replay',
    async () => {
      const site = path.join(work, 'site');
      const page = await browser!.newPage({ viewport: { width: 1024, height: 700 } });
      const { problems, requests } = watchPage(page);
      await page.goto(pathToFileURL(path.join(site, 'index.html')).href);
      const rows = await page.$$eval('tbody tr', (trs) => trs.map((tr) => tr.textContent ?? ''));
      expect(rows).toHaveLength(5);
      expect(
        rows.some((t) => t.includes('researcher/soap-list') && t.includes('script:proactive')),
      ).toBe(true);
      // The reactive reference leaves intents to the user: its sessions are the failures, and only they.
      const failed = await page.$$eval('tbody tr.failed', (trs) =>
        trs.map((tr) => tr.textContent ?? ''),
      );
      expect(failed.length).toBeGreaterThan(0);
      for (const row of failed) expect(row).toContain('script:reactive');
      expect(rows.filter((t) => t.includes('script:reactive'))).toHaveLength(failed.length);
      await page.check('#failed');
      const shown = await page.$$eval(
        'tbody tr',
        (trs) =>
          trs.filter((tr) => (tr as unknown as { offsetParent: unknown }).offsetParent).length,
      );
      expect(shown).toBe(failed.length);
      await page.uncheck('#failed');
      await page.click('tbody tr:has-text("soap-list") a');
      await page.waitForSelector('[data-ready="true"]');
      expect(await page.textContent('h1')).toContain('researcher/soap-list');
      expect(problems).toEqual([]);
      expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
      await page.close();
    },
  );

  it('refuses a folder without --out or in another format, and a folder with no recordings', async () => {
    let r = await cli(['export', results, '--format', 'html']);
    expect(r.stderr).toContain('give --out SITE-FOLDER');
    r = await cli(['export', results, '--format', 'md']);
    expect(r.stderr).toContain('a folder exports as a site, with --format html');
    const empty = path.join(work, 'empty');
    mkdirSync(empty);
    r = await cli(['export', empty, '--format', 'html', '--out', path.join(work, 'x')]);
    expect(r.stderr).toContain('no recordings (.jsonl) in this folder or below it');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
