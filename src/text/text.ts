/**
 * Styled lines: what the panes render. A pane builds its content as lines of styled
 * segments already wrapped to its width, so a scroll view can render only the visible
 * lines (virtualisation) and every frame stays the same height.
 */
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import { ASCII, simpleWidth } from './cell-width.ts';
import type { Line, Seg, Style } from '../contracts/styled.ts';

export { COMPOSING } from './cell-width.ts';

export type { Line, Seg, Style } from '../contracts/styled.ts';

/**
 * What a terminal would act on rather than show: escape sequences (CSI, OSC such as a window
 * title or a clipboard write, DCS/APC/PM/SOS strings, two-character ESC commands) in their
 * 7-bit and 8-bit (C1) forms, every other C0/C1 control but tab and newline, DEL, and the bidi
 * embeddings, overrides and isolates that reorder what a reader sees (U+202A–202E, U+2066–2069).
 */
const CONTROL = new RegExp(
  [
    String.raw`(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]`,
    String.raw`(?:\x1b[\]P_^X]|[\x90\x98\x9d-\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?`,
    String.raw`\x1b[ -/]*[0-~]`,
    String.raw`[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]`,
  ].join('|'),
  'g',
);
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\r]/; // eslint-disable-line no-control-regex

/**
 * The one sanitizer for text others control (scenario files, agents, models, recordings) on its
 * way to a terminal or an export: line ends kept (a lone CR, which would overwrite a line, is a
 * line end), tabs kept, everything CONTROL matches removed.
 */
export function stripControls(text: string): string {
  return UNSAFE.test(text) ? text.replace(/\r\n?/g, '\n').replace(CONTROL, '') : text;
}

/** Text made safe for a cell grid: stripControls, and tabs as spaces. */
export function sanitize(text: string): string {
  return stripControls(text).replace(/\t/g, '  ');
}

/** One line of it: line ends become spaces, so a title cannot forge a line of its own. */
export function oneLine(text: string): string {
  return stripControls(text).replace(/\n/g, ' ');
}

/** A JSON-like value (an event, a recording header) with stripControls applied to every string; the same object when nothing needed it. */
export function cleanStrings<T>(value: T): T {
  if (typeof value === 'string') return stripControls(value) as T;
  if (!value || typeof value !== 'object') return value;
  let changed = false;
  const clean = (v: unknown) => {
    const c = cleanStrings(v);
    if (c !== v) changed = true;
    return c;
  };
  if (Array.isArray(value)) {
    const out = value.map(clean);
    return changed ? (out as T) : value;
  }
  const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v)]));
  return changed ? (out as T) : value;
}

// Widths of the other non-ASCII strings seen (emoji, combining marks) repeat frame after frame.
const widthCache = new Map<string, number>();

/** Columns `text` takes in a terminal: string-width's answer, on the fast path when cell-width.ts has one. */
export function width(text: string): number {
  const simple = simpleWidth(text);
  if (simple !== undefined) return simple;
  let w = widthCache.get(text);
  if (w === undefined) {
    w = stringWidth(text);
    if (widthCache.size > 5000) widthCache.clear();
    widthCache.set(text, w);
  }
  return w;
}

/** Word-wraps one ASCII paragraph, breaking words longer than a line. */
function wrapAscii(para: string, cols: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of para.split(/(?<= )/)) {
    // `word` keeps its trailing space; it fits when its text (without the space) fits.
    if (line && line.length + word.trimEnd().length > cols) {
      out.push(line.trimEnd());
      line = '';
    }
    let w = word;
    while (w.trimEnd().length > cols) {
      out.push(w.slice(0, cols));
      w = w.slice(cols);
    }
    line += w;
  }
  out.push(line.trimEnd());
  return out;
}

/** Wraps plain text to `cols` columns (hard-breaking long words), one string per line. */
export function wrap(text: string, cols: number): string[] {
  if (cols <= 0) return [''];
  const out: string[] = [];
  for (const para of sanitize(text).split('\n')) {
    if (!para) out.push('');
    else if (ASCII.test(para)) out.push(...(para.length <= cols ? [para] : wrapAscii(para, cols)));
    // As for ASCII: the first line keeps its indentation; the space a line breaks at goes
    // with the break (wrap-ansi, not trimming, moves it to the next line's start when the
    // word before it fills the line).
    else
      out.push(
        ...wrapAnsi(para, cols, { hard: true, trim: false, wordWrap: true })
          .split('\n')
          .map((line, i) => (i ? line.replace(/^ /, '') : line).trimEnd()),
      );
  }
  return out;
}

/** Cuts `text` to `cols` columns, ending with … when cut. */
export function truncate(text: string, cols: number): string {
  const clean = sanitize(text).replace(/\n/g, ' ');
  if (ASCII.test(clean)) {
    if (clean.length <= cols) return clean;
    return cols <= 0 ? '' : clean.slice(0, cols - 1) + '…';
  }
  // One pass: the characters that fit in cols - 1, and whether the rest fits too.
  let out = '';
  let used = 0;
  let cut = -1;
  for (const ch of clean) {
    const w = ch.charCodeAt(0) < 0x7f ? 1 : width(ch);
    if (cut < 0 && used + w > cols - 1) cut = out.length;
    used += w;
    if (used > cols) break;
    out += ch;
  }
  if (used <= cols) return clean;
  if (cols <= 0) return '';
  out = out.slice(0, cut);
  return out + '…';
}

