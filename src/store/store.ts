/**
 * The session store: a zustand vanilla store around the one reducer. Components read it
 * through selectors only (`useStore(store, selector)`); the engine, a recording or a test
 * feeds it with `dispatch`.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SessionEvent, TimedEvent } from '../contracts/events.ts';
import { reduce, reduceAll } from './reducer.ts';
import { initialSessionState, type SessionState } from './state.ts';

export interface SessionStoreState {
  session: SessionState;
  dispatch(event: SessionEvent | TimedEvent): void;
  /** Applies many events with one notification (replay, catching up after a pause). */
  dispatchAll(events: readonly (SessionEvent | TimedEvent)[]): void;
  /** Shows a given state (replay scrubbing to a turn). */
  show(session: SessionState): void;
  reset(): void;
}

export type SessionStore = StoreApi<SessionStoreState>;

export function createSessionStore(initial: SessionState = initialSessionState()): SessionStore {
  return createStore<SessionStoreState>()((set) => ({
    session: initial,
    dispatch: (event) => set((s) => ({ session: reduce(s.session, event) })),
    dispatchAll: (events) => set((s) => ({ session: reduceAll(events, s.session) })),
    show: (session) => set({ session }),
    reset: () => set({ session: initialSessionState() }),
  }));
}
