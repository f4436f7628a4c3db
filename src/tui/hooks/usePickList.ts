/** A list over the panes that picks one row: ↑/↓ move, enter picks, esc closes (the tool picker, a replay's tree of forks). */
import type { Scope } from '../keymap.ts';
import { PRIORITY, useKeyActions } from './keypress.tsx';
import { useListCursor, type ListCursor } from './useListCursor.ts';

export function usePickList<T>(
  scope: Scope,
  items: readonly T[],
  onPick: (item: T) => void,
  onClose: () => void,
): ListCursor {
  const cursor = useListCursor(items.length);
  useKeyActions(
    [scope],
    {
      up: () => cursor.up(),
      down: () => cursor.down(),
      select: () => {
        const item = items[cursor.selected];
        if (item !== undefined) onPick(item);
      },
      close: onClose,
    },
    { priority: PRIORITY.dialog, swallow: true },
  );
  return cursor;
}
