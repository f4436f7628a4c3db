/** The box of a list over the panes that picks one row (the tool picker, a replay's tree of forks): a title, then the rows. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { useTheme } from '../theme.ts';
import { truncate } from '../../text/text.ts';

export function PickListBox({
  title,
  width,
  height,
  children,
}: {
  title: string;
  width: number;
  height: number;
  children: ReactNode;
}) {
  const theme = useTheme();
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      borderStyle="round"
      borderColor={theme.border.focused}
      paddingX={1}
    >
      <Text bold color={theme.text.accent}>
        {truncate(title, width - 4)}
      </Text>
      {children}
    </Box>
  );
}
