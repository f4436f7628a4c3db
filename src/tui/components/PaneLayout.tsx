/**
 * The panes of the pane table (panes.ts) where a layout (layout.ts) puts them: side by side
 * (wide), the main pane beside one pane under a tab bar (medium), or one pane under a tab bar
 * of all of them (narrow).
 */
import { Box } from 'ink';
import { useControl } from '../context.tsx';
import type { Box as PaneBox, Layout } from '../layout.ts';
import { paneOf, paneTitle, type PaneId } from '../panes.ts';
import { TabBar } from './TabBar.tsx';

/** @param focus the focused pane, or `input` while the input box has the focus */
export function PaneLayout({
  layout,
  focus,
  width,
}: {
  layout: Layout;
  focus: PaneId | 'input';
  width: number;
}) {
  // A study participant who sees the intents as goals sees them titled so.
  const intents = useControl((c) => c.participant?.intents);
  const render = (id: PaneId, box: PaneBox) => {
    const Pane = paneOf(id).component;
    return <Pane key={id} box={box} focused={focus === id} title={paneTitle(id, intents)} />;
  };
  const [first, second] = layout.panes;
  if (layout.kind === 'wide')
    return <Box flexDirection="row">{layout.panes.map((p) => render(p.id, p.box))}</Box>;
  if (layout.kind === 'medium')
    return (
      <Box flexDirection="row">
        {render(first!.id, first!.box)}
        <Box flexDirection="column">
          <TabBar
            tabs={layout.tabs}
            active={second!.id}
            focused={focus === second!.id}
            width={second!.box.width}
          />
          {render(second!.id, second!.box)}
        </Box>
      </Box>
    );
  return (
    <Box flexDirection="column">
      <TabBar tabs={layout.tabs} active={first!.id} focused={focus !== 'input'} width={width} />
      {render(first!.id, first!.box)}
    </Box>
  );
}
