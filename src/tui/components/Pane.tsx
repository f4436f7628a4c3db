/** A bordered pane with a title line; its border shows whether it has the focus. */
import { Box } from 'ink';
import type { ReactNode } from 'react';
import { useTheme } from '../theme.ts';
import { StyledLine } from './LineView.tsx';
import { truncate, width as textWidth } from '../../text/text.ts';

export interface PaneBox {
  width: number;
  height: number;
}

/** What the session screen gives each pane of the pane table (src/tui/panes.ts): its box, whether it has the focus, its title. */
export interface PaneProps {
  box: PaneBox;
  focused: boolean;
  title: string;
}

/** Rows and columns inside a pane's border, under its title line. */
export const paneInner = (box: PaneBox) => ({
  cols: Math.max(1, box.width - 2),
  rows: Math.max(1, box.height - 3),
});

/**
 * @param info what the title line says on the right: one text, or alternatives from the fullest
 * to the shortest, of which the first that fits is shown (a score is never cut: its shorter
 * form drops the counts instead).
 */
export function Pane({
  title,
  info,
  focused,
  box,
  children,
}: {
  title: string;
  info?: string | readonly string[];
  focused: boolean;
  box: PaneBox;
  children: ReactNode;
}) {
  const theme = useTheme();
  const { cols } = paneInner(box);
  const room = Math.max(0, cols - textWidth(title) - 2);
  const options = typeof info === 'string' ? [info] : (info ?? []);
  const fits = options.find((o) => textWidth(o) <= room);
  const right = fits ?? (options.length ? truncate(options.at(-1)!, room) : '');
  const gap = Math.max(1, cols - textWidth(title) - textWidth(right));
  return (
    <Box
      flexDirection="column"
      width={box.width}
      height={box.height}
      borderStyle={focused ? 'bold' : 'round'}
      borderColor={focused ? theme.border.focused : theme.border.normal}
    >
      <StyledLine
        line={[
          {
            text: title,
            bold: true,
            color: focused ? theme.text.accent : undefined,
            underline: focused && !theme.color,
          },
          ...(right ? [{ text: ' '.repeat(gap) + right, color: theme.text.secondary }] : []),
        ]}
        cols={cols}
      />
      {children}
    </Box>
  );
}
