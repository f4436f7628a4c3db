/**
 * An acp agent asks to run one of its own tools: the question answers only to its chords (allow
 * once, allow always, deny) and esc; everything else typed goes on into the person's message, so
 * a digit in a sentence never grants anything. Shown only where a person can answer (play, watch).
 */
import { Box, Text } from 'ink';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { useController, useSession } from '../context.tsx';
import { useTheme } from '../theme.ts';
import { truncate } from '../../text/text.ts';
import { permissionArgLines, permissionAsked } from '../../text/permission-text.ts';
import type { PermissionAsk } from '../../store/state.ts';

/** At most this many lines of the tool's arguments (the last says how many more are left out). */
const ARG_LINES = 4;
/** Its border and the lines around the arguments: the tool, its kind and places, the policy, the keys. */
const FRAME_ROWS = 6;

const argLines = (ask: PermissionAsk, cols: number) =>
  permissionArgLines(permissionAsked(ask).args, cols - 2, ARG_LINES);

/** The rows the box takes on screen for this request. */
export function permissionRows(ask: PermissionAsk): number {
  return FRAME_ROWS + Math.min(ARG_LINES, argLines(ask, 80).length);
}

export function PermissionPrompt({ width }: { width: number }) {
  const theme = useTheme();
  const controller = useController();
  const ask = useSession((s) => s.permissionAsk);
  const canAnswer = Boolean(controller.answerPermission);
  useKeyActions(
    ['permission'],
    {
      allowOnce: () => controller.answerPermission?.('allowed'),
      allowAlways: () => controller.answerPermission?.('always'),
      deny: () => controller.answerPermission?.('denied'),
    },
    { priority: PRIORITY.dialog, active: Boolean(ask && canAnswer) },
  );
  if (!ask || !canAnswer) return null;
  const cols = Math.max(10, Math.min(width, 100) - 4);
  const key = (k: string, label: string) => (
    <>
      <Text bold color={theme.text.accent}>
        {k}
      </Text>{' '}
      {label}
      {'   '}
    </>
  );
  return (
    <Box
      flexDirection="column"
      height={permissionRows(ask)}
      width={cols + 4}
      borderStyle="double"
      borderColor={theme.level.warning}
      paddingX={1}
    >
      <Text bold wrap="truncate-end">
        {truncate(`The agent asks to run: ${permissionAsked(ask).tool}`, cols)}
      </Text>
      <Text color={theme.text.secondary} wrap="truncate-end">
        {truncate(
          `${ask.kind ?? 'tool'}${ask.paths.length ? ` · ${ask.paths.join(', ')}` : ''}`,
          cols,
        )}
      </Text>
      {argLines(ask, cols).map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {'  '}
          {line}
        </Text>
      ))}
      <Text color={theme.text.muted} wrap="truncate-end">
        {truncate('Inside the workspace; anything outside it is denied without asking.', cols)}
      </Text>
      <Text wrap="truncate-end">
        {key('ctrl+y', 'allow once')}
        {key('ctrl+a', 'allow always')}
        {key('ctrl+r/esc', 'deny')}
      </Text>
    </Box>
  );
}
