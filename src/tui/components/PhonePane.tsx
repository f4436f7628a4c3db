/**
 * The Phone of a proposal scenario: the tick, the simulated time and the agent's phase
 * (observing, or executing an accepted proposal); the screen the user is on (title, content,
 * actions and their form fields); the notification strip, as the user sees it (previews); every
 * proposal with its verdict; and the user's recent moves. A person playing the user is told
 * how to use the phone by keyboard and how to answer a proposal.
 */
import { useMemo } from 'react';
import { useControl, useSession } from '../context.tsx';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { cursorActions, useBlockWindow } from '../hooks/useBlockWindow.ts';
import { useListCursor } from '../hooks/useListCursor.ts';
import { phoneBlocks } from '../phone-lines.ts';
import { useTheme } from '../theme.ts';
import { LineView } from './LineView.tsx';
import { Pane, paneInner, type PaneProps } from './Pane.tsx';

export function PhonePane({ box, focused, title }: PaneProps) {
  const theme = useTheme();
  const phone = useSession((s) => s.phone);
  const playing = useControl((c) => c.mode === 'play');
  const { cols, rows } = paneInner(box);
  const blocks = useMemo(
    () => (phone ? phoneBlocks(phone, cols - 1, theme, { playing }) : []),
    [phone, cols, theme, playing],
  );
  const cursor = useListCursor(blocks.length);
  const view = useBlockWindow(blocks, cursor.selected, rows, {
    marked: focused,
    gutterColor: theme.text.accent,
  });
  useKeyActions(['pane'], cursorActions(cursor, view.starts, rows), {
    active: focused,
    priority: PRIORITY.pane,
  });
  const pending = phone?.proposals.some((p) => !p.verdict);
  const info = phone
    ? [
        `tick ${phone.tick} · ${phone.phase}${pending ? ' · proposal waiting' : ''}`,
        `tick ${phone.tick}${pending ? ' · proposal' : ''}`,
        `tick ${phone.tick}`,
      ]
    : '';
  return (
    <Pane title={title} info={info} focused={focused} box={box}>
      <LineView
        lines={
          phone
            ? view.visible
            : [[{ text: ' This scenario has no phone.', color: theme.text.muted }]]
        }
        top={0}
        height={rows}
        cols={cols}
      />
    </Pane>
  );
}
