/** A yes/no question that takes every key until answered; always CONFIRM_ROWS tall. */
import { Box, Text } from 'ink';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { useTheme } from '../theme.ts';
import { truncate } from '../../text/text.ts';

export const CONFIRM_ROWS = 5;

export function ConfirmDialog({
  question,
  detail,
  onYes,
  onNo,
  width,
}: {
  question: string;
  detail?: string;
  onYes: () => void;
  onNo: () => void;
  width: number;
}) {
  const theme = useTheme();
  useKeyActions(['confirm'], { yes: onYes, no: onNo }, { priority: PRIORITY.dialog, swallow: true });
  const cols = Math.max(10, Math.min(width, 100) - 4);
  return (
    <Box flexDirection="column" height={CONFIRM_ROWS} width={cols + 4} borderStyle="double" borderColor={theme.level.warning} paddingX={1}>
      <Text bold wrap="truncate-end">
        {truncate(question, cols)}
      </Text>
      <Text color={theme.text.secondary} wrap="truncate-end">
        {truncate(detail ?? '', cols)}
      </Text>
      <Text wrap="truncate-end">
        <Text bold color={theme.text.accent}>
          y
        </Text>{' '}
        yes{'   '}
        <Text bold color={theme.text.accent}>
          n
        </Text>{' '}
        no
      </Text>
    </Box>
  );
}
