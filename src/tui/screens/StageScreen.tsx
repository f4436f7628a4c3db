/**
 * The staged screens: `watch --present` (one session, large, with callouts) and
 * `watch --vs` (two agents side by side). Both draw the same lines as the asciicast
 * (src/share/screens.ts) from each side's store, at most ~30 times a second. On `watch --vs`,
 * `f` forks a side from its last turn (versus-fork.tsx).
 */
import { useApp } from 'ink';
import { useEffect, useState } from 'react';
import { LineView } from '../components/LineView.tsx';
import { TooSmall } from '../components/TooSmall.tsx';
import { tooSmall } from '../layout.ts';
import { FRAME_MS } from '../context.tsx';
import { useKeyActions } from '../hooks/keypress.tsx';
import { useTerminalSize } from '../hooks/useTerminalSize.ts';
import { useTheme } from '../theme.ts';
import type { Stage, StageControl } from '../session/stage.ts';
import type { SessionState } from '../../store/state.ts';
import { recentFreshSince } from '../../store/selectors.ts';
import { presentScreen, versusScreen } from '../../share/screens.ts';
import { fmtBackend, fmtScore } from '../../text/format.ts';
import type { SessionController } from '../session/controller.ts';
import { fitHint, Forkable, useVersusKeys } from './versus-fork.tsx';

interface Snapshot {
  sides: { state: SessionState; callout: string | undefined }[];
  control: StageControl;
}

const read = (stage: Stage): Snapshot => ({
  sides: stage.sides.map((s) => ({
    state: s.session.store.getState().session,
    callout: s.callouts.store.getState().text,
  })),
  control: stage.control.getState(),
});

/** The stage's stores as one snapshot, throttled to a frame at a time. */
function useStage(stage: Stage): Snapshot {
  const [snap, setSnap] = useState(() => read(stage));
  useEffect(() => {
    let timer: NodeJS.Timeout | undefined;
    const changed = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        setSnap(read(stage));
      }, FRAME_MS);
    };
    const offs = [
      stage.control.subscribe(changed),
      ...stage.sides.flatMap((s) => [
        s.session.store.subscribe(changed),
        s.callouts.store.subscribe(changed),
      ]),
    ];
    return () => {
      for (const off of offs) off();
      clearTimeout(timer);
    };
  }, [stage]);
  return snap;
}

/** The key hints, the longest that fits: `f` only side by side. */
function hint(c: StageControl, versus: boolean, cols: number): string {
  if (!c.running) return 'q quit';
  const pace = c.auto
    ? `reading pace${c.delayMs ? ` +${c.delayMs} ms` : ''}`
    : `${c.delayMs} ms between turns`;
  const head = `${c.paused ? 'PAUSED · ' : ''}${pace} · space ${c.paused ? 'run' : 'pause'} · s step`;
  return fitHint(
    versus
      ? [
          `${head} · + - pace · f fork a side · ? keys · q quit`,
          `${head} · + - pace · f fork · ? keys · q quit`,
          `${head} · f fork · ? keys · q quit`,
        ]
      : [`${head} · + - pace · ? keys · q quit`, `${head} · + - pace · q quit`],
    cols,
  );
}

export function StageScreen({ stage }: { stage: Stage }) {
  return <Forkable screen={(open) => <StageView stage={stage} open={open} />} />;
}

function StageView({ stage, open }: { stage: Stage; open: (fork: SessionController) => void }) {
  const { exit } = useApp();
  const theme = useTheme();
  const { columns, rows } = useTerminalSize();
  const snap = useStage(stage);
  const [a, b] = snap.sides;
  // The question names each side as its column heads it: its letter and its agent.
  const label = (i: number) =>
    `${stage.sides[i]?.label ?? ''} ${fmtBackend(snap.sides[i]?.state.scenario?.backends.agent)}`;
  const labels = [label(0), label(1)] as const;
  const keys = useVersusKeys({
    labels,
    // While it runs, side by side: `f` pauses the stage while it asks.
    fork: b && snap.control.running ? (side) => stage.fork(side) : undefined,
    open,
    help: { scopes: ['global', 'watch'], filter: { omit: ['takeOver', 'fork'] } },
    width: columns,
    height: rows - 1,
  });
  useKeyActions(['global', ...(b ? (['versus'] as const) : []), 'watch'], {
    quit: () => {
      stage.quit();
      exit();
    },
    pause: () => stage.pacer.togglePause(),
    step: () => stage.pacer.step(),
    faster: () => stage.pacer.faster(),
    slower: () => stage.pacer.slower(),
    ...keys.handlers,
    ...(keys.handlers.forkSide
      ? {
          forkSide: () => {
            if (!stage.pacer.paused) stage.pacer.togglePause();
            keys.handlers.forkSide!();
          },
        }
      : {}),
  });
  if (tooSmall(columns, rows)) return <TooSmall columns={columns} rows={rows} />;
  if (keys.overlay) return keys.overlay;
  // One row short of the terminal, as the session screen: a full-height frame makes Ink clear the screen on every update.
  const size = {
    cols: columns,
    rows: rows - 1,
    theme,
    hint: keys.line ?? hint(snap.control, Boolean(b), columns),
  };
  const lines = b
    ? versusScreen(
        { state: a!.state, callout: a!.callout, freshSince: recentFreshSince(a!.state) },
        { state: b.state, callout: b.callout, freshSince: recentFreshSince(b.state) },
        size,
      )
    : presentScreen(a!.state, {
        ...size,
        callout: a!.callout,
        freshSince: recentFreshSince(a!.state),
      });
  return <LineView lines={lines} top={0} height={lines.length} cols={columns} />;
}

/** What the stage prints when it is over: each side's scores. */
export function stageSummary(stage: Stage): string[] {
  return stage.sides.map((s) => {
    const st = s.session.store.getState().session;
    return `${s.label}: ${st.scenario?.id ?? '?'} · ${st.end?.end ?? 'not finished'} · Proc ${fmtScore(st.scores?.proc)} · Comp ${fmtScore(st.scores?.comp)}`;
  });
}
