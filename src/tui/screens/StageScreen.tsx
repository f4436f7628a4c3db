/**
 * The staged screens: `watch --present` (one session, large, with callouts) and
 * `watch --vs` (two agents side by side). Both draw the same lines as the asciicast
 * (src/share/screens.ts) from each side's store, at most ~30 times a second.
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
import { fmtScore } from '../../text/format.ts';

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

function hint(c: StageControl): string {
  if (!c.running) return 'q quit';
  const pace = c.auto
    ? `reading pace${c.delayMs ? ` +${c.delayMs} ms` : ''}`
    : `${c.delayMs} ms between turns`;
  return `${c.paused ? 'PAUSED · ' : ''}${pace} · space ${c.paused ? 'run' : 'pause'} · s step · + - pace · q quit`;
}

export function StageScreen({ stage }: { stage: Stage }) {
  const { exit } = useApp();
  const theme = useTheme();
  const { columns, rows } = useTerminalSize();
  const snap = useStage(stage);
  useKeyActions(['global', 'watch'], {
    quit: () => {
      stage.quit();
      exit();
    },
    pause: () => stage.pacer.togglePause(),
    step: () => stage.pacer.step(),
    faster: () => stage.pacer.faster(),
    slower: () => stage.pacer.slower(),
  });
  if (tooSmall(columns, rows)) return <TooSmall columns={columns} rows={rows} />;
  // One row short of the terminal, as the session screen: a full-height frame makes Ink clear the screen on every update.
  const size = { cols: columns, rows: rows - 1, theme, hint: hint(snap.control) };
  const [a, b] = snap.sides;
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
