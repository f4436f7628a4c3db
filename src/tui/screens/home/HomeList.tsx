/** The home screen's list pane: the library or the recent recordings, where the selection stands, or why it is empty. */
import { LineView } from '../../components/LineView.tsx';
import { Pane, paneInner, type PaneBox } from '../../components/Pane.tsx';
import type { ListFilter } from '../../hooks/useListFilter.ts';
import { useTheme } from '../../theme.ts';
import type { Line } from '../../../text/text.ts';
import type { HomeMode } from './modes.ts';

export function HomeList({
  mode,
  visible,
  count,
  selected,
  olderHidden,
  filter,
  problems,
  loading,
  box,
}: {
  mode: HomeMode;
  /** The lines of the list in view. */
  visible: Line[];
  count: number;
  selected: number;
  /** Recordings too old to be listed. */
  olderHidden: number;
  filter: ListFilter;
  /** The libraries that could not be read. */
  problems: Line[];
  loading: boolean;
  box: PaneBox;
}) {
  const theme = useTheme();
  const inner = paneInner(box);
  const olderNote = olderHidden > 0 ? ` · ${olderHidden} older not listed` : '';
  const muted = (text: string): Line[] => [[{ text, color: theme.text.muted }]];
  let emptyList: Line[] = [...problems, ...muted(' No scenarios found.')];
  if (mode === 'replay')
    emptyList = muted(' No recordings in ./recordings yet: watch or play a session first.');
  else if (loading) emptyList = muted(' Reading the library…');
  let listInfo = count ? `${selected + 1}/${count}${olderNote}` : '';
  if (filter.typing || filter.text)
    listInfo = `/${filter.text}${filter.typing ? '▏' : ''}  ${count} shown`;
  return (
    <Pane
      title={mode === 'replay' ? 'Recent recordings' : 'Library'}
      info={listInfo}
      focused
      box={box}
    >
      <LineView lines={count ? visible : emptyList} top={0} height={inner.rows} cols={inner.cols} />
    </Pane>
  );
}
