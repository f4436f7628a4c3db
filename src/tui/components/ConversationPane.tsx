/**
 * The conversation: messages, one-line tool calls that expand, notices, and the reply
 * streaming in. Up/down select an item (the view follows the newest one until you move
 * up); enter expands a tool call. Only the visible lines are rendered.
 */
import { useMemo, useState } from 'react';
import { useControl, useSession } from '../context.ts';
import { liveLines, turnBlocks } from '../conversation-lines.ts';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { pageTarget, useBlockWindow } from '../hooks/useBlockWindow.ts';
import { useListCursor } from '../hooks/useListCursor.ts';
import { useTheme } from '../theme.ts';
import { LineView } from './LineView.tsx';
import { Pane, paneInner, type PaneBox } from './Pane.tsx';

export function ConversationPane({ box, focused }: { box: PaneBox; focused: boolean }) {
  const theme = useTheme();
  const turns = useSession((s) => s.turns);
  const stream = useSession((s) => s.stream);
  const awaiting = useSession((s) => s.awaiting);
  const started = useSession((s) => Boolean(s.scenario));
  const mode = useControl((c) => c.mode);
  const { cols, rows } = paneInner(box);
  const textCols = cols - 1; // one column of gutter marks the selected item
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [allExpanded, setAllExpanded] = useState(false);

  const blocks = useMemo(() => {
    const isOpen = (k: string) => allExpanded !== expanded.has(k);
    return turns.flatMap((t) => turnBlocks(t, textCols, isOpen, theme));
  }, [turns, textCols, expanded, allExpanded, theme]);
  const blockLines = useMemo(() => blocks.map((b) => b.lines), [blocks]);

  const you = mode === 'play' ? 'user' : mode === 'agent' ? 'agent' : null;
  const tail = useMemo(() => liveLines(stream, awaiting, textCols, theme, you), [stream, awaiting, textCols, theme, you]);
  const cursor = useListCursor(blocks.length, { follow: true });
  const view = useBlockWindow(blockLines, cursor.selected, rows, { following: cursor.following, marked: focused, tail, gutterColor: theme.text.accent });

  useKeyActions(
    ['conversation', 'pane'],
    {
      up: () => cursor.up(),
      down: () => cursor.down(),
      pageUp: () => cursor.set(pageTarget(view.starts, cursor.selected, rows, -1)),
      pageDown: () => cursor.set(pageTarget(view.starts, cursor.selected, rows, 1)),
      top: () => cursor.top(),
      bottom: () => cursor.bottom(),
      select: () => {
        const key = blocks[cursor.selected]?.toolKey;
        if (!key) return;
        setExpanded((prev) => {
          const next = new Set(prev);
          if (next.has(key)) next.delete(key);
          else next.add(key);
          return next;
        });
      },
      toggleAll: () => {
        setAllExpanded((v) => !v);
        setExpanded(new Set());
      },
    },
    { active: focused, priority: PRIORITY.pane },
  );

  return (
    <Pane title="Conversation" info={view.info} focused={focused} box={box}>
      <LineView lines={started ? view.visible : [[{ text: ' Waiting for the session to start…', color: theme.text.muted }]]} top={0} height={rows} cols={cols} />
    </Pane>
  );
}
