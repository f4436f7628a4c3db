/**
 * The input box of play modes: the user's next message, or the agent's reply or tool
 * call. It shows whose turn it is; sending before the session waits for you is refused
 * with a note rather than queued silently.
 */
import { Box, Text } from 'ink';
import { useTheme } from '../theme.ts';
import { truncate, width as textWidth } from '../../text/text.ts';

export const INPUT_ROWS = 4;

export interface InputBoxProps {
  role: 'user' | 'agent';
  value: string;
  cursor: number;
  focused: boolean;
  /** The session waits for this person now. */
  awaited: boolean;
  /** The user waits for time to pass: what they send now comes before it does. */
  waiting?: boolean;
  note?: string | undefined;
  width: number;
  /** A proposal scenario: the user's input is a move on the phone. */
  phone?: boolean;
  /** A study participant: the placeholder speaks of their message only (no intents, no reveal text). */
  participant?: boolean;
}

/**
 * The slice of `value` around the cursor that fits in `cols`, with a `…` on each side where the
 * text goes on out of sight. The cursor keeps off a cut edge (that cell holds the mark): before,
 * it could sit on the last column and the rest of the text was cut with no mark.
 */
export function visibleInput(
  value: string,
  cursor: number,
  cols: number,
): { text: string; at: number } {
  if (textWidth(value) < cols) return { text: value, at: cursor };
  // At the end the cursor takes the cell after the text; elsewhere one cell stays for the end mark.
  const lead = cursor >= value.length ? cols - 1 : cols - 2;
  const start = Math.max(0, cursor - lead);
  let text = value.slice(start, start + cols);
  if (start > 0) text = `…${text.slice(1)}`;
  if (start + cols < value.length) text = `${text.slice(0, -1)}…`;
  return { text, at: cursor - start };
}

/** The line under the message, for a box of `cols` columns inside its border. */
function statusLine(
  role: 'user' | 'agent',
  awaited: boolean,
  waiting: boolean,
  cols: number,
): string {
  // The longest that fits: at 80 columns the whole one was cut at 'ctrl+n lets the t…'.
  const wait =
    'while you wait: enter sends now (the agent answers first) · ctrl+n lets the time pass';
  if (waiting)
    return wait.length <= cols
      ? wait
      : 'while you wait: enter sends now · ctrl+n lets the time pass';
  if (awaited) return 'enter sends';
  return role === 'user' ? 'the agent is working…' : 'waiting for the user…';
}

/** What the empty input box suggests typing. */
function placeholderText(role: 'user' | 'agent', phone: boolean, participant: boolean): string {
  if (role === 'agent') return 'reply, or /tool key=value … (ctrl+t picks a tool)';
  if (phone)
    return 'a phone move: a number, an action and its fields (a | b), back, home, wait, say TEXT; ctrl+y accepts a proposal, ctrl+r rejects it';
  if (participant) return 'your message';
  return 'your message (enter on an intent puts its reveal text here)';
}

export function InputBox({
  role,
  value,
  cursor,
  focused,
  awaited,
  waiting,
  note,
  width,
  phone,
  participant,
}: InputBoxProps) {
  const theme = useTheme();
  const prompt = role === 'user' ? 'you (user) › ' : 'you (agent) › ';
  const cols = Math.max(4, width - 4 - prompt.length);
  const { text, at } = visibleInput(value, cursor, cols);
  const before = text.slice(0, at);
  const under = text.slice(at, at + 1) || ' ';
  const after = text.slice(at + 1);
  const placeholder = placeholderText(role, Boolean(phone), Boolean(participant));
  const status = note ?? statusLine(role, awaited, Boolean(waiting), width - 2);
  let statusColor = awaited ? theme.text.accent : theme.text.muted;
  if (note) statusColor = theme.level.warning;
  return (
    <Box
      flexDirection="column"
      width={width}
      height={INPUT_ROWS}
      borderStyle="round"
      borderColor={focused ? theme.border.focused : theme.border.normal}
      paddingX={0}
    >
      <Text wrap="truncate-end">
        <Text bold color={role === 'user' ? theme.role.user : theme.role.agent}>
          {prompt}
        </Text>
        {value ? (
          <>
            {before}
            {focused ? <Text inverse>{under}</Text> : under}
            {after}
          </>
        ) : (
          <>
            {focused ? <Text inverse> </Text> : null}
            <Text color={theme.text.muted}>{truncate(placeholder, Math.max(0, cols - 1))}</Text>
          </>
        )}
      </Text>
      <Text wrap="truncate-end" color={statusColor}>
        {truncate(status, width - 2)}
      </Text>
    </Box>
  );
}
