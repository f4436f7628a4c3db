/**
 * The session screen's focus: which pane has it (or the input box, while a person types), the
 * pane the medium layout shows beside the main one, and the tab order over the panes the
 * session shows (from the pane table, panes.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { useControl, useSession } from '../context.tsx';
import { MAIN_PANE, paneOf, panesShown, type Pane, type PaneId } from '../panes.ts';

export type Focus = PaneId | 'input';

export interface PaneFocus {
  /** The panes the session shows, in display order. */
  panes: readonly Pane[];
  focus: Focus;
  setFocus(focus: Focus): void;
  /** The pane the layout treats as focused: the main pane while the input box has the focus. */
  paneFocus: PaneId;
  /** The medium layout's right-hand pane: the one focused last, at first the one after the main pane. */
  side: PaneId;
  /** tab (1) and shift+tab (-1). */
  cycle(dir: 1 | -1): void;
}

/** @param typing a person types into the input box (play, agent); @param running the session is live */
export function usePaneFocus({
  typing,
  running,
}: {
  typing: boolean;
  running: boolean;
}): PaneFocus {
  const mode = useControl((c) => c.mode);
  // The ids as one string, so the same panes are the same array from frame to frame.
  const shownIds = useSession((s) =>
    panesShown(s, mode)
      .map((p) => p.id)
      .join(' '),
  );
  const panes = useMemo(() => shownIds.split(' ').map((id) => paneOf(id as PaneId)), [shownIds]);
  const [focus, setFocus] = useState<Focus>(typing ? 'input' : MAIN_PANE);
  const [side, setSide] = useState<PaneId>(() => panes.find((p) => p.id !== MAIN_PANE)!.id);

  // Take-over turns watch into play: the person types next.
  useEffect(() => {
    if (typing) setFocus('input');
  }, [typing]);
  useEffect(() => {
    if (focus !== 'input' && focus !== MAIN_PANE) setSide(focus);
  }, [focus]);

  // Playing, tab goes from the input box to the intents first (to reveal one).
  const ids = panes.map((p) => p.id);
  const order: Focus[] =
    typing && running ? ['input', ...ids.filter((p) => p !== MAIN_PANE), MAIN_PANE] : ids;
  const cycle = (dir: 1 | -1) =>
    setFocus((f) => order[(order.indexOf(f) + dir + order.length) % order.length] ?? MAIN_PANE);
  return { panes, focus, setFocus, paneFocus: focus === 'input' ? MAIN_PANE : focus, side, cycle };
}
