/**
 * The seat of a person who plays a role (play: the user; agent: the agent): the input box's
 * text, the reveals it carries, the note under it, and the keys that send, keep silent, let
 * time pass or answer a proposal. While they play, a printable key typed in a pane goes to the
 * input box. The panes reach the seat through the SessionUi it gives them (reveal, override, note).
 */
import { useEffect, useMemo, useState } from 'react';
import { useControl, useController, useSession, type SessionUi } from '../context.tsx';
import { MAIN_PANE } from '../panes.ts';
import { wokenTurn } from '../../store/selectors.ts';
import { parseAgentInput, toolTemplate } from '../session/agent-command.ts';
import type { SessionMode, ToolHint } from '../session/controller.ts';
import { PRIORITY, useKeyActions } from './keypress.tsx';
import { letsTypingThrough, type Dialog } from './useOverlays.ts';
import type { Focus } from './usePaneFocus.ts';
import { useTextInput, type TextInput } from './useTextInput.ts';

/** Whether a person types in this mode (play as the user, or as the agent). */
export const typesIn = (mode: SessionMode): boolean => mode === 'play' || mode === 'agent';

export interface Seat {
  role: 'user' | 'agent';
  text: TextInput;
  note: string | undefined;
  /** It is the person's turn. */
  awaited: boolean;
  /** The user waits for time to pass (time scenarios): they may speak, or let it pass. */
  waiting: boolean;
  /** What the panes may ask of the seat. */
  ui: SessionUi;
  /** ctrl+n: lets the simulated time pass (on a phone: the move `wait`). */
  passTime(): void;
  /** Puts a call of `tool` into the input box, to fill in (agent). */
  insertTool(tool: ToolHint): void;
}

export interface SeatOptions {
  focus: Focus;
  setFocus(focus: Focus): void;
  dialog: Dialog;
  open(dialog: Exclude<Dialog, null>): void;
}

export function useSeat({ focus, setFocus, dialog, open }: SeatOptions): Seat {
  const controller = useController();
  const mode = useControl((c) => c.mode);
  const running = useControl((c) => c.running);
  const tools = useControl((c) => c.tools);
  const waitingForTime = useControl((c) => c.waitingForTime);
  const overridesOn = useControl((c) => c.overrides !== false);
  const awaiting = useSession((s) => s.awaiting);
  const onPhone = useSession((s) => Boolean(s.phone));
  const proposalWaiting = useSession((s) => Boolean(s.phone?.proposals.some((p) => !p.verdict)));
  const woken = useSession(wokenTurn);
  const typing = typesIn(mode);
  const role = mode === 'agent' ? 'agent' : 'user';
  // While the user waits for the world (time scenarios), they may speak: the agent answers first.
  const waiting = role === 'user' && Boolean(waitingForTime);
  const awaited = awaiting?.role === role || waiting;
  const [note, setNote] = useState<string | undefined>();
  // 'not your turn yet', said while the other side worked, is wrong once the turn is theirs.
  useEffect(() => {
    if (awaited) setNote((n) => (n?.startsWith('not your turn yet') ? undefined : n));
  }, [awaited]);
  const [reveals, setReveals] = useState<string[]>([]);
  const text = useTextInput();
  // A question under the panes takes only its chords and esc: other keys go on into the message.
  const writable = dialog === null || letsTypingThrough(dialog);

  // On a phone, a tick passes when the person lets it (ctrl+n: the move `wait`).
  const passTime = () => {
    if (!onPhone) return controller.passTime?.();
    if (!awaited) return setNote('not your turn yet: the agent is still working');
    controller.sendUser?.('wait', []);
  };
  const answer = (yes: boolean) => {
    if (!proposalWaiting) return setNote('no proposal is waiting for your answer');
    if (!awaited) return setNote('not your turn yet: the agent is still working');
    controller.sendUser?.(yes ? 'y' : 'n', []);
    setNote(undefined);
  };
  // A verdict is a deliberate chord (ctrl+y, ctrl+r) from any pane; what is typed stays in the box.
  useKeyActions(
    ['proposal'],
    { acceptProposal: () => answer(true), rejectProposal: () => answer(false) },
    {
      active: mode === 'play' && running && onPhone && dialog === null,
      priority: PRIORITY.input + 1,
    },
  );
  const send = () => {
    // A blank at either end (a stray newline typed before the turn began) is not the message.
    const value = text.current().trim();
    if (!value) return setNote('nothing to send');
    if (mode === 'agent') {
      const parsed = parseAgentInput(value, tools);
      if (!parsed.ok) return setNote(parsed.error);
      if (!awaited) return setNote('not your turn yet: wait for the user');
      controller.sendAgent?.(parsed.action);
    } else {
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
      endSession: () => open('end'),
      toolPicker: () => open('tools'),
      passTime,
      ...(mode === 'play' ? { personaCard: () => open('persona') } : {}),
      keepSilent: () => {
        if (!awaited) return setNote('not your turn yet: wait for the user');
        if (!woken) return setNote('keep silent is for a turn the monitor woke you for');
        controller.sendAgent?.({ kind: 'reply', text: '' });
        setNote(undefined);
      },
    },
    {
      active: focus === 'input' && typing && running && writable,
      priority: PRIORITY.input,
      onOtherKey: (press) => {
        const used = text.edit(press);
        if (used && note) setNote(undefined);
        return used;
      },
    },
  );

  const ui = useMemo<SessionUi>(
    () => ({
      reveal: (id, revealText) => {
        const now = text.current();
        text.set(now ? `${now} ${revealText}` : revealText);
        setReveals((r) => (r.includes(id) ? r : [...r, id]));
        setFocus('input');
      },
      override: (id) =>
        overridesOn
          ? open({ override: id })
          : setNote('setting statuses by hand is off in this session (--no-overrides)'),
      note: setNote,
    }),
    [text, overridesOn, setFocus, open],
  );

  // While you play, every printable key types: a focused pane takes only keys that type nothing
  // (arrows, page keys, enter, tab, esc, ctrl+…), so a sentence never acts on the data.
  useKeyActions(
    [],
    {},
    {
      active: typing && running && focus !== 'input' && writable,
      priority: PRIORITY.typing,
      onOtherKey: (press) => {
        if (
          press.key.ctrl ||
          press.key.meta ||
          !press.input ||
          (press.name !== press.input && press.name !== 'space')
        )
          return false;
        if (press.input === '?' && !text.current()) return false; // help, when nothing is being typed
        setFocus('input');
        return text.edit(press);
      },
    },
  );

  const insertTool = (tool: ToolHint) => {
    // Filled from what the session holds now (its files, its apps), so enter runs it as it is.
    const template = controller.toolTemplate?.(tool) ?? toolTemplate(tool);
    text.set(template.text, template.cursor);
  };
  return { role, text, note, awaited, waiting, ui, passTime, insertTool };
}
