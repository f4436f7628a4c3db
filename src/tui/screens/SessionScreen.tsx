/**
 * The session screen: four panes (or tabs when narrow), the input box when a person
 * plays a role, the replay timeline, and the status bar. It owns only what spans panes:
 * focus, the input text, dialogs. Each pane reads the store itself.
 */
import { Box } from 'ink';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { CONFIRM_ROWS, ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { PERMISSION_ROWS, PermissionPrompt } from '../components/PermissionPrompt.tsx';
import { OverrideDialog } from '../components/OverrideDialog.tsx';
import { OpeningCard } from '../components/OpeningCard.tsx';
import { PersonaCardOverlay } from '../components/PersonaCard.tsx';
import { ResultCard } from '../components/ResultCard.tsx';
import { HelpOverlay } from '../components/HelpOverlay.tsx';
import { INPUT_ROWS, InputBox } from '../components/InputBox.tsx';
import { LineView } from '../components/LineView.tsx';
import { StatusBar } from '../components/StatusBar.tsx';
import { TabBar } from '../components/TabBar.tsx';
import { TimelineBar } from '../components/TimelineBar.tsx';
import { ToolPicker } from '../components/ToolPicker.tsx';
import { TooSmall } from '../components/TooSmall.tsx';
import { shortTime } from '../../text/format.ts';
import { SessionUiContext, useControl, useController, useSession, type SessionUi } from '../context.tsx';
import { PRIORITY, useKeyActions, type ActionHandlers } from '../hooks/keypress.tsx';
import { useTerminalSize } from '../hooks/useTerminalSize.ts';
import { useTextInput } from '../hooks/useTextInput.ts';
import type { Scope } from '../keymap.ts';
import { computeLayout, tooSmall, type Box as PaneBox } from '../layout.ts';
import { MAIN_PANE, paneKeyScopes, paneOf, panesShown, type PaneId } from '../panes.ts';
import { parseAgentInput, toolTemplate } from '../session/agent-command.ts';
import { sessionHelp } from './session-help.ts';
import { useTheme } from '../theme.ts';
import type { Line } from '../../text/text.ts';

type Focus = PaneId | 'input';
type Dialog = null | 'help' | 'quit' | 'end' | 'tools' | 'persona' | { override: string };

export interface SessionScreenProps {
  /** Leaves the app (after a live run has stopped). */
  onExit: () => void;
  /** Back to the home screen, when the app has one. */
  onBack?: (() => void) | undefined;
}

export function SessionScreen({ onExit, onBack }: SessionScreenProps) {
  const theme = useTheme();
  const controller = useController();
  const { columns, rows } = useTerminalSize();
  const mode = useControl((c) => c.mode);
  const running = useControl((c) => c.running);
  const notice = useControl((c) => c.notice);
  const error = useControl((c) => c.error);
  const replay = useControl((c) => c.replay);
  const tools = useControl((c) => c.tools);
  const awaiting = useSession((s) => s.awaiting);
  // An acp agent's permission request, where a person can answer it.
  const asking = useSession((s) => s.permissionAsk !== null) && Boolean(controller.answerPermission);
  const ended = useSession((s) => Boolean(s.end));
  const shownIds = useSession((s) => panesShown(s, mode).map((p) => p.id).join(' '));
  const shown = useMemo(() => shownIds.split(' ').map((id) => paneOf(id as PaneId)), [shownIds]);
  const onPhone = useSession((s) => Boolean(s.phone));
  const waitingForTime = useControl((c) => c.waitingForTime);
  const between = useControl((c) => c.between);
  const opening = useControl((c) => Boolean(c.opening));
  const participant = useControl((c) => c.participant);
  const [cardHidden, setCardHidden] = useState(false);
  useEffect(() => setCardHidden(false), [between]);

  const typing = mode === 'play' || mode === 'agent';
  const role = mode === 'agent' ? 'agent' : 'user';
  const [focus, setFocus] = useState<Focus>(typing ? 'input' : MAIN_PANE);
  // The medium layout's right-hand pane: the one focused last, at first the one after the main pane.
  const [side, setSide] = useState<PaneId>(() => shown.find((p) => p.id !== MAIN_PANE)!.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  // With the card hidden (esc), enter still starts the next session.
  useKeyActions(['chain'], { continueChain: () => controller.continueChain?.() }, { active: Boolean(between) && cardHidden && dialog === null, priority: PRIORITY.dialog });
  const [note, setNote] = useState<string | undefined>();
  const [reveals, setReveals] = useState<string[]>([]);
  const text = useTextInput();

  // Take-over turns watch into play: the person types next.
  useEffect(() => {
    if (typing) setFocus('input');
  }, [typing]);
  useEffect(() => {
    if (focus !== 'input' && focus !== MAIN_PANE) setSide(focus);
  }, [focus]);

  // Playing, tab goes from the input box to the intents first (to reveal one).
  const panes = shown.map((p) => p.id);
  const order: Focus[] = typing && running ? ['input', ...panes.filter((p) => p !== MAIN_PANE), MAIN_PANE] : panes;
  const cycle = (dir: 1 | -1) => setFocus((f) => order[(order.indexOf(f) + dir + order.length) % order.length] ?? MAIN_PANE);

  const quit = useCallback(() => {
    controller.quit();
    onExit();
  }, [controller, onExit]);

  const screenScopes: Scope[] = ['global', 'session', ...(mode === 'watch' && running ? (['watch'] as const) : []), ...(mode === 'replay' ? (['replay'] as const) : []), ...(typing && running ? (['play'] as const) : [])];
  const goTurn = (t: number | undefined) => t !== undefined && controller.goToTurn?.(t);
  const screenHandlers: ActionHandlers = {
    help: () => setDialog('help'),
    quit: () => (running ? setDialog('quit') : quit()),
    focusNext: () => cycle(1),
    focusPrev: () => cycle(-1),
    ...(onBack && !running ? { back: onBack } : {}),
    pause: () => controller.togglePause?.(),
    step: () => controller.step?.(),
    faster: () => controller.faster?.(),
    slower: () => controller.slower?.(),
    takeOver: () => controller.takeOver?.(),
    focusInput: () => setFocus('input'),
    passTime: () => passTime(),
    ...(mode === 'play' ? { personaCard: () => setDialog('persona') } : {}),
    endSession: () => setDialog('end'),
    ...(replay
      ? {
          turnPrev: () => goTurn(replay.turn - 1),
          turnNext: () => goTurn(replay.turn + 1),
          turnFirst: () => goTurn(0),
          turnLast: () => goTurn(replay.lastTurn),
          nextChange: () => goTurn(replay.changeTurns.find((t) => t > replay.turn)),
          prevChange: () => goTurn(replay.changeTurns.findLast((t) => t < replay.turn)),
        }
      : {}),
  };
  useKeyActions(screenScopes, screenHandlers, { active: dialog === null, priority: PRIORITY.screen });

  const awaited = awaiting?.role === role;
  // On a phone, a tick passes when the person lets it (ctrl+n: the move `wait`).
  const passTime = () => {
    if (!onPhone) return controller.passTime?.();
    if (!awaited) return setNote('not your turn yet: the agent is still working');
    controller.sendUser?.('wait', []);
  };
  const proposalWaiting = useSession((s) => Boolean(s.phone?.proposals.some((p) => !p.verdict)));
  const answer = (yes: boolean) => {
    controller.sendUser?.(yes ? 'y' : 'n', []);
    setNote(undefined);
  };
  // y and n answer a proposal while nothing is typed (to give a reason: type `reject …` or `accept …`).
  useKeyActions(['proposal'], { acceptProposal: () => answer(true), rejectProposal: () => answer(false) }, {
    active: mode === 'play' && running && awaited && proposalWaiting && dialog === null && !text.current(),
    priority: PRIORITY.input + 1,
  });
  const woken = useSession((s) => s.turns.at(-1)?.items.some((i) => i.kind === 'message' && i.role === 'monitor') ?? false);
  const send = () => {
    const value = text.current();
    if (!value.trim()) return setNote('nothing to send');
    if (mode === 'agent') {
      const parsed = parseAgentInput(value, tools);
      if (!parsed.ok) return setNote(parsed.error);
      if (!awaited) return setNote('not your turn yet: wait for the user');
      controller.sendAgent?.(parsed.action);
    } else {
      if (waitingForTime) return setNote('you are waiting for the world to change: ctrl+n lets the time pass');
      if (!awaited) return setNote('not your turn yet: the agent is still working');
      controller.sendUser?.(value, reveals);
      setReveals([]);
    }
    setNote(undefined);
    text.clear();
  };
  useKeyActions(
    mode === 'agent' ? ['input', 'agentInput'] : ['input'],
    {
      send,
      blur: () => setFocus(MAIN_PANE),
      endSession: () => setDialog('end'),
      toolPicker: () => setDialog('tools'),
      passTime,
      ...(mode === 'play' ? { personaCard: () => setDialog('persona') } : {}),
      keepSilent: () => {
        if (!awaited) return setNote('not your turn yet: wait for the user');
        if (!woken) return setNote('keep silent is for a turn the monitor woke you for');
        controller.sendAgent?.({ kind: 'reply', text: '' });
        setNote(undefined);
      },
    },
    {
      active: focus === 'input' && typing && running && dialog === null,
      priority: PRIORITY.input,
      onOtherKey: (press) => {
        const used = text.edit(press);
        if (used && note) setNote(undefined);
        return used;
      },
    },
  );

  const overridesOn = useControl((c) => c.overrides !== false);
  const ui = useMemo<SessionUi>(
    () => ({
      reveal: (id, revealText) => {
        const now = text.current();
        text.set(now ? `${now} ${revealText}` : revealText);
        setReveals((r) => (r.includes(id) ? r : [...r, id]));
        setFocus('input');
      },
      override: (id) => (overridesOn ? setDialog({ override: id }) : setNote('setting statuses by hand is off in this session (--no-overrides)')),
      note: setNote,
    }),
    [text, overridesOn],
  );

  // While you play, every printable key types: a focused pane takes only keys that type nothing
  // (arrows, page keys, enter, tab, esc, ctrl+…), so a sentence never acts on the data.
  useKeyActions([], {}, {
    active: typing && running && focus !== 'input' && dialog === null,
    priority: PRIORITY.typing,
    onOtherKey: (press) => {
      if (press.key.ctrl || press.key.meta || !press.input || (press.name !== press.input && press.name !== 'space')) return false;
      if (press.input === '?' && !text.current()) return false; // help, when nothing is being typed
      setFocus('input');
      return text.edit(press);
    },
  });

  if (tooSmall(columns, rows))
    return (
      <>
        <ReportShown parts={[]} layout="too small" />
        <TooSmallScreen columns={columns} rows={rows} onQuit={quit} />
      </>
    );

  const banner: Line[] = [];
  if (error) banner.push([{ text: `✗ ${error}`, color: theme.level.error, bold: true }]);
  else if (notice) banner.push([{ text: notice, color: theme.level.warning }]);
  if (waitingForTime)
    banner.push([
      { text: `⏱ You wait: ${waitingForTime.passed} until ${shortTime(waitingForTime.at)}. `, color: theme.level.info, bold: true },
      { text: 'ctrl+n lets the time pass', color: theme.text.secondary },
    ]);
  const showInput = typing && running;
  const dialogRows = (dialog === 'quit' || dialog === 'end' || (dialog !== null && typeof dialog === 'object') ? CONFIRM_ROWS : 0) + (asking ? PERMISSION_ROWS : 0);
  const chrome = banner.length + (replay ? 1 : 0) + (showInput ? INPUT_ROWS : 0) + dialogRows + 2;
  const paneFocus: PaneId = focus === 'input' ? MAIN_PANE : focus;
  const layout = computeLayout(columns, rows, chrome, paneFocus, side, shown);
  const paneHeight = layout.height - chrome;
  const scopes: Scope[] = [...(opening ? (['opening'] as const) : []), ...screenScopes, 'pane', ...paneKeyScopes(shown, mode), ...(typing ? (['input'] as const) : []), ...(mode === 'agent' ? (['agentInput'] as const) : [])];

  // What covers the panes, if anything: the body shows it (and a study logs it as exposure).
  const cover =
    dialog === null ? (opening ? 'opening_card' : between && !cardHidden ? 'result_card' : undefined) : dialog === 'help' ? 'help' : dialog === 'persona' ? 'persona_card' : dialog === 'tools' ? 'tool_picker' : undefined;
  let body: ReactNode;
  if (cover === 'opening_card') body = <OpeningCard width={columns} height={paneHeight} onBegin={() => controller.begin?.()} />;
  else if (cover === 'result_card') body = <ResultCard width={columns} height={paneHeight} onContinue={() => controller.continueChain?.()} onHide={() => setCardHidden(true)} />;
  else if (cover === 'help') {
    const help = sessionHelp({ scopes, participant: Boolean(participant), writing: showInput, running, back: Boolean(onBack) && !running, overrides: overridesOn, passesTime: shown.some((p) => p.id === 'timeline' || p.id === 'phone') });
    body = <HelpOverlay scopes={help.scopes} filter={help.filter} width={columns} height={paneHeight} onClose={() => setDialog(null)} />;
  }
  else if (cover === 'persona_card') body = <PersonaCardOverlay width={columns} height={paneHeight} onClose={() => setDialog(null)} />;
  else if (cover === 'tool_picker')
    body = (
      <ToolPicker
        tools={tools}
        width={columns}
        height={paneHeight}
        onClose={() => setDialog(null)}
        onPick={(t) => {
          const template = toolTemplate(t);
          text.set(template.text, template.cursor);
          setDialog(null);
          setFocus('input');
        }}
      />
    );
  else {
    const render = (id: PaneId, box: PaneBox) => {
      const { component: Pane, title } = paneOf(id);
      return <Pane key={id} box={box} focused={focus === id} title={title} />;
    };
    body =
      layout.kind === 'wide' ? (
        <Box flexDirection="row">{layout.panes.map((p) => render(p.id, p.box))}</Box>
      ) : layout.kind === 'medium' ? (
        <Box flexDirection="row">
          {render(layout.panes[0]!.id, layout.panes[0]!.box)}
          <Box flexDirection="column">
            <TabBar tabs={layout.tabs} active={layout.panes[1]!.id} focused={focus === layout.panes[1]!.id} width={layout.panes[1]!.box.width} />
            {render(layout.panes[1]!.id, layout.panes[1]!.box)}
          </Box>
        </Box>
      ) : (
        <Box flexDirection="column">
          <TabBar tabs={layout.tabs} active={paneFocus} focused={focus !== 'input'} width={columns} />
          {render(paneFocus, layout.panes[0]!.box)}
        </Box>
      );
  }

  return (
    <SessionUiContext.Provider value={ui}>
      <ReportShown parts={cover ? [cover] : layout.panes.map((p) => p.id)} layout={layout.kind} />
      <Box flexDirection="column" width={columns} height={layout.height}>
        {banner.length ? <LineView lines={banner} top={0} height={banner.length} cols={columns} /> : null}
        {replay ? <TimelineBar width={columns} /> : null}
        <Box height={paneHeight}>{body}</Box>
        {dialog === 'quit' ? (
          <ConfirmDialog
            question="Quit while the session runs?"
            detail="It stops now, recorded as aborted (the recording so far is kept)."
            width={columns}
            onYes={quit}
            onNo={() => setDialog(null)}
          />
        ) : null}
        {dialog !== null && typeof dialog === 'object' ? (
          <OverrideDialog
            intent={dialog.override}
            width={columns}
            onPick={(to) => {
              controller.override?.(dialog.override, to);
              setDialog(null);
            }}
            onCancel={() => setDialog(null)}
          />
        ) : null}
        {dialog === 'end' ? (
          <ConfirmDialog
            question="End the session now?"
            detail="Open intents become unresolved; the checklist is graded and scored."
            width={columns}
            onYes={() => {
              controller.endSession?.();
              setDialog(null);
            }}
            onNo={() => setDialog(null)}
          />
        ) : null}
        <PermissionPrompt width={columns} />
        {showInput ? <InputBox role={role} value={text.value} cursor={text.cursor} focused={focus === 'input'} awaited={awaited && !ended} note={note} width={columns} phone={onPhone} /> : null}
        <StatusBar width={columns} typing={showInput && focus === 'input' && dialog === null} />
      </Box>
    </SessionUiContext.Provider>
  );
}

/**
 * Tells the controller what the body shows when that changes, and that it shows nothing once the
 * screen goes. A layout effect: it runs as the frame is drawn, not some time after.
 */
function ReportShown({ parts, layout }: { parts: readonly string[]; layout: string }) {
  const controller = useController();
  const key = parts.join(' ');
  useLayoutEffect(() => controller.screenShows?.(key ? key.split(' ') : [], layout), [controller, key, layout]);
  useLayoutEffect(() => () => controller.screenShows?.([], 'gone'), [controller]);
  return null;
}

function TooSmallScreen({ columns, rows, onQuit }: { columns: number; rows: number; onQuit: () => void }) {
  useKeyActions(['global'], { quit: onQuit });
  return <TooSmall columns={columns} rows={rows} />;
}
