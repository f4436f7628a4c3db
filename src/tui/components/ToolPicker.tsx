/**
 * Play-as-agent: a list of the tools the agent has now; picking one starts a call in the input
 * box. While a proposal scenario's agent observes, only what it may call then is listed.
 */
import { Text } from 'ink';
import { useSession } from '../context.tsx';
import { PickListBox } from './PickListBox.tsx';
import { windowTop } from '../hooks/useListCursor.ts';
import { usePickList } from '../hooks/usePickList.ts';
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
  const observing = useSession((s) => s.phone?.phase === 'observe');
  const offered = observing ? tools.filter((t) => t.observes) : tools;
  const cursor = usePickList('picker', offered, onPick, onClose);
  const rows = Math.max(1, height - 3);
  const top = windowTop(cursor.selected, cursor.selected + 1, offered.length, rows, 0);
  const cols = width - 4;
  return (
    <PickListBox
      title={
        observing
          ? 'Call a tool (observing: changes wait for an accepted proposal · enter picks, esc closes)'
          : 'Call a tool (enter picks, esc closes)'
      }
      width={width}
      height={height}
    >
      {offered.slice(top, top + rows).map((t, i) => {
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
    </PickListBox>
  );
}
