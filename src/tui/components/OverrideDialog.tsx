/**
 * Setting an intent's status by hand: ↑/↓ highlight a status, ctrl+o (the chord that opened the
 * question) sets it, esc leaves it. No letter answers: the person may be writing, and the letters
 * they go on typing reach their message. Recorded as manual.
 */
import { Box, Text } from 'ink';
import { useState } from 'react';
import type { IntentStatus } from '../../contracts/events.ts';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { keysOf } from '../keymap.ts';
import { useTheme } from '../theme.ts';
import { CONFIRM_ROWS } from './ConfirmDialog.tsx';
import { width as textWidth } from '../../text/text.ts';

/** The box's borders and padding. */
const FRAME = 4;

const CHOICES: readonly IntentStatus[] = [
  'completed',
  'inferred',
  'provided',
  'unresolved',
  'open',
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
  const [at, setAt] = useState(0);
  useKeyActions(
    ['override'],
    {
      prevChoice: () => setAt((i) => (i + CHOICES.length - 1) % CHOICES.length),
      nextChoice: () => setAt((i) => (i + 1) % CHOICES.length),
      select: () => onPick(CHOICES[at]!),
      close: onCancel,
    },
    { priority: PRIORITY.dialog },
  );
  const choose = `${keysOf('prevChoice', 'override')}/${keysOf('nextChoice', 'override')} choose · ${keysOf('select', 'override')} sets it · ${keysOf('close', 'override')} leaves it`;
  // The box is as wide as its longest line where the screen allows; on a narrow one the keys
  // say it in fewer words rather than lose their end.
  const full = `${choose} as it is · nothing else answers: typing goes on into your message`;
  const boxWidth = Math.min(width, Math.max(100, textWidth(full) + FRAME));
  const keys =
    textWidth(full) + FRAME <= boxWidth ? full : `${choose} · letters go to your message`;
  return (
    <Box
      flexDirection="column"
      height={CONFIRM_ROWS}
      width={boxWidth}
      borderStyle="double"
      borderColor={theme.level.warning}
      paddingX={1}
    >
      <Text
        bold
        wrap="truncate-end"
      >{`Set ${intent} by hand? It is recorded as a manual change.`}</Text>
      <Text wrap="truncate-end">
        {CHOICES.map((status, i) => (
          <Text
            key={status}
            inverse={i === at}
            bold={i === at}
            color={i === at ? theme.text.accent : undefined}
          >
            {i === at ? `› ${status}` : `  ${status}`}
            {'  '}
          </Text>
        ))}
      </Text>
      <Text color={theme.text.secondary} wrap="truncate-end">
        {keys}
      </Text>
    </Box>
  );
}
