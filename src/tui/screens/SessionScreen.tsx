/**
 * The session screen: the panes of the pane table (or tabs when narrow), the input box when a
 * person plays a role, the replay timeline, and the status bar. Each concern is a hook: the
 * focus and tabs (usePaneFocus), what covers or asks under the panes (useOverlays), the
 * person's seat (useSeat), the screen's keys (useScreenKeys). Each pane reads the store itself.
 */
import { Box } from 'ink';
import { useLayoutEffect, useMemo } from 'react';
import { INPUT_ROWS, InputBox } from '../components/InputBox.tsx';
import { LineView } from '../components/LineView.tsx';
import { PaneLayout } from '../components/PaneLayout.tsx';
import { PermissionPrompt } from '../components/PermissionPrompt.tsx';
import { SessionCover } from '../components/SessionCover.tsx';
import { SessionDialogs } from '../components/SessionDialogs.tsx';
import { StatusBar } from '../components/StatusBar.tsx';
import { SearchBar } from '../components/SearchBar.tsx';
import { TimelineBar } from '../components/TimelineBar.tsx';
import { TooSmall } from '../components/TooSmall.tsx';
import { SessionUiContext, useControl, useController, useSession } from '../context.tsx';
import { useKeyActions } from '../hooks/keypress.tsx';
import { useOverlays, type Cover } from '../hooks/useOverlays.ts';
import { useReplaySearch } from '../hooks/useReplaySearch.ts';
import { usePaneFocus } from '../hooks/usePaneFocus.ts';
import { typesIn, useSeat } from '../hooks/useSeat.ts';
import { useScreenKeys } from '../hooks/useScreenKeys.ts';
import { useTerminalSize } from '../hooks/useTerminalSize.ts';
import type { Scope } from '../keymap.ts';
import { computeLayout, tooSmall } from '../layout.ts';
import { paneKeyScopes, type Pane, type PaneId } from '../panes.ts';
import { paneWants, type PaneWant } from '../pane-widths.ts';
import { sessionHelp } from './session-help.ts';
import { useTheme, type Theme } from '../theme.ts';
import type { ControlState, SessionController, ToolHint } from '../session/controller.ts';
import { shortTime } from '../../text/format.ts';
import { lineWidth, wrapCut, type Line, type Seg } from '../../text/text.ts';

export interface SessionScreenProps {
  /** Leaves the app (after a live run has stopped). */
  onExit: () => void;
  /** Back to the home screen, when the app has one. */
  onBack?: (() => void) | undefined;
  /** Shows another session in place of this one (a fork of the replay). */
  onOpen?: ((controller: SessionController) => void) | undefined;
}

export function SessionScreen({ onExit, onBack, onOpen }: SessionScreenProps) {
  const theme = useTheme();
  const { columns, rows } = useTerminalSize();
  const control = useControl((c) => c);
  const ended = useSession((s) => Boolean(s.end));
  const onPhone = useSession((s) => Boolean(s.phone));
  // Time and proposal scenarios: ctrl+n lets the time pass.
  const passesTime = useSession((s) => Boolean(s.timeline || s.phone));
  const { mode, running, replay } = control;
  const typing = typesIn(mode);
  const overlays = useOverlays();
  const { dialog, open, close } = overlays;
  const focus = usePaneFocus({ typing, running });
  const wants = usePaneWants(focus.panes, control, theme);
  const seat = useSeat({ focus: focus.focus, setFocus: focus.setFocus, dialog, open });
  const keys = useScreenKeys({
    onExit,
    onBack,
    onOpen,
    dialog,
    open,
    cycle: focus.cycle,
    setFocus: focus.setFocus,
    passTime: seat.passTime,
  });
  const search = useReplaySearch(dialog === null && !overlays.cover);

  if (tooSmall(columns, rows))
    return (
      <>
        <ReportShown parts={[]} layout="too small" />
        <TooSmallScreen columns={columns} rows={rows} onQuit={keys.quit} />
      </>
    );

  const banner = bannerLines(control, theme, columns);
  const showInput = typing && running;
  const chrome =
    banner.length +
    (replay ? 1 : 0) +
    (search.open ? 1 : 0) +
    (showInput ? INPUT_ROWS : 0) +
    overlays.dialogRows +
    2;
  const layout = computeLayout(
    columns,
    rows,
    chrome,
    focus.paneFocus,
    focus.side,
    focus.panes,
    wants,
  );
  const paneHeight = layout.height - chrome;
  const scopes: Scope[] = [
    ...(control.opening ? (['opening'] as const) : []),
    ...keys.scopes,
    ...(replay ? (['search'] as const) : []),
    'pane',
    ...paneKeyScopes(focus.panes, mode),
    ...(typing ? (['input'] as const) : []),
    ...(onPhone && mode === 'play' ? (['proposal'] as const) : []),
    ...(mode === 'agent' ? (['agentInput'] as const) : []),
  ];
  const { cover } = overlays;
  const help =
    cover === 'help'
      ? sessionHelp({
          scopes,
          participant: Boolean(control.participant),
          writing: showInput,
          running,
          back: Boolean(onBack) && !running,
          overrides: control.overrides !== false,
          passesTime,
          playsAgent: mode === 'agent',
        })
      : undefined;
  const pickTool = (tool: ToolHint) => {
    seat.insertTool(tool);
    close();
    focus.setFocus('input');
  };

  return (
    <SessionUiContext.Provider value={seat.ui}>
      {/* What the body shows (a study logs it as exposure). */}
      <ReportShown parts={cover ? [cover] : layout.panes.map((p) => p.id)} layout={layout.kind} />
      <Box flexDirection="column" width={columns} height={layout.height}>
        {banner.length ? (
          <LineView lines={banner} top={0} height={banner.length} cols={columns} />
        ) : null}
        {replay ? <TimelineBar width={columns} /> : null}
        {search.open ? <SearchBar search={search} width={columns} /> : null}
        <Box height={paneHeight}>
          {cover ? (
            <SessionCover
              cover={cover}
              width={columns}
              height={paneHeight}
              help={help}
              onClose={close}
              onHideCard={overlays.hideCard}
              onPickTool={pickTool}
              onOpen={onOpen}
            />
          ) : (
            <PaneLayout layout={layout} focus={focus.focus} width={columns} />
          )}
        </Box>
        <SessionDialogs
          dialog={dialog}
          width={columns}
          writing={showInput}
          onQuit={keys.quit}
          onClose={close}
        />
        <PermissionPrompt width={columns} />
        {showInput ? (
          <InputBox
            role={seat.role}
            value={seat.text.value}
            cursor={seat.text.cursor}
            focused={focus.focus === 'input'}
            awaited={seat.awaited && !ended}
            waiting={seat.waiting && !ended}
            note={seat.note ?? inputNote(ended, cover)}
            width={columns}
            phone={onPhone}
            participant={Boolean(control.participant)}
          />
        ) : null}
        <StatusBar
          width={columns}
          typing={showInput && focus.focus === 'input' && dialog === null}
          written={seat.text.value.length > 0}
          searching={search.open}
          home={Boolean(onBack)}
        />
      </Box>
    </SessionUiContext.Provider>
  );
}

