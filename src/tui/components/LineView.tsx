/**
 * Renders `height` lines of a longer list, from `top`: only visible lines reach Ink
 * (virtualised). Every line is fitted to `cols` and holds no line break, so the box needs
 * no `overflow="hidden"`: Ink would clip (re-slice) every line of it on every frame.
 */
import chalk, { foregroundColorNames } from 'chalk';
import { Box, Transform } from 'ink';
import { memo } from 'react';
import { fitLine, plainText, width, type Line, type Seg } from '../../text/text.ts';

const COLOR_NAMES: ReadonlySet<string> = new Set(foregroundColorNames);

/** A segment styled as Ink's `<Text>` styles it (same chalk, same order). */
function paint(seg: Seg): string {
  let text = seg.text;
  if (seg.dim) text = chalk.dim(text);
  if (seg.color && COLOR_NAMES.has(seg.color))
    text = chalk[seg.color as (typeof foregroundColorNames)[number]](text);
  else if (seg.color?.startsWith('#')) text = chalk.hex(seg.color)(text);
  if (seg.bold) text = chalk.bold(text);
  if (seg.italic) text = chalk.italic(text);
  if (seg.underline) text = chalk.underline(text);
  if (seg.inverse) text = chalk.inverse(text);
  return text;
}

/**
 * One fitted line. Ink measures the text of every text node on every frame with
 * string-width, whose grapheme walk is slow for anything but plain ASCII (status symbols,
 * rules, ellipses). The line's width is known here, so Ink lays out and measures blanks of
 * that width, and a transform writes the styled line in their place. A screen reader gets
 * the line's text.
 */
export const StyledLine = memo(
  StyledLineView,
  (a, b) => a.cols === b.cols && sameLine(a.line, b.line),
);

/** Lines rebuilt with the same content (the streaming reply, re-wrapped each frame) are not drawn again. */
function sameLine(a: Line, b: Line): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (
      x.text !== y.text ||
      x.color !== y.color ||
      x.bold !== y.bold ||
      x.dim !== y.dim ||
      x.inverse !== y.inverse ||
      x.underline !== y.underline ||
      x.italic !== y.italic
    )
      return false;
  }
  return true;
}

function StyledLineView({ line, cols }: { line: Line; cols: number }) {
  const fitted = fitLine(line, cols);
  const cells = fitted.reduce((n, seg) => n + width(seg.text), 0);
  const styled = cells ? fitted.map(paint).join('') : ' ';
  return (
    <Transform transform={() => styled} accessibilityLabel={plainText(fitted)}>
      {' '.repeat(Math.max(1, cells))}
    </Transform>
  );
}

export function LineView({
  lines,
  top,
  height,
  cols,
}: {
  lines: readonly Line[];
  top: number;
  height: number;
  cols: number;
}) {
  const visible = lines.slice(top, top + height);
  return (
    <Box flexDirection="column" height={height} width={cols}>
      {visible.map((line, i) => (
        <StyledLine key={top + i} line={line} cols={cols} />
      ))}
    </Box>
  );
}
