/** Setting an intent's status by hand: which status (a second, deliberate key), or escape. Recorded as manual. */
import { Box, Text } from 'ink';
import type { IntentStatus } from '../../contracts/events.ts';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { useTheme } from '../theme.ts';
import { CONFIRM_ROWS } from './ConfirmDialog.tsx';

const CHOICES: [key: string, status: IntentStatus][] = [
  ['c', 'completed'],
  ['i', 'inferred'],
  ['p', 'provided'],
  ['u', 'unresolved'],
  ['o', 'open'],
];

export function OverrideDialog({
  intent,
  width,
  onPick,
  onCancel,
}: {
  intent: string;
  width: number;
  onPick: (to: IntentStatus) => void;
  onCancel: () => void;
}) {
  const theme = useTheme();
  useKeyActions(
    ['override'],
    {
      setCompleted: () => onPick('completed'),
      setInferred: () => onPick('inferred'),
      setProvided: () => onPick('provided'),
      setUnresolved: () => onPick('unresolved'),
      setOpen: () => onPick('open'),
      close: onCancel,
    },
    { priority: PRIORITY.dialog, swallow: true },
  );
  return (
    <Box
      flexDirection="column"
      height={CONFIRM_ROWS}
      width={Math.min(width, 100)}
      borderStyle="double"
      borderColor={theme.level.warning}
      paddingX={1}
    >
      <Text bold wrap="truncate-end">{`Set ${intent} by hand? It is recorded as a manual change.`}</Text>
      <Text wrap="truncate-end">
        {CHOICES.map(([key, status]) => (
          <Text key={key}>
            <Text bold color={theme.text.accent}>
              {key}
            </Text>
            {` ${status}   `}
          </Text>
        ))}
      </Text>
      <Text color={theme.text.secondary} wrap="truncate-end">
        esc: leave it as it is
      </Text>
    </Box>
  );
}
