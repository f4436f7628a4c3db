/** The pane tabs of the narrower layouts; the focused pane's tab stands out. */
import { useControl } from '../context.tsx';
import { paneTitle, type PaneId } from '../panes.ts';
import { useTheme } from '../theme.ts';
import type { Seg } from '../../text/text.ts';
import { LineView } from './LineView.tsx';

export function TabBar({
  tabs,
  active,
  focused,
  width,
}: {
  tabs: readonly PaneId[];
  active: PaneId;
  focused: boolean;
  width: number;
}) {
  const theme = useTheme();
  // A study participant's intents pane is their goals card, titled so.
  const intents = useControl((c) => c.participant?.intents);
  const segs: Seg[] = [];
  for (const t of tabs) {
    const on = t === active;
    segs.push(
      {
        text: ` ${paneTitle(t, intents)} `,
        inverse: on,
        bold: on,
        color: on && focused ? theme.text.accent : theme.text.secondary,
      },
      { text: ' ' },
    );
  }
  return <LineView lines={[segs]} top={0} height={1} cols={width} />;
}
