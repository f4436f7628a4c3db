/**
 * Styled lines as terminal escape codes, for files (the asciicast). Fixed SGR codes, not
 * chalk's level detection: the same lines give the same bytes on every machine.
 */
import type { Line, Seg } from '../text/text.ts';

const FG: Record<string, number> = {
  black: 30,
  red: 31,
  green: 32,
  yellow: 33,
  blue: 34,
  magenta: 35,
  cyan: 36,
  white: 37,
  gray: 90,
  grey: 90,
};

/** The SGR codes of a style (none when plain). */
export function sgrCodes(seg: Omit<Seg, 'text'>): number[] {
  const codes: number[] = [];
  if (seg.bold) codes.push(1);
  if (seg.dim) codes.push(2);
  if (seg.italic) codes.push(3);
  if (seg.underline) codes.push(4);
  if (seg.inverse) codes.push(7);
  const fg = seg.color ? FG[seg.color] : undefined;
  if (fg) codes.push(fg);
  return codes;
}

function sgr(seg: Seg): string {
  const codes = sgrCodes(seg);
  return codes.length ? `\u001b[${codes.join(';')}m` : '';
}

/** One line with its styles; every styled run ends with a reset. */
export function lineToAnsi(line: Line): string {
  let out = '';
  for (const seg of line) {
    if (!seg.text) continue;
    const on = sgr(seg);
    out += on ? `${on}${seg.text}\u001b[0m` : seg.text;
  }
  return out;
}

/** The colour of a segment as CSS (the SVG and HTML exports), or undefined for the default. */
export const CSS_COLORS: Record<string, string> = {
  black: '#000000',
  red: '#e06c75',
  green: '#98c379',
  yellow: '#e5c07b',
  blue: '#61afef',
  magenta: '#c678dd',
  cyan: '#56b6c2',
  white: '#dcdfe4',
  gray: '#7f848e',
  grey: '#7f848e',
};
