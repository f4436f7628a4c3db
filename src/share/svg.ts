/**
 * An animated SVG of the same frames as the asciicast, for READMEs and slides: like the cast,
 * each frame draws only the cells that changed, and CSS alone shows each frame's drawing at its
 * time. No script, no external reference, so it plays in an <img> on GitHub.
 */
import type { SessionEvent, TimedEvent } from '../contracts/events.ts';
import { createTheme } from '../tui/theme.ts';
import { width, type Seg } from '../text/text.ts';
import { CSS_COLORS } from './ansi.ts';
import {
  blankGrid,
  changedRuns,
  gridOf,
  styleKey,
  styleOf,
  type Grid,
  type Row,
  type Run,
} from './grid.ts';
import { screenAt, screensOf, type CastOptions } from './cast.ts';

const CHAR_W = 8.4;
const LINE_H = 18;
// DejaVu Sans Mono (and Menlo, drawn from it) advance 0.602 em: at 13.95 px a character is CHAR_W
// wide, so glyphs stay on the cell grid and a later frame's background covers them whole.
const FONT = 13.95;

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

/** Cells [from, to) of a row as styled segments, for drawing. */
function segsOf(row: Row, from: number, to: number): Seg[] {
  const segs: Seg[] = [];
  for (let c = from; c < to; c++) {
    const last = segs.at(-1);
    const style = row.styles[c]!;
    if (last && styleKey(last) === style) last.text += row.chars[c];
    else segs.push({ ...styleOf(style), text: row.chars[c]! });
  }
  return segs;
}

/** The classes of text styles (colour, weight, slant, dimming), named as they are first used. */
class TextStyles {
  private names = new Map<string, string>();
  constructor(private p: Palette) {}

  /** The class attribute for a segment's text ('' for the default style). */
  classOf(seg: Seg): string {
    const color = (seg.color && this.p.colors[seg.color]) || this.p.fg;
    const rules = [
      (seg.inverse ? this.p.bg : color) !== this.p.fg
        ? `fill:${seg.inverse ? this.p.bg : color}`
        : '',
      seg.bold ? 'font-weight:bold' : '',
      seg.italic ? 'font-style:italic' : '',
      seg.dim ? 'opacity:0.6' : '',
    ]
      .filter(Boolean)
      .join(';');
    if (!rules) return '';
    let name = this.names.get(rules);
    if (!name) {
      name = `s${this.names.size}`;
      this.names.set(rules, name);
    }
    return ` class="${name}"`;
  }

  css(): string {
    return [...this.names].map(([rules, name]) => `.${name}{${rules}}`).join('');
  }
}

/**
 * The cells that changed on a screen, drawn over an opaque background (a later frame's patch
 * hides what it covers): one path for the backgrounds of every run, the inverse cells' colour
 * boxes, and a text element per run with a span per styled run of cells, blank runs left out.
 */
function patchesSvg(grid: Grid, runs: readonly Run[], p: Palette, styles: TextStyles): string {
  let background = '';
  const boxes: string[] = [];
  const texts: string[] = [];
  for (const { row: r, from, to } of runs) {
    const top = r * LINE_H;
    // A pixel more over a blank neighbour hides the antialiased edge of what was there.
    const blank = (c: number) => grid[r]!.chars[c] === ' ' && grid[r]!.styles[c] === '';
    const left = from * CHAR_W - (blank(from - 1) ? 1 : 0);
    const w = px(to * CHAR_W + (blank(to) ? 1 : 0) - left);
    background += `M${px(left)} ${top}h${w}v${LINE_H}h-${w}z`;
    let col = from;
    const spans: { at: string; text: string }[] = [];
    for (const seg of segsOf(grid[r]!, from, to)) {
      const cells = width(seg.text);
      if (seg.inverse) {
        const color = (seg.color && p.colors[seg.color]) || p.fg;
        boxes.push(
          `<rect x="${px(col * CHAR_W)}" y="${top}" width="${px(cells * CHAR_W)}" height="${LINE_H}" style="fill:${color}"/>`,
        );
      }
      const lead = seg.text.length - seg.text.trimStart().length;
      if (seg.text.trim())
        spans.push({
          at: `x="${px((col + lead) * CHAR_W)}"${styles.classOf(seg)}`,
          text: escapeXml(seg.text.trim()),
        });
      col += cells;
    }
    const y = `y="${top + LINE_H - 5}"`;
    // One styled run is the text element itself: fewer elements for the viewer to lay out.
    if (spans.length === 1) texts.push(`<text ${spans[0]!.at} ${y}>${spans[0]!.text}</text>`);
    else if (spans.length)
      texts.push(
        `<text ${y}>${spans.map((t) => `<tspan ${t.at}>${t.text}</tspan>`).join('')}</text>`,
      );
  }
  return `<path d="${background}"/>${boxes.join('')}${texts.join('')}`;
}

