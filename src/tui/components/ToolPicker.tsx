/** Play-as-agent: a list of the session's tools; picking one starts a call in the input box. */
import { Box, Text } from 'ink';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { useListCursor, windowTop } from '../hooks/useListCursor.ts';
import type { ToolHint } from '../session/controller.ts';
import { useTheme } from '../theme.ts';
import { truncate } from '../../text/text.ts';

export function ToolPicker({
  tools,
  width,
  height,
  onPick,
  onClose,
}: {
  tools: readonly ToolHint[];
  width: number;
  height: number;
  onPick: (t: ToolHint) => void;
  onClose: () => void;
}) {
  const theme = useTheme();
  const cursor = useListCursor(tools.length);
  useKeyActions(
    ['picker'],
    {
      up: () => cursor.up(),
      down: () => cursor.down(),
      select: () => {
        const t = tools[cursor.selected];
        if (t) onPick(t);
      },
      close: onClose,
    },
    { priority: PRIORITY.dialog, swallow: true },
  );
  const rows = Math.max(1, height - 3);
  const top = windowTop(cursor.selected, cursor.selected + 1, tools.length, rows, 0);
  const cols = width - 4;
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
        {truncate('Call a tool (enter picks, esc closes)', cols)}
      </Text>
      {tools.slice(top, top + rows).map((t, i) => {
        const on = top + i === cursor.selected;
        const params = t.params.map((p) => (p.required ? p.name : `${p.name}?`)).join(' ');
        return (
          <Text key={t.name} wrap="truncate-end" inverse={on}>
            <Text bold color={on ? undefined : theme.role.tool}>
              {t.name}
            </Text>
            <Text>
              {truncate(` ${params} — ${t.description}`, Math.max(1, cols - t.name.length))}
            </Text>
          </Text>
        );
      })}
    </Box>
  );
}
