/**
 * The session screen's own keys: help, quit (asking first while the session runs), moving the
 * focus, back to the home screen, the watch's pace, taking over, ending the session, and a
 * replay's turn by turn moves. Returns the scopes they come from, for the help.
 */
import { useCallback } from 'react';
import { useControl, useController } from '../context.tsx';
import type { SessionController } from '../session/controller.ts';
import type { Scope } from '../keymap.ts';
import { PRIORITY, useKeyActions, type ActionHandlers } from './keypress.tsx';
import type { Dialog } from './useOverlays.ts';
import type { Focus } from './usePaneFocus.ts';
import { typesIn } from './useSeat.ts';

export interface ScreenKeyOptions {
  /** Leaves the app (after a live run has stopped). */
  onExit(): void;
  /** Back to the home screen, when the app has one. */
  onBack?: (() => void) | undefined;
  /** Shows another session in place of this one (a fork of the replay). */
  onOpen?: ((controller: SessionController) => void) | undefined;
  dialog: Dialog;
  open(dialog: Exclude<Dialog, null>): void;
  cycle(dir: 1 | -1): void;
  setFocus(focus: Focus): void;
  passTime(): void;
}

export interface ScreenKeys {
  /** The scopes of the screen's keys now, for the help. */
  scopes: Scope[];
  /** Stops the session and leaves. */
  quit(): void;
}

export function useScreenKeys({
  onExit,
  onBack,
  onOpen,
  dialog,
  open,
  cycle,
  setFocus,
  passTime,
}: ScreenKeyOptions): ScreenKeys {
  const controller = useController();
  const mode = useControl((c) => c.mode);
  const running = useControl((c) => c.running);
  const replay = useControl((c) => c.replay);
  const typing = typesIn(mode);

  const quit = useCallback(() => {
    controller.quit();
    onExit();
  }, [controller, onExit]);

  const scopes: Scope[] = [
    'global',
    'session',
    ...(mode === 'watch' && running ? (['watch'] as const) : []),
    ...(mode === 'replay' ? (['replay'] as const) : []),
    ...(typing && running ? (['play'] as const) : []),
    // The tool picker from any pane, as the status bar offers it (not only from the input box).
    ...(mode === 'agent' && running ? (['agentInput'] as const) : []),
  ];
  const goTurn = (t: number | undefined) => t !== undefined && controller.goToTurn?.(t);
  const handlers: ActionHandlers = {
    help: () => open('help'),
    quit: () => (running ? open('quit') : quit()),
    focusNext: () => cycle(1),
    focusPrev: () => cycle(-1),
    ...(onBack && !running ? { back: onBack } : {}),
    pause: () => controller.togglePause?.(),
    step: () => controller.step?.(),
    faster: () => controller.faster?.(),
    slower: () => controller.slower?.(),
    takeOver: () => controller.takeOver?.(),
    focusInput: () => setFocus('input'),
    passTime,
    ...(mode === 'play' ? { personaCard: () => open('persona') } : {}),
    endSession: () => open('end'),
    ...(mode === 'agent' ? { toolPicker: () => open('tools') } : {}),
    fork: () => {
      const forked = controller.fork?.();
      if (forked) onOpen?.(forked);
    },
    ...(replay
      ? {
          turnPrev: () => goTurn(replay.turn - 1),
          turnNext: () => goTurn(replay.turn + 1),
          turnFirst: () => goTurn(0),
          turnLast: () => goTurn(replay.lastTurn),
          nextChange: () => goTurn(replay.changeTurns.find((t) => t > replay.turn)),
          prevChange: () => goTurn(replay.changeTurns.findLast((t) => t < replay.turn)),
          branches: () => open('branches'),
        }
      : {}),
  };
  useKeyActions(scopes, handlers, { active: dialog === null, priority: PRIORITY.screen });
  return { scopes, quit };
}
