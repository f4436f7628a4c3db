/**
 * A card over the panes (the opening card, the result card, the persona card): its lines scroll
 * with ↑/↓ and the page keys when they do not fit, a marker says there is more, and its footer
 * (the key that goes on) stays in view whatever the height.
 */
import { Box } from 'ink';
import { useState } from 'react';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { useTheme } from '../theme.ts';
import type { Line } from '../../text/text.ts';
import { LineView } from './LineView.tsx';

export interface CardProps {
  lines: readonly Line[];
  /** Always shown under the lines: what a key does here. */
  footer?: readonly Line[];
  width: number;
  height: number;
}

export function Card({ lines, footer = [], width, height }: CardProps) {
  const theme = useTheme();
  const cols = Math.max(10, width - 4);
  const inner = Math.max(1, height - 2);
  const room = Math.max(1, inner - footer.length);
  const overflows = lines.length > room;
  // One row of the room goes to the marker that says what is above or below.
  const rows = overflows ? Math.max(1, room - 1) : room;
  const maxTop = Math.max(0, lines.length - rows);
  const [wanted, setTop] = useState(0);
  const top = Math.min(wanted, maxTop);
  const move = (by: number) => setTop(Math.max(0, Math.min(maxTop, top + by)));
  useKeyActions(
    ['card'],
    {
      up: () => move(-1),
      down: () => move(1),
      pageUp: () => move(-rows),
      pageDown: () => move(rows),
    },
    { priority: PRIORITY.dialog + 1, active: overflows },
  );
  const marker: Line[] = overflows
    ? [
        [
          {
            text: `${top > 0 ? '↑ ' : ''}${top < maxTop ? '↓ ' : ''}lines ${top + 1}–${Math.min(lines.length, top + rows)} of ${lines.length} · ↑/↓ PgUp/PgDn scroll`,
            color: theme.text.muted,
          },
        ],
      ]
    : [];
  const shown = [...lines.slice(top, top + rows), ...marker, ...footer];
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      borderStyle="double"
      borderColor={theme.border.focused}
      paddingX={1}
    >
      <LineView lines={shown} top={0} height={inner} cols={cols} />
    </Box>
  );
}
