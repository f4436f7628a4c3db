/**
 * `replay FORK --vs PARENT`: two recordings side by side, turn by turn, both at the same turn;
 * a fork beside its parent opens at the turn where they part. Draws the same lines as
 * `watch --vs` (src/share/screens.ts) from each recording's state at that turn. `f` forks a
 * side at the turn on screen (versus-fork.tsx).
 */
import { useApp } from 'ink';
import { useMemo, useState } from 'react';
import { LineView } from '../components/LineView.tsx';
import { TooSmall } from '../components/TooSmall.tsx';
import { tooSmall } from '../layout.ts';
import { useKeyActions } from '../hooks/keypress.tsx';
import { useTerminalSize } from '../hooks/useTerminalSize.ts';
import { useTheme } from '../theme.ts';
import type { SessionController } from '../session/controller.ts';
import type { Recording } from '../../session/recording.ts';
import { createTimeline } from '../../store/replay.ts';
import { recentFreshSince } from '../../store/selectors.ts';
import { versusScreen } from '../../share/screens.ts';
import { fitHint, Forkable, useVersusKeys } from './versus-fork.tsx';

export interface ReplayVersusProps {
  sides: readonly [
    { label: string; recording: Recording },
    { label: string; recording: Recording },
  ];
  /** The turn it opens at. */
  start: number;
  /** `f`: a live session going on from the end of `turn` of a side's recording (throws when it cannot). */
  forkWith?: (file: string, turn: number) => SessionController;
}

export function ReplayVersusScreen(props: ReplayVersusProps) {
  return <Forkable screen={(open) => <ReplayVersus {...props} open={open} />} />;
}

function ReplayVersus({
  sides,
  start,
  forkWith,
  open,
}: ReplayVersusProps & { open: (fork: SessionController) => void }) {
  const { exit } = useApp();
  const theme = useTheme();
  const { columns, rows } = useTerminalSize();
  const timelines = useMemo(() => sides.map((s) => createTimeline(s.recording.events)), [sides]);
  const last = Math.max(...timelines.map((t) => t.lastTurn));
  const [turn, setTurn] = useState(Math.min(start, last));
  const go = (n: number) => setTurn(Math.max(0, Math.min(last, n)));
  // A side that ended earlier shows its last turn: that is the turn it forks at.
  const shownTurn = (i: 0 | 1) => Math.min(turn, timelines[i]!.lastTurn);
  const keys = useVersusKeys({
    labels: [sides[0].label, sides[1].label],
    fork: forkWith && ((i) => forkWith(sides[i].recording.file, shownTurn(i))),
    open,
    help: {
      scopes: ['global', 'replay'],
      filter: { omit: ['fork', 'nextChange', 'prevChange', 'search', 'branches'] },
    },
    width: columns,
    height: rows - 1,
  });
  useKeyActions(['global', 'versus', 'replay'], {
    quit: exit,
    turnPrev: () => go(turn - 1),
    turnNext: () => go(turn + 1),
    turnFirst: () => go(0),
    turnLast: () => go(last),
    ...keys.handlers,
  });
  if (tooSmall(columns, rows)) return <TooSmall columns={columns} rows={rows} />;
  if (keys.overlay) return keys.overlay;
  const [a, b] = ([0, 1] as const).map((i) => {
    const state = timelines[i]!.stateAt(shownTurn(i));
    return { state, label: sides[i].label, freshSince: recentFreshSince(state) };
  });
  const fork = forkWith ? ' · f fork a side' : '';
  const hint =
    keys.line ??
    fitHint(
      [
        `turn ${turn}/${last} (opened at ${start}) · ← → turn · home first · end last${fork} · ? keys · q quit`,
        `turn ${turn}/${last} · ← → turn · home end${forkWith ? ' · f fork' : ''} · ? keys · q quit`,
      ],
      columns,
    );
  const lines = versusScreen(a!, b!, { cols: columns, rows: rows - 1, theme, hint });
  return <LineView lines={lines} top={0} height={lines.length} cols={columns} />;
}
