/**
 * The animated SVG draws each frame as patches over the frame before: in Chromium, paused at a
 * frame's time, the film reads cell by cell (the topmost glyph at each cell's centre, and its
 * colour) as that frame's screen, through the session, the closing tour and the final screen.
 * A long session's film stays small.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screensOf, type CastOptions } from '../../src/share/cast.ts';
import { gridOf } from '../../src/share/grid.ts';
import { DARK, renderSvg } from '../../src/share/svg.ts';
import { syntheticEvents } from '../../src/store/synthetic.ts';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium, watchPage } from '../helpers/browser.ts';

const OPTS: CastOptions = { cols: 80, rows: 24, paceMs: 1000 };
const CHAR_W = 8.4;
const LINE_H = 18;

/** What a screen should read as: each cell's character ('' after a wide one) and the colour of its glyph ('' when blank). */
function expected(lines: Parameters<typeof gridOf>[0]): { chars: string[]; fills: string[] }[] {
  const hex = (h: string) =>
    `rgb(${[1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)).join(', ')})`;
  return gridOf(lines, OPTS.cols, OPTS.rows).map((row) => ({
    chars: row.chars,
    fills: row.chars.map((ch, c) => {
      if (!ch.trim()) return '';
      const style = row.styles[c]!;
      const color = DARK.colors[style.split(':')[1] ?? ''] ?? DARK.fg;
      return hex(style.split(':')[0]!.includes('v') ? DARK.bg : color);
    }),
  }));
}

describe.skipIf(!haveChromium)('the animated SVG in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows each frame whole at its time: the session, the tour and the end', async () => {
    const events = syntheticEvents({ turns: 12 });
    const screens = screensOf(events, OPTS);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-svg-')), 'film.svg');
    writeFileSync(file, renderSvg(events, OPTS));
    const page = await browser.newPage({ viewport: { width: 900, height: 600 } });
    const { problems, requests } = watchPage(page);
    await page.goto(pathToFileURL(file).href);
    const starts = screens.map((_, i) => screens.slice(0, i).reduce((n, s) => n + s.ms, 0));
    // Frames across the film: the first, two in the session, the tour's first page and the last.
    const tour = screens.findIndex((s) => s.marker === 'every intent and checklist item');
    const picks = [0, 9, Math.floor(tour * 0.8), tour, screens.length - 1];
    for (const i of picks) {
      const read = await page.evaluate(
        `(() => {
          for (const a of document.getAnimations()) { a.pause(); a.currentTime = ${starts[i]! + screens[i]!.ms / 2}; }
          const rows = [];
          for (let r = 0; r < ${OPTS.rows}; r++) {
            const chars = [], fills = [];
            for (let c = 0; c < ${OPTS.cols}; c++) {
              const x = (c + 0.5) * ${CHAR_W}, y = (r + 0.5) * ${LINE_H};
              const el = document.elementFromPoint(x, y);
              const text = el && el.getCharNumAtPosition ? el : null;
              const n = text ? text.getCharNumAtPosition(new DOMPoint(x, y)) : -1;
              chars.push(n >= 0 ? text.textContent[n] : ' ');
              fills.push(n >= 0 && text.textContent[n].trim() ? getComputedStyle(text).fill : '');
            }
            rows.push({ chars, fills });
          }
          return rows;
        })()`,
      );
      const want = expected(screens[i]!.lines);
      const rows = read as { chars: string[]; fills: string[] }[];
      for (const [r, row] of want.entries()) {
        expect(rows[r]!.chars.join(''), `frame ${i}, row ${r + 1}`).toBe(row.chars.join(''));
        expect(rows[r]!.fills, `frame ${i}, row ${r + 1}`).toEqual(row.fills);
      }
    }
    expect(problems).toEqual([]);
    expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
    await page.close();
  });

  it('keeps a 150-turn film under 1 MB (4.2 MB when every frame was a whole screen)', () => {
    const svg = renderSvg(syntheticEvents({ turns: 150 }), { ...OPTS, cols: 120, rows: 36 });
    expect(Buffer.byteLength(svg)).toBeLessThan(1_000_000);
  });
});
