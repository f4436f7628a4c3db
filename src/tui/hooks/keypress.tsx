/**
 * The one keypress dispatcher. A single `useInput` turns each key into its keymap name
 * and offers it to the subscribed handlers, highest priority first (a dialog, then the
 * focused input box or pane, then the screen); the first that handles it wins. Components
 * subscribe with the scopes they serve, so which key does what stays in keymap.ts.
 */
import { useInput, type Key } from 'ink';
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { actionFor, keyName, type Action, type Scope } from '../keymap.ts';

export interface KeyPress {
  name: string;
  input: string;
  key: Key;
}

/** Returns true when it handled the key. */
type Handler = (press: KeyPress) => boolean;

interface Subscriber {
  priority: number;
  handler: { current: Handler };
}

class Dispatcher {
  private subscribers: Subscriber[] = [];

  subscribe(s: Subscriber): () => void {
    this.subscribers = [...this.subscribers, s].sort((a, b) => b.priority - a.priority);
    return () => {
      this.subscribers = this.subscribers.filter((x) => x !== s);
    };
  }

  dispatch(press: KeyPress): void {
    for (const s of this.subscribers) if (s.handler.current(press)) return;
  }
}

const DispatcherContext = createContext<Dispatcher | null>(null);

export function KeypressProvider({ children }: { children: ReactNode }) {
  const dispatcher = useMemo(() => new Dispatcher(), []);
  useInput((input, key) => dispatcher.dispatch({ name: keyName(input, key), input, key }));
  return <DispatcherContext.Provider value={dispatcher}>{children}</DispatcherContext.Provider>;
}

/** Layers, highest first: a dialog over everything, then text entry, then the focused pane, then the screen. */
export const PRIORITY = { dialog: 100, input: 50, pane: 20, screen: 0 } as const;

export type ActionHandlers = Partial<Record<Action, () => void>>;

export interface KeyActionOptions {
  active?: boolean;
  priority?: number;
  /** Sees keys no action matched (text entry); returns true when it used the key. */
  onOtherKey?: Handler;
  /** Keys that stop here even when unbound (a modal dialog swallows everything). */
  swallow?: boolean;
}

/** Subscribes `handlers` for the actions bound in `scopes` (tried in order). */
export function useKeyActions(scopes: readonly Scope[], handlers: ActionHandlers, opts: KeyActionOptions = {}): void {
  const dispatcher = useContext(DispatcherContext);
  const { active = true, priority = PRIORITY.screen } = opts;
  const handler = useRef<Handler>(() => false);
  handler.current = (press) => {
    const action = actionFor(press.name, scopes);
    const run = action ? handlers[action] : undefined;
    if (run) {
      run();
      return true;
    }
    if (opts.onOtherKey?.(press)) return true;
    return Boolean(opts.swallow);
  };
  useEffect(() => {
    if (!dispatcher || !active) return;
    return dispatcher.subscribe({ priority, handler });
  }, [dispatcher, active, priority]);
}
