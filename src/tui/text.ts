/**
 * Styled lines: what the panes render. A pane builds its content as lines of styled
 * segments already wrapped to its width, so a scroll view can render only the visible
 * lines (virtualisation) and every frame stays the same height.
 */
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';

export interface Seg {
  text: string;
  color?: string | undefined;
  bold?: boolean;
  dim?: boolean;
  inverse?: boolean;
  underline?: boolean;
  italic?: boolean;
}
export type Line = readonly Seg[];
export type Style = Omit<Seg, 'text'>;

// eslint-disable-next-line no-control-regex
const CONTROL = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*(?:\x07|\x1b\\)|[\x00-\x08\x0b-\x1f\x7f]/g;

/** Text from a model or a file, made safe for a cell grid: no escapes, no control characters, tabs as spaces. */
export function sanitize(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, '  ').replace(CONTROL, '');
}

export const width = (text: string): number => stringWidth(text);

/** Wraps plain text to `cols` columns (hard-breaking long words), one string per line. */
export function wrap(text: string, cols: number): string[] {
  if (cols <= 0) return [''];
  const out: string[] = [];
  for (const para of sanitize(text).split('\n')) {
    if (!para) {
      out.push('');
      continue;
    }
    out.push(...wrapAnsi(para, cols, { hard: true, trim: false, wordWrap: true }).split('\n'));
  }
  return out;
}

/** Cuts `text` to `cols` columns, ending with … when cut. */
export function truncate(text: string, cols: number): string {
  const clean = sanitize(text).replace(/\n/g, ' ');
  if (width(clean) <= cols) return clean;
  if (cols <= 1) return cols === 1 ? '…' : '';
  let out = '';
  for (const ch of clean) {
    if (width(out + ch) > cols - 1) break;
    out += ch;
  }
  return out + '…';
}

/** `prefix` then `text` wrapped in the remaining width, later lines indented under the text. */
export function wrapWithPrefix(prefix: Line, text: string, cols: number, style: Style = {}): Line[] {
  const pw = prefix.reduce((n, s) => n + width(s.text), 0);
  const body = wrap(text, Math.max(1, cols - pw));
  const indent = ' '.repeat(pw);
  return body.map((t, i) => [...(i === 0 ? prefix : [{ text: indent }]), { ...style, text: t }]);
}

/** One line that fits in `cols`: segments are cut in order, the last cut one ends with …. */
export function fitLine(line: Line, cols: number): Line {
  const out: Seg[] = [];
  let left = cols;
  for (const seg of line) {
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

export const plainText = (line: Line): string => line.map((s) => s.text).join('');
