/** The HTML report opened in headless Chromium: tables and charts render, nothing is fetched, no console errors. */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../batch/helpers.ts';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium, watchPage } from '../helpers/browser.ts';
import { makeReportFolders } from './fixture.ts';

if (!haveChromium)
  console.warn(
    `skipping the HTML report browser test: ${CHROMIUM} is not installed (apt-get install chromium)`,
  );

describe.skipIf(!haveChromium)('report --format html in a browser', () => {
  let browser: Browser;
  let file: string;
  beforeAll(async () => {
    const f = await makeReportFolders();
    file = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-html-')), 'report.html');
    const r = await cli([
      'report',
      f.reactive,
      f.reactiveNoDeps,
      '--format',
      'html',
      '--output',
      file,
    ]);
    expect(r.code).toBe(0);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('is one self-contained file: no scripts and no external references', () => {
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/<script|<link[^>]+href="(?!data:)|src="|url\(|@import/i);
  });

  it('renders every table with rows and every chart with visible marks, and logs no error', async () => {
    const page = await browser.newPage();
    const { problems, requests } = watchPage(page);
    await page.goto(pathToFileURL(file).href);

    const tables = await page.$$eval('table', (ts) =>
      ts.map((t) => ({
        id: t.id,
        rows: t.querySelectorAll('tbody tr').length,
        height: t.getBoundingClientRect().height,
      })),
    );
    expect(tables.map((t) => t.id)).toEqual([
      'table-personas',
      'table-statuses',
      'table-categories',
      'table-scenarios',
      'table-ablation',
      'table-clarifications',
      'table-pibench',
      'table-runs',
    ]);
    for (const t of tables) {
      expect(t.rows).toBeGreaterThan(0);
      expect(t.height).toBeGreaterThan(20);
    }
    expect(await page.textContent('#table-ablation tbody tr:first-child')).toContain('±0.0');

    const charts = await page.$$eval('svg.chart', (svgs) =>
      svgs.map((s) => ({
        id: s.id,
        width: s.getBoundingClientRect().width,
        marks: [...s.querySelectorAll('rect.bar, circle.point')].filter((m) => {
          // In the page: an SVG element (this file is typed for Node, without the DOM library).
          const b = (m as unknown as { getBBox(): { width: number; height: number } }).getBBox();
          return b.width > 0 && b.height > 0;
        }).length,
      })),
    );
    expect(charts.map((c) => c.id)).toEqual([
      'personas-chart',
      'statuses-chart',
      'turns-proc',
      'proc-comp',
      'ablation-chart',
    ]);
    for (const c of charts) {
      expect(c.width).toBeGreaterThan(200);
      expect(c.marks).toBeGreaterThan(0);
    }
    expect(await page.$$eval('figure figcaption', (f) => f.map((x) => x.textContent))).toContain(
      'Proc vs Comp (one point per scenario; the line is Proc = Comp)',
    );
    expect(problems).toEqual([]);
    expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
    await page.close();
  });
});
