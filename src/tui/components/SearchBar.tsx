/** Replay's search line, under the timeline: the words, which match is on screen of how many, the keys. */
import { useControl } from '../context.tsx';
import type { ReplaySearch } from '../hooks/useReplaySearch.ts';
import { useTheme } from '../theme.ts';
import type { Seg } from '../../text/text.ts';
import { LineView } from './LineView.tsx';

/** Where the turn on screen stands among the matches: `turn 3 · match 2 of 4 turns`. */
export function matchText(matches: readonly number[], turn: number, query: string): string {
  if (!query.trim()) return 'type words to find the turns that hold them';
  if (!matches.length) return `no turn holds “${query.trim()}”`;
  const at = matches.indexOf(turn);
  const of = `${matches.length} turn${matches.length === 1 ? '' : 's'}`;
  return at < 0 ? `${of} hold it, not this one` : `turn ${turn} · match ${at + 1} of ${of}`;
}

export function SearchBar({ search, width }: { search: ReplaySearch; width: number }) {
  const theme = useTheme();
  const turn = useControl((c) => c.replay?.turn ?? 0);
  const found = search.matches.includes(turn);
  const segs: Seg[] = [
    { text: `/${search.query}`, bold: true },
    { text: '▏', color: theme.text.accent },
    {
      text: `  ${matchText(search.matches, turn, search.query)}`,
      color: found ? theme.text.accent : theme.text.secondary,
      bold: found,
    },
    { text: '  enter/↓ next · ↑ back · esc clears', color: theme.text.muted },
  ];
  return <LineView lines={[segs]} top={0} height={1} cols={width} />;
}
