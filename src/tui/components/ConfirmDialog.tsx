/**
 * A yes/no question under the panes; always CONFIRM_ROWS tall. It answers only to the keys it
 * names (read from the keymap, so the two never differ). Where nobody writes (watch, replay) it
 * takes every key; while a person writes, its keys are chords and esc, and every other key goes
 * on into the message: a sentence typed after a stray ctrl+d never answers it.
 */
import { Box, Text } from 'ink';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { KEYMAP, keyLabels, type Scope } from '../keymap.ts';
import { useTheme } from '../theme.ts';
import { truncate } from '../../text/text.ts';

export const CONFIRM_ROWS = 5;

/** The keys of `action` in `scope`, as a person reads them: `y/enter/ctrl+c`. */
export const answerKeys = (scope: Scope, action: 'yes' | 'no'): string =>
  keyLabels(KEYMAP.find((b) => b.scope === scope && b.action === action)?.keys ?? []).join('/');

export function ConfirmDialog({
  question,
  detail,
  onYes,
  onNo,
  width,
  scope = 'confirm',
  yesLabel = 'yes',
  noLabel = 'no',
}: {
  question: string;
  detail?: string;
  onYes: () => void;
  onNo: () => void;
  width: number;
  /** `confirm` where nobody writes; `askEnd`/`askQuit` while a person writes a message. */
  scope?: Scope;
  yesLabel?: string;
  noLabel?: string;
}) {
  const theme = useTheme();
  const writing = scope !== 'confirm';
  useKeyActions(
    [scope],
    { yes: onYes, no: onNo },
    // Above an agent's permission request it opened over: esc here says "go on", never "deny".
    { priority: PRIORITY.dialog + 1, swallow: !writing },
  );
  const cols = Math.max(10, Math.min(width, 100) - 4);
  // The longest that fits: at 80 columns the whole sentence was cut at 'typing goes…'.
  const room = Math.max(0, cols - yesLabel.length - noLabel.length - 20);
  const rests = writing
    ? ['nothing else answers: typing goes on into your message', 'typing goes on into your message']
    : ['nothing else answers'];
  const rest = rests.find((r) => r.length + 3 <= room) ?? rests.at(-1)!;
  return (
    <Box
      flexDirection="column"
      height={CONFIRM_ROWS}
      width={cols + 4}
      borderStyle="double"
      borderColor={theme.level.warning}
      paddingX={1}
    >
      <Text bold wrap="truncate-end">
        {truncate(question, cols)}
      </Text>
      <Text color={theme.text.secondary} wrap="truncate-end">
        {truncate(detail ?? '', cols)}
      </Text>
      <Text wrap="truncate-end">
        <Text bold color={theme.text.accent}>
          {answerKeys(scope, 'yes')}
        </Text>{' '}
        {yesLabel}
        {' · '}
        <Text bold color={theme.text.accent}>
          {answerKeys(scope, 'no')}
        </Text>{' '}
        {noLabel}
        <Text color={theme.text.muted}>{truncate(` · ${rest}`, room)}</Text>
      </Text>
    </Box>
  );
}