/** `prefix` then `text` wrapped in the remaining width, later lines indented under the text. */
export function wrapWithPrefix(
  prefix: Line,
  text: string,
  cols: number,
  style: Style = {},
): Line[] {
  const pw = prefix.reduce((n, s) => n + width(s.text), 0);
  const body = wrap(text, Math.max(1, cols - pw));
  const indent = ' '.repeat(pw);
  return body.map((t, i) => [...(i === 0 ? prefix : [{ text: indent }]), { ...style, text: t }]);
}

/** One line that fits in `cols`: segments are cut in order, the last cut one ends with …. */
export function fitLine(line: Line, cols: number): Line {
  const out: Seg[] = [];
  let left = cols;
  for (const raw of line) {
    // One screen line: a stray line break would push the pane's content past its height.
    const seg = /[\r\n]/.test(raw.text)
      ? { ...raw, text: raw.text.replace(/\r?\n|\r/g, ' ') }
      : raw;
    const w = width(seg.text);
    if (w <= left) {
      out.push(seg);
      left -= w;
      continue;
    }
    if (left > 0) out.push({ ...seg, text: truncate(seg.text, left) });
    break;
  }
  return out;
}

/**
 * A one-line summary made of parts joined by ` · ` (`✔ I1 completed · turn 1 · evidence`), broken
 * at those joins into as many lines as `cols` needs, each further line `indent`ed and starting
 * with `· `: the parts are kept whole, where cutting the line would lose its end. A part wider
 * than `cols` stays whole (the pane then cuts it).
 */
export function breakAtDots(line: Line, cols: number, indent = '  '): Line[] {
  if (lineWidth(line) <= cols) return [line];
  const parts: Seg[][] = [[]];
  for (const seg of line)
    seg.text.split(' · ').forEach((text, i) => {
      if (i > 0) parts.push([]);
      if (text) parts.at(-1)!.push({ ...seg, text: i > 0 ? `· ${text}` : text });
    });
  const out: Seg[][] = [];
  for (const part of parts.filter((p) => p.length)) {
    const last = out.at(-1);
    if (last && lineWidth(last) + 1 + lineWidth(part) <= cols) last.push({ text: ' ' }, ...part);
    else out.push(last ? [{ text: indent }, ...part] : [...part]);
  }
  return out;
}

export const plainText = (line: Line): string => line.map((s) => s.text).join('');

/** Columns a line takes. */
export const lineWidth = (line: Line): number => line.reduce((n, s) => n + width(s.text), 0);

/**
 * Columns [from, from + cols) of a line, for scrolling sideways: `‹` in the first column says
 * the line goes on to the left, `›` in the last that it goes on to the right.
 */
export function sliceLine(line: Line, from: number, cols: number, marker: Style = {}): Line {
  const total = lineWidth(line);
  if (from <= 0 && total <= cols) return line;
  const left = from > 0 ? 1 : 0;
  const right = total > from + cols ? 1 : 0;
  const start = from + left;
  const end = from + cols - right;
  const out: Seg[] = left ? [{ ...marker, text: '‹' }] : [];
  let at = 0;
  for (const seg of line) {
    let text = '';
    for (const ch of seg.text) {
      const w = width(ch);
      if (at >= start && at + w <= end) text += ch;
      else if (at < start && at + w > start) text += ' '; // a wide character cut in half
      at += w;
      if (at >= end) break;
    }
    if (text) out.push({ ...seg, text });
    if (at >= end) break;
  }
  if (right) {
    const used = lineWidth(out);
    if (used < cols - 1) out.push({ text: ' '.repeat(cols - 1 - used) });
    out.push({ ...marker, text: '›' });
  }
  return out;
}

/**
 * `wrapWithPrefix`, at most `maxLines` lines: when the text needs more, the last line holds
 * what is left cut with …, so a cut always shows.
 */
export function wrapCut(
  prefix: Line,
  text: string,
  cols: number,
  maxLines: number,
  style: Style = {},
): Line[] {
  const pw = lineWidth(prefix);
  const body = wrap(text, Math.max(1, cols - pw));
  const keep = Math.max(1, maxLines);
  const shown =
    body.length <= keep
      ? body
      : [...body.slice(0, keep - 1), truncate(body.slice(keep - 1).join(' '), cols - pw)];
  const indent = ' '.repeat(pw);
  return shown.map((t, i) => [...(i === 0 ? prefix : [{ text: indent }]), { ...style, text: t }]);
}

/**
 * `wrapWithPrefix`, at most `maxLines` lines: what is left over is counted on a last line
 * (`… 40 more lines`), so a detail that quotes a whole file never fills a pane.
 */
export function wrapBounded(
  prefix: Line,
  text: string,
  cols: number,
  maxLines: number,
  style: Style = {},
  moreStyle: Style = style,
): Line[] {
  const lines = wrapWithPrefix(prefix, text, cols, style);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(1, maxLines - 1));
  const pw = prefix.reduce((n, s) => n + width(s.text), 0);
  return [
    ...kept,
    [
      { text: ' '.repeat(pw) },
      { ...moreStyle, text: `… ${lines.length - kept.length} more lines` },
    ],
  ];
}
