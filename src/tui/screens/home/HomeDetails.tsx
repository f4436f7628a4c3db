/** The home screen's Details pane: what the picked entry or recording holds, and what the mode does. */
import { LineView } from '../../components/LineView.tsx';
import { Pane, paneInner, type PaneBox } from '../../components/Pane.tsx';
import { useTheme } from '../../theme.ts';
import { wrapWithPrefix, type Line } from '../../../text/text.ts';
import { detailLines, markOverflow, type Item } from './details.ts';
import { HOME_MODES, type HomeMode } from './modes.ts';

export function HomeDetails({
  selected,
  mode,
  box,
  loading,
  filtered,
}: {
  selected: Item | undefined;
  mode: HomeMode;
  box: PaneBox;
  /** The library is still being read. */
  loading: boolean;
  /** A filter narrows the list. */
  filtered: boolean;
}) {
  const theme = useTheme();
  const inner = paneInner(box);
  const details = detailLines(selected, inner.cols, theme, { loading, filtered });
  const picked = HOME_MODES.find((m) => m.mode === mode)!;
  const modeAbout: Line[] = [
    [{ text: '' }],
    ...wrapWithPrefix(
      [{ text: `${picked.label}: `, bold: true, color: theme.text.accent }],
      picked.about,
      inner.cols,
      { color: theme.text.secondary },
    ),
  ];
  // What the picked mode does, for whoever has not used it yet, where the rows leave room for it.
  const rows =
    details.length + modeAbout.length <= inner.rows
      ? [...details, ...modeAbout]
      : markOverflow(details, inner.rows, theme);
  return (
    <Pane title="Details" focused={false} box={box}>
      <LineView lines={rows} top={0} height={inner.rows} cols={inner.cols} />
    </Pane>
  );
}
