/** The session screen's controller, and selector hooks over its two stores. */
import { createContext, useContext } from 'react';
import type { SessionState } from '../store/reducer.ts';
import { useThrottledStore } from './hooks/useThrottledStore.ts';
import type { ControlState, SessionController } from './session/controller.ts';

export const ControllerContext = createContext<SessionController | null>(null);

export function useController(): SessionController {
  const c = useContext(ControllerContext);
  if (!c) throw new Error('useController outside a session screen');
  return c;
}

/** A slice of the session state, at most ~30 updates a second. Return existing objects, not new ones. */
export function useSession<T>(selector: (s: SessionState) => T): T {
  return useThrottledStore(useController().store, (st) => selector(st.session));
}

export function useControl<T>(selector: (c: ControlState) => T): T {
  return useThrottledStore(useController().control, selector);
}

/** What one pane may ask of the screen around it. */
export interface SessionUi {
  /** Play: puts an intent's reveal text into the input box; sending it marks the intent provided. */
  reveal(intentId: string, text: string): void;
}

export const SessionUiContext = createContext<SessionUi>({ reveal: () => {} });
