/**
 * Nothing a session was about is silently left out of a cast or an SVG: over every bundled
 * scenario's proactive reference, each hidden intent's text and each checklist item's text is
 * readable whole in some screen of the film (the closing tour pages through what did not fit),
 * and a screen that cuts a list says how many items it left out.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecording } from '../../src/session/recording.ts';
import { DEFAULT_CAST, screensOf, type CastOptions } from '../../src/share/cast.ts';
import { plainText, width, type Line } from '../../src/text/text.ts';
import { paneTitle } from '../../src/tui/pane-specs.ts';
import { recordReference } from './fixture.ts';

let proactive: Map<string, string>;
beforeAll(async () => {
  proactive = await recordReference('proactive');
}, 120_000);

/** Cells [from, to) of a line of plain text (wide characters take two). */
function cells(text: string, from: number, to: number): string {
  let at = 0;
  let out = '';
  for (const ch of text) {
    if (at >= from && at < to) out += ch;
    at += width(ch);
  }
  return out;
}

/** The text inside the box titled `title` on a screen, rows joined, or '' when the screen has no such box. */
function boxText(screen: Line[], title: string): string {
  const rows = screen.map(plainText);
  const top = rows.findIndex((r) => r.includes(`╭─ ${title}`));
  if (top < 0) return '';
  const left = width(rows[top]!.slice(0, rows[top]!.indexOf(`╭─ ${title}`)));
  const right =
    left + width(rows[top]!.slice(rows[top]!.indexOf(`╭─ ${title}`)).split('╮')[0]!) + 1;
  const inside: string[] = [];
  for (let r = top + 1; r < rows.length && !cells(rows[r]!, left, left + 1).startsWith('╰'); r++)
    inside.push(cells(rows[r]!, left + 1, right - 1));
  return inside.join(' ');
}

/** Whitespace-free, so text wrapped over several rows compares with the one-line original. */
const squeeze = (s: string) => s.replace(/\s+/g, '');

interface Coverage {
  total: number;
  missing: string[];
}

function coverage(
  file: string,
  o: CastOptions,
): { intents: Coverage; checklist: Coverage; cutSaysSo: boolean } {
  const recording = readRecording(file);
  const start = recording.events.find((e) => e.type === 'session_start');
  const intents = start?.type === 'session_start' ? start.intents : [];
  const checklist = start?.type === 'session_start' ? start.checklist : [];
  const screens = screensOf(recording.events, o);
  const seen = (title: string) => screens.map((s) => squeeze(boxText(s.lines, title)));
  const intentBoxes = seen(paneTitle('intents'));
  const checkBoxes = seen(paneTitle('checklist'));
  const missing = (items: { id: string; text: string }[], boxes: string[]) =>
    items.filter((i) => !boxes.some((b) => b.includes(squeeze(i.text)))).map((i) => i.id);
  // A screen that shows fewer items than the scenario has must say how many it left out.
  const cutSaysSo = screens.every((s) => {
    const box = boxText(s.lines, paneTitle('intents'));
    const shown = intents.filter((i) => box.includes(`${i.id} `)).length;
    const tour = /every intent and checklist item, page \d+ of \d+/.test(
      plainText(s.lines.at(-1) ?? []),
    );
    return shown === intents.length || tour || /… \d+ more intents/.test(box);
  });
  return {
    intents: { total: intents.length, missing: missing(intents, intentBoxes) },
    checklist: { total: checklist.length, missing: missing(checklist, checkBoxes) },
    cutSaysSo,
  };
}

describe('casts and SVGs show every intent and checklist item', () => {
  it('at the default size, over every bundled scenario, each text is readable whole in some screen', () => {
    const o: CastOptions = { ...DEFAULT_CAST };
    const missed: string[] = [];
    let intents = 0;
    let items = 0;
    for (const [id, file] of proactive) {
      const c = coverage(file, o);
      intents += c.intents.total;
      items += c.checklist.total;
      for (const m of [...c.intents.missing, ...c.checklist.missing]) missed.push(`${id} ${m}`);
    }
    expect(intents).toBeGreaterThan(100);
    expect(items).toBeGreaterThan(100);
    expect(missed).toEqual([]);
  });

  it('in the smallest cast and in --present too (whose screen has no checklist: the tour shows it)', () => {
    for (const o of [
      { cols: 60, rows: 16, paceMs: 1000 },
      { cols: 120, rows: 40, paceMs: 1000, present: true },
    ]) {
      const missed: string[] = [];
      for (const [id, file] of proactive) {
        const c = coverage(file, o);
        for (const m of [...c.intents.missing, ...c.checklist.missing]) missed.push(`${id} ${m}`);
      }
      expect(missed, JSON.stringify(o)).toEqual([]);
    }
  });

  it('a screen that cannot show every intent counts the ones it leaves out', () => {
    const file = proactive.get('researcher/meal-plan')!;
    expect(readFileSync(file, 'utf8')).toContain('"intents"');
    expect(coverage(file, { cols: 60, rows: 16, paceMs: 1000 }).cutSaysSo).toBe(true);
  });
});
