/**
 * How many terminal columns text takes, on the fast path: string-width's answer for text
 * with no characters that compose (most text a pane shows), without its grapheme and emoji
 * work, which costs some 100 ms the first time it runs (an Intl.Segmenter and emoji regular
 * expressions) and microseconds per character after. A test checks every BMP character
 * against string-width. The build also routes Ink's own width calls here (scripts/build.mjs).
 */
import { eastAsianWidth } from 'get-east-asian-width';

/** Printable ASCII: one column per character. */
export const ASCII = /^[\x20-\x7e]*$/;

/**
 * Characters whose width is not simply their East Asian width: controls, marks that join
 * the character before them, zero-width and format characters, Hangul jamo (which compose),
 * and anything outside the BMP (emoji). Text without them is one grapheme per character.
 */
export const COMPOSING =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Mn}\p{Mc}\p{Me}\p{Default_Ignorable_Code_Point}\p{Grapheme_Extend}\u0D4E\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF]/u;

/** Colour and style codes (SGR), which string-width does not count. */
// eslint-disable-next-line no-control-regex
const SGR = /\x1b\[[0-9;]*m/g;

/** The width of `text`, or undefined when it holds anything that needs string-width's full work. */
export function simpleWidth(text: string): number | undefined {
  if (ASCII.test(text)) return text.length;
  const plain = text.includes('\u001B') ? text.replace(SGR, '') : text;
  if (COMPOSING.test(plain)) return undefined;
  let w = 0;
  for (let i = 0; i < plain.length; i++) {
    const code = plain.charCodeAt(i);
    w += code < 0x7f ? 1 : eastAsianWidth(code);
  }
  return w;
}