export interface SvgOptions extends CastOptions {
  /** A still picture of the screen at the end of this turn, instead of the film. */
  at?: number | 'end' | undefined;
  palette?: Palette | undefined;
}

/**
 * The film (or, with `at`, one still screen). Each frame is a group of patches: only the cells
 * that changed since the frame before, over their own background. A frame's group appears at
 * its time and stays until the loop starts again, later frames drawn over earlier ones, so the
 * file holds each change once (a 150-turn film of whole screens was 4.2 MB and took seconds
 * to open) and a viewer lays out little more than one screen's text at a time.
 */
export function renderSvg(events: readonly (SessionEvent | TimedEvent)[], o: SvgOptions): string {
  const theme = createTheme(true);
  const p = o.palette ?? DARK;
  const screens =
    o.at === undefined
      ? screensOf(events, o, theme)
      : [{ lines: screenAt(events, o.at, o, theme), ms: 0 }];
  const total = screens.reduce((n, f) => n + f.ms, 0) || 1;
  const height = o.rows * LINE_H;
  const styles = new TextStyles(p);
  const groups: string[] = [];
  const keyframes: string[] = [];
  let shown = blankGrid(o.cols, o.rows);
  let at = 0;
  screens.forEach((screen, i) => {
    const grid = gridOf(screen.lines, o.cols, o.rows);
    const runs = changedRuns(shown, grid);
    shown = grid;
    const start = at;
    at += screen.ms;
    if (!runs.length) return;
    const patches = patchesSvg(grid, runs, p, styles);
    // The first frame is always there; each later one appears at its time, until the loop ends.
    if (i === 0 || screens.length === 1) groups.push(`<g>${patches}</g>`);
    else {
      groups.push(`<g class="f${i}">${patches}</g>`);
      const pct = ((start / total) * 100).toFixed(3);
      keyframes.push(`@keyframes f${i}{0%{visibility:hidden}${pct}%{visibility:visible}}`);
      keyframes.push(`.f${i}{animation-name:f${i}}`);
    }
  });
  const w = px(o.cols * CHAR_W);
  // A still picture has no animation, so any renderer (a PNG converter, a PDF's figure) draws it.
  const animation = keyframes.length
    ? `#film>g{animation-duration:${(total / 1000).toFixed(2)}s;animation-timing-function:step-end;animation-iteration-count:infinite}${keyframes.join('')}`
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xml:space="preserve" width="${w}" height="${height}" viewBox="0 0 ${w} ${height}" role="img" aria-label="${escapeXml(o.title ?? 'intentplay session')}">`,
    `<style>text{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:${FONT}px;fill:${p.fg};white-space:pre}#film path{fill:${p.bg}}${styles.css()}${animation}</style>`,
    `<rect width="100%" height="100%" fill="${p.bg}"/>`,
    `<g id="film">${groups.join('')}</g>`,
    '</svg>',
    '',
  ].join('\n');
}
