/**
 * An animated SVG of the same frames as the asciicast, for READMEs and slides: every
 * distinct screen row is defined once, each frame places its rows, and one CSS animation
 * steps a film strip of frames through the window. No script, no external reference, so
 * it plays in an <img> on GitHub.
 */
import type { SessionEvent, TimedEvent } from '../contracts/events.ts';
import { createTheme } from '../tui/theme.ts';
import { width, type Line } from '../text/text.ts';
import { CSS_COLORS, lineToAnsi } from './ansi.ts';
import { screenAt, screensOf, type CastOptions } from './cast.ts';

const CHAR_W = 8.4;
const LINE_H = 18;
const FONT = 14;

/** The colours of a picture: the terminal's dark one, or a light one for print. */
export interface Palette {
  fg: string;
  bg: string;
  colors: Record<string, string>;
}

export const DARK: Palette = { fg: '#dcdfe4', bg: '#282c34', colors: CSS_COLORS };

/** For paper: dark text on white, the named colours deepened so they stay readable in print. */
export const LIGHT: Palette = {
  fg: '#1f2328',
  bg: '#ffffff',
  colors: {
    black: '#000000',
    red: '#b3261e',
    green: '#1a7f37',
    yellow: '#9a6700',
    blue: '#0550ae',
    magenta: '#8250df',
    cyan: '#0b7285',
    white: '#1f2328',
    gray: '#57606a',
    grey: '#57606a',
  },
};

/** Characters XML 1.0 does not allow at all (C0 controls but tab and line ends, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML =
  /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g; // eslint-disable-line no-control-regex
const escapeXml = (s: string) =>
  s
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
const px = (n: number) => Number(n.toFixed(1));

function rowSvg(line: Line, p: Palette): string {
  let col = 0;
  const rects: string[] = [];
  const spans: string[] = [];
  for (const seg of line) {
    const w = width(seg.text);
    if (!w) continue;
    const color = (seg.color && p.colors[seg.color]) || p.fg;
    if (seg.inverse)
      rects.push(
        `<rect x="${px(col * CHAR_W)}" y="0" width="${px(w * CHAR_W)}" height="${LINE_H}" fill="${color}"/>`,
      );
    if (seg.text.trim()) {
      const attrs = [`x="${px(col * CHAR_W)}"`];
      const fill = seg.inverse ? p.bg : color;
      if (fill !== p.fg) attrs.push(`fill="${fill}"`);
      if (seg.bold) attrs.push('font-weight="bold"');
      if (seg.italic) attrs.push('font-style="italic"');
      if (seg.dim) attrs.push('opacity="0.6"');
      spans.push(`<tspan ${attrs.join(' ')}>${escapeXml(seg.text)}</tspan>`);
    }
    col += w;
  }
  return `${rects.join('')}<text y="${LINE_H - 5}">${spans.join('')}</text>`;
}

export interface SvgOptions extends CastOptions {
  /** A still picture of the screen at the end of this turn, instead of the film. */
  at?: number | 'end' | undefined;
  palette?: Palette | undefined;
}

export function renderSvg(events: readonly (SessionEvent | TimedEvent)[], o: SvgOptions): string {
  const theme = createTheme(true);
  const p = o.palette ?? DARK;
  const frames =
    o.at === undefined
      ? screensOf(events, o, theme)
      : [{ lines: screenAt(events, o.at, o, theme), ms: 0 }];
  const rowIds = new Map<string, number>();
  const defs: string[] = [];
  const film: string[] = [];
  const stops: string[] = [];
  const total = frames.reduce((n, f) => n + f.ms, 0) || 1;
  const height = o.rows * LINE_H;
  let at = 0;
  frames.forEach((frame, i) => {
    const uses: string[] = [];
    frame.lines.forEach((line, r) => {
      const key = lineToAnsi(line);
      if (!key.trim()) return;
      let id = rowIds.get(key);
      if (id === undefined) {
        id = rowIds.size;
        rowIds.set(key, id);
        defs.push(`<g id="r${id}">${rowSvg(line, p)}</g>`);
      }
      uses.push(`<use href="#r${id}" y="${r * LINE_H}"/>`);
    });
    film.push(`<g transform="translate(0 ${i * height})">${uses.join('')}</g>`);
    stops.push(`${((at / total) * 100).toFixed(3)}%{transform:translateY(${-i * height}px)}`);
    at += frame.ms;
  });
  const w = px(o.cols * CHAR_W);
  // A still picture has no animation, so any renderer (a PNG converter, a PDF's figure) draws it.
  const animation =
    frames.length > 1
      ? `@keyframes film{${stops.join('')}100%{transform:translateY(${-(frames.length - 1) * height}px)}}` +
        `#film{animation:film ${(total / 1000).toFixed(2)}s steps(1,end) infinite}`
      : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xml:space="preserve" width="${w}" height="${height}" viewBox="0 0 ${w} ${height}" role="img" aria-label="${escapeXml(o.title ?? 'intentplay session')}">`,
    `<style>text{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:${FONT}px;fill:${p.fg};white-space:pre}${animation}</style>`,
    `<rect width="100%" height="100%" fill="${p.bg}"/>`,
    `<defs>${defs.join('')}</defs>`,
    `<g id="film">${film.join('')}</g>`,
    '</svg>',
    '',
  ].join('\n');
}
