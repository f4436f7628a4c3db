/**
 * A cast draws only what changed between frames, and still shows what a full repaint of every
 * frame shows: both are played through xterm.js's headless terminal and compared cell by cell,
 * styles included, at every marker (each turn, the closing tour, the end), and Debian's
 * asciinema reads the cast to the same final screen. Turns are chapters (asciicast "m" events),
 * and a long session's cast stays small.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TimedEvent } from '../../src/contracts/events.ts';
import { lineToAnsi } from '../../src/share/ansi.ts';
import { renderCast, screensOf, type CastOptions } from '../../src/share/cast.ts';
import { syntheticEvents } from '../../src/store/synthetic.ts';
import { firstDifference, parseCast, screensAtMarkers, terminal } from './terminal.ts';

/** The reference: every screen repainted whole, row by row, with the same markers. */
function fullRepaintCast(events: readonly TimedEvent[], o: CastOptions): string {
  const out = [JSON.stringify({ version: 2, width: o.cols, height: o.rows })];
  let t = 0;
  for (const screen of screensOf(events, o)) {
    if (screen.marker) out.push(JSON.stringify([t, 'm', screen.marker]));
    const rows = screen.lines.map((l, r) => `\u001b[${r + 1};1H\u001b[0m${lineToAnsi(l)}`);
    out.push(JSON.stringify([t, 'o', rows.join('')]));
    t += screen.ms / 1000;
  }
  return out.join('\n') + '\n';
}

/**
 * A synthetic session whose messages also carry wide characters, an emoji and accents (no ZWJ
 * sequence: terminals disagree on how wide those are).
 */
function widened(turns: number): TimedEvent[] {
  return syntheticEvents({ turns }).map((e, i) =>
    e.type === 'message' && i % 3 === 0
      ? { ...e, text: `${e.text} 日本語のメモ ✅ cafe\u0301 naïve 한국어` }
      : e,
  );
}

const OPTS: CastOptions = { cols: 100, rows: 30, paceMs: 1000 };

describe('a cast that draws only what changed', () => {
  it('shows the same screen as a full repaint at every turn, the tour and the end', async () => {
    const events = widened(40);
    const diff = await screensAtMarkers(renderCast(events, OPTS));
    const full = await screensAtMarkers(fullRepaintCast(events, OPTS));
    expect(diff.marks.map((m) => m.label)).toEqual(full.marks.map((m) => m.label));
    expect(diff.marks.length).toBeGreaterThan(40);
    expect(diff.marks.map((m) => m.label).slice(-2)).toEqual([
      'every intent and checklist item',
      'end',
    ]);
    for (const [i, mark] of diff.marks.entries())
      expect(firstDifference(mark.screen, full.marks[i]!.screen), mark.label).toBeUndefined();
    expect(firstDifference(diff.end, full.end)).toBeUndefined();
    // The wide characters were on screen, whole.
    expect(
      diff.marks.some((m) => m.screen.some((row) => row.includes('日本語のメモ ✅ café'))),
    ).toBe(true);
  });

  it('has a marker where each turn begins, so players show chapters', () => {
    const cast = parseCast(renderCast(syntheticEvents({ turns: 12 }), OPTS));
    const marks = cast.events.filter((e) => e[1] === 'm');
    expect(marks.map((m) => m[2]).slice(0, 13)).toEqual([
      'start',
      ...Array.from({ length: 12 }, (_, i) => `turn ${i + 1}`),
    ]);
    // Each marker comes before the output of the frame it names, and time never goes back.
    const times = cast.events.map((e) => e[0]);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(cast.events.every((e) => ['o', 'm'].includes(e[1]) && typeof e[2] === 'string')).toBe(
      true,
    );
  });

  it('keeps a long session small: 200 turns under 1 MB (5.8 MB when every frame was repainted)', () => {
    const cast = renderCast(syntheticEvents({ turns: 200 }), { ...OPTS, cols: 120, rows: 36 });
    expect(Buffer.byteLength(cast)).toBeLessThan(1_000_000);
  });

  const hasAsciinema = spawnSync('asciinema', ['--version']).status === 0;
  it.skipIf(!hasAsciinema)('is read by asciinema to the same final screen', async () => {
    const events = widened(15);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-cast-')), 'd.cast');
    writeFileSync(file, renderCast(events, OPTS));
    // asciinema opens the terminal even to print: `script` gives it one.
    const out = execFileSync('script', ['-q', '-c', `asciinema cat ${file}`, '/dev/null'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const term = terminal(OPTS.cols, OPTS.rows);
    await term.write(out);
    const reference = await screensAtMarkers(fullRepaintCast(events, OPTS));
    expect(firstDifference(term.screen(), reference.end)).toBeUndefined();
    term.dispose();
  });
});
