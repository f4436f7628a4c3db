/** Shown instead of the panes when the terminal is below the minimum size. */
import { Box, Text } from 'ink';
import { MIN_COLUMNS, MIN_ROWS } from '../layout.ts';
import { useTheme } from '../theme.ts';

export function TooSmall({ columns, rows }: { columns: number; rows: number }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column">
      <Text bold color={theme.level.warning}>
        Terminal too small
      </Text>
      <Text wrap="wrap">
        intentplay needs at least {MIN_COLUMNS}×{MIN_ROWS}; this one is {columns}×{rows}. Enlarge
        the window (80×24 or more works well), or use --plain for a line-by-line transcript.
      </Text>
      <Text color={theme.text.secondary}>q quits</Text>
    </Box>
  );
}
