/**
 * A figure for a paper: `export --format svg|png --at TURN` draws one still screen (the end of
 * that turn), `--theme light` for print, `--from/--to` a range of turns of a cast, SVG or
 * transcript; a long transcript says it will not fit a GitHub comment.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportPng, exportRecording } from '../../src/share/export.ts';
import { cli } from '../batch/helpers.ts';
import { recordReference } from './fixture.ts';

const work = mkdtempSync(path.join(os.tmpdir(), 'intentplay-still-'));
let mealPlan: string;
beforeAll(async () => {
  // The two sessions of researcher/meal-plan: the second has turns 1 and 2.
  mealPlan = (await recordReference('proactive', ['researcher/meal-plan'])).get(
    'researcher/meal-plan',
  )!;
}, 60_000);

/** The text a still SVG shows, one row per line. */
const svgText = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>(.*?)<\/text>/g)].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );

describe('a still picture', () => {
  it('--at TURN is the screen at the end of that turn, verdicts included, with no animation', () => {
    const one = exportRecording(mealPlan, { format: 'svg', at: 1 });
    expect(one).not.toContain('@keyframes');
    const text = svgText(one).join('\n');
    // Turn 1's verdicts are in: six intents completed, I2 asked about; the user's turn-2 message is not.
    expect(text).toContain('turn 1/12');
    expect(text).toContain('Proc 1.00');
    expect(text).not.toContain('For each day, give me the daily totals');
    const two = svgText(exportRecording(mealPlan, { format: 'svg', at: 2 })).join('\n');
    expect(two).toContain('For each day, give me the daily totals');
  });

  it('--theme light draws dark text on white; the default is the dark terminal', () => {
    const light = exportRecording(mealPlan, { format: 'svg', at: 1, theme: 'light' });
    expect(light).toContain('<rect width="100%" height="100%" fill="#ffffff"/>');
    expect(light).toContain('fill:#1f2328');
    const dark = exportRecording(mealPlan, { format: 'svg', at: 1 });
    expect(dark).toContain('fill="#282c34"');
  });

  it('--format png renders the still with resvg and the bundled font: a PNG twice the SVG size', async () => {
    const png = await exportPng(mealPlan, {
      format: 'png',
      at: 1,
      theme: 'light',
      cols: 100,
      rows: 30,
    });
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    // IHDR: width and height, big-endian, at bytes 16 and 20 (100 columns of 8.4 px, 30 rows of 18 px, doubled).
    expect(png.readUInt32BE(16)).toBe(1680);
    expect(png.readUInt32BE(20)).toBe(1080);
    // Drawn text, not an empty page: a PNG of a blank screen compresses to a few kilobytes.
    expect(png.length).toBeGreaterThan(40_000);
  }, 30_000);
});

describe('a range of turns', () => {
  it('--from/--to keep only those turns in a cast, an SVG and a transcript', () => {
    const all = exportRecording(mealPlan, { format: 'md' });
    const second = exportRecording(mealPlan, { format: 'md', from: 2 });
    expect(all).toContain('### Turn 1');
    expect(second).not.toContain('### Turn 1');
    expect(second).toContain('### Turn 2');
    expect(second).toContain('_Turns 2 to 2 of 2._');
    const first = exportRecording(mealPlan, { format: 'cast', to: 1 });
    expect(first).not.toContain('For each day, give me the daily totals');
    expect(exportRecording(mealPlan, { format: 'cast' })).toContain('For each day, give me');
    const film = exportRecording(mealPlan, { format: 'svg', from: 2 });
    expect(film).toContain('For each day, give me');
  });
});

describe('export options through the binary', () => {
  it('writes a PNG with --out, and names what is wrong with a bad option', async () => {
    const out = path.join(work, 'figure.png');
    let r = await cli(['export', mealPlan, '--format', 'png', '--at', '1', '--out', out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out).subarray(1, 4).toString()).toBe('PNG');
    r = await cli(['export', mealPlan, '--format', 'svg', '--at', '9']);
    expect(r.stderr).toContain('--at 9: the recording has turns 0 to 2');
    r = await cli(['export', mealPlan, '--format', 'cast', '--at', '1']);
    expect(r.stderr).toContain('--at works with --format svg or png (got --format cast)');
    r = await cli(['export', mealPlan, '--format', 'svg', '--from', '2', '--to', '1']);
    expect(r.stderr).toContain('--from 2 is after --to 1');
    r = await cli(['export', mealPlan, '--format', 'svg', '--at', 'two']);
    expect(r.stderr).toContain('--at "two": expected a turn number');
    r = await cli(['export', mealPlan, '--format', 'svg', '--theme', 'sepia']);
    expect(r.stderr).toContain('--theme "sepia": expected dark or light');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
