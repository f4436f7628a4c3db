/**
 * The home screen's list and its selection: the library's entries, or the recent recordings in
 * replay, narrowed by the `/` filter. Each of the two lists keeps its own place (and the one the
 * app remembered), and a new filter starts at its first match.
 */
import { useMemo, useState } from 'react';
import type { HomeData } from '../../home-data.ts';
import { useListCursor } from '../../hooks/useListCursor.ts';
import { useListFilter } from '../../hooks/useListFilter.ts';
import { useTheme } from '../../theme.ts';
import type { Item } from './details.ts';
import { itemText, libraryItems, narrowed } from './list-lines.ts';
import type { HomeMemory, HomeMode } from './modes.ts';

export function useHomeList(
  data: HomeData,
  mode: HomeMode,
  remembered: HomeMemory | undefined,
  /** False while the keys overlay is open: the filter takes no keys. */
  active: boolean,
) {
  const theme = useTheme();
  const library = useMemo(() => libraryItems(data, theme), [data, theme]);
  const recordings = useMemo<Item[]>(
    () => data.recordings.map((rec) => ({ kind: 'recording', rec })),
    [data],
  );
  const filter = useListFilter(active, remembered?.filter);
  const items = useMemo(() => {
    const all = mode === 'replay' ? recordings : library.items;
    return filter.text ? narrowed(all, (it) => filter.matches(itemText(it)), theme) : all;
  }, [mode, recordings, library.items, filter.text, theme]);
  const entryCursor = useListCursor(mode === 'replay' ? library.items.length : items.length, {
    initial: remembered?.entry ?? 0,
  });
  const recCursor = useListCursor(mode === 'replay' ? items.length : recordings.length, {
    initial: remembered?.recording ?? 0,
  });
  const cursor = mode === 'replay' ? recCursor : entryCursor;
  // A new filter starts at its first match: the selection kept its place in the old list, so
  // enter opened whichever match sat there (the third of three).
  const [filtered, setFiltered] = useState(filter.text);
  if (filtered !== filter.text) {
    setFiltered(filter.text);
    cursor.top();
  }
  return {
    items,
    /** The libraries that could not be read, in words. */
    problems: library.problems,
    filter,
    cursor,
    entryCursor,
    recCursor,
    selected: items[cursor.selected],
  };
}
