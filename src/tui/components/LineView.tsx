/**
 * Renders `height` lines of a longer list, from `top`: only visible lines reach Ink
 * (virtualised). Every line is fitted to `cols` and holds no line break, so the box needs
 * no `overflow="hidden"`: Ink would clip (re-slice) every line of it on every frame.
 */
import { Box, Text } from 'ink';
import { memo } from 'react';
import { fitLine, type Line } from '../text.ts';

export const StyledLine = memo(function StyledLine({ line, cols }: { line: Line; cols: number }) {
  const fitted = fitLine(line, cols);
  return (
    <Text wrap="truncate-end">
      {fitted.length ? (
        fitted.map((s, i) => (
          <Text key={i} color={s.color} bold={s.bold} dimColor={s.dim} inverse={s.inverse} underline={s.underline} italic={s.italic}>
            {s.text}
          </Text>
        ))
      ) : (
        ' '
      )}
    </Text>
  );
});

export function LineView({ lines, top, height, cols }: { lines: readonly Line[]; top: number; height: number; cols: number }) {
  const visible = lines.slice(top, top + height);
  return (
    <Box flexDirection="column" height={height} width={cols}>
      {visible.map((line, i) => (
        <StyledLine key={top + i} line={line} cols={cols} />
      ))}
    </Box>
  );
}
