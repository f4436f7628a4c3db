/**
 * `replay FORK --vs PARENT`: two recordings side by side, turn by turn, both at the same turn;
 * a fork beside its parent opens at the turn where they part. Draws the same lines as
 * `watch --vs` (src/share/screens.ts) from each recording's state at that turn.
 */
import { useApp } from 'ink';
import { useMemo, useState } from 'react';
import { LineView } from '../components/LineView.tsx';
import { TooSmall } from '../components/TooSmall.tsx';
import { tooSmall } from '../layout.ts';
import { useKeyActions } from '../hooks/keypress.tsx';
import { useTerminalSize } from '../hooks/useTerminalSize.ts';
import { useTheme } from '../theme.ts';
import type { Recording } from '../../session/recording.ts';
import { createTimeline } from '../../store/replay.ts';
import { recentFreshSince } from '../../store/selectors.ts';
import { versusScreen } from '../../share/screens.ts';

export interface ReplayVersusProps {
  sides: readonly [
    { label: string; recording: Recording },
    { label: string; recording: Recording },
  ];
  /** The turn it opens at. */
  start: number;
}

export function ReplayVersusScreen({ sides, start }: ReplayVersusProps) {
  const { exit } = useApp();
  const theme = useTheme();
  const { columns, rows } = useTerminalSize();
  const timelines = useMemo(() => sides.map((s) => createTimeline(s.recording.events)), [sides]);
  const last = Math.max(...timelines.map((t) => t.lastTurn));
  const [turn, setTurn] = useState(Math.min(start, last));
  const go = (n: number) => setTurn(Math.max(0, Math.min(last, n)));
  useKeyActions(['global', 'replay'], {
    quit: exit,
    turnPrev: () => go(turn - 1),
    turnNext: () => go(turn + 1),
    turnFirst: () => go(0),
    turnLast: () => go(last),
  });
  if (tooSmall(columns, rows)) return <TooSmall columns={columns} rows={rows} />;
  const [a, b] = timelines.map((t, i) => {
    const state = t.stateAt(Math.min(turn, t.lastTurn));
    return { state, label: sides[i]!.label, freshSince: recentFreshSince(state) };
  });
  const hint = `turn ${turn}/${last} (opened at ${start}) · ← → turn · home first · end last · q quit`;
  const lines = versusScreen(a!, b!, { cols: columns, rows: rows - 1, theme, hint });
  return <LineView lines={lines} top={0} height={lines.length} cols={columns} />;
}
