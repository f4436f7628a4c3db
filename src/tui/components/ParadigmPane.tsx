/**
 * A paradigm's pane (src/contracts/paradigm-view.ts), drawn from its slice of the session state:
 * its blocks of styled lines, scrolled block by block with the pane's cursor keys, under its title
 * and note. The Timeline of a time scenario and the Phone of a proposal scenario are drawn here.
 */
import { useMemo, type ComponentType } from 'react';
import type { ParadigmPane } from '../../contracts/paradigm-view.ts';
import { useControl, useSession } from '../context.tsx';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { cursorActions, useBlockWindow } from '../hooks/useBlockWindow.ts';
import { useListCursor } from '../hooks/useListCursor.ts';
import { useTheme } from '../theme.ts';
import { LineView } from './LineView.tsx';
import { Pane, paneInner, type PaneProps } from './Pane.tsx';

const components = new WeakMap<ParadigmPane, ComponentType<PaneProps>>();

/** The component drawing `pane`: one per pane, so React keeps its cursor across renders. */
export function paradigmPaneComponent(pane: ParadigmPane): ComponentType<PaneProps> {
  let component = components.get(pane);
  if (!component) {
    component = (props: PaneProps) => <SlicePane pane={pane} {...props} />;
    components.set(pane, component);
  }
  return component;
}

function SlicePane({ pane, box, focused, title }: PaneProps & { pane: ParadigmPane }) {
  const theme = useTheme();
  const slice = useSession((s) => s[pane.slice]);
  const scores = useSession((s) => s.scores);
  const seat = useControl((c) => c.mode);
  const { cols, rows } = paneInner(box);
  const blocks = useMemo(
    () => (slice ? pane.blocks(slice, { cols: cols - 1, theme, seat, scores }) : []),
    [pane, slice, cols, theme, seat, scores],
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
  const info = slice && pane.info ? pane.info(slice) : '';
  return (
    <Pane title={title} info={info} focused={focused} box={box}>
      <LineView lines={view.visible} top={0} height={rows} cols={cols} />
    </Pane>
  );
}