/**
 * The columns each shown side pane asks for its lines now (pane-widths.ts), as one string while
 * the store changes, so the screen draws again only when an ask does.
 */
function usePaneWants(
  panes: readonly Pane[],
  control: ControlState,
  theme: Theme,
): Partial<Record<PaneId, PaneWant>> {
  const ids = panes.map((p) => p.id);
  const key = useSession((s) => JSON.stringify(paneWants(ids, s, control, theme)));
  return useMemo(() => JSON.parse(key) as Partial<Record<PaneId, PaneWant>>, [key]);
}

/** Above the panes: a live fork's origin; the error that stopped the run, or a notice; the wait of a time scenario. */
function bannerLines(
  { error, notice, waitingForTime, forkOf }: ControlState,
  theme: Theme,
  columns: number,
): Line[] {
  const banner: Line[] = [];
  if (forkOf) {
    const origin: Seg = {
      text: `┬ a fork of ${forkOf.parent} at turn ${forkOf.turn}`,
      color: theme.text.accent,
    };
    const live: Seg = { text: ': live from the end of that turn', color: theme.text.secondary };
    // A long recording name: the second half goes on a line of its own rather than being cut.
    if (lineWidth([origin, live]) <= columns) banner.push([origin, live]);
    else banner.push([origin], [{ ...live, text: '  live from the end of that turn' }]);
  }
  // An error wraps too (three lines at most): its reason is often at its end.
  if (error)
    banner.push(...wrapCut([], `✗ ${error}`, columns, 3, { color: theme.level.error, bold: true }));
  // A notice wraps (two lines at most, cut with … past them): the scripted agent's says how to
  // play for real at its end, in two lines at 80 columns.
  else if (notice) banner.push(...wrapCut([], notice, columns, 2, { color: theme.level.warning }));
  if (waitingForTime) {
    const wait: Seg = {
      text: `⏱ You wait: ${waitingForTime.passed}${waitingForTime.from ? ` from ${shortTime(waitingForTime.from)}` : ''} until ${shortTime(waitingForTime.at)}. `,
      color: theme.level.info,
      bold: true,
    };
    const keys: Seg = {
      text: 'ctrl+n lets the time pass, or write now',
      color: theme.text.secondary,
    };
    // On a narrow screen the keys go on a line of their own rather than being cut.
    if (lineWidth([wait, keys]) <= columns) banner.push([wait, keys]);
    else banner.push([wait], [keys]);
  }
  return banner;
}

/**
 * Tells the controller what the body shows when that changes, and that it shows nothing once the
 * screen goes. A layout effect: it runs as the frame is drawn, not some time after.
 */
function ReportShown({ parts, layout }: { parts: readonly string[]; layout: string }) {
  const controller = useController();
  const key = parts.join(' ');
  useLayoutEffect(
    () => controller.screenShows?.(key ? key.split(' ') : [], layout),
    [controller, key, layout],
  );
  useLayoutEffect(() => () => controller.screenShows?.([], 'gone'), [controller]);
  return null;
}

function TooSmallScreen({
  columns,
  rows,
  onQuit,
}: {
  columns: number;
  rows: number;
  onQuit: () => void;
}) {
  useKeyActions(['global'], { quit: onQuit });
  return <TooSmall columns={columns} rows={rows} />;
}

/** Why the input box takes no message now, when the seat itself has nothing to say. */
function inputNote(ended: boolean, cover: Cover | undefined): string | undefined {
  if (ended) return 'this session is over';
  if (cover === 'opening_card') return 'the session starts when you press enter on the card';
  return undefined;
}
