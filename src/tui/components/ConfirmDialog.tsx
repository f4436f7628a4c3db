/** A yes/no question that takes every key until answered. */
import { Box, Text } from 'ink';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { useTheme } from '../theme.ts';

export function ConfirmDialog({ question, detail, onYes, onNo, width }: { question: string; detail?: string; onYes: () => void; onNo: () => void; width: number }) {
  const theme = useTheme();
  useKeyActions(['confirm'], { yes: onYes, no: onNo }, { priority: PRIORITY.dialog, swallow: true });
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.level.warning} paddingX={1} width={Math.min(width, 72)}>
      <Text bold>{question}</Text>
      {detail ? <Text color={theme.text.secondary}>{detail}</Text> : null}
      <Text>
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
