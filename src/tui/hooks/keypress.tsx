/**
 * The one keypress dispatcher. A single `useInput` turns each key into its keymap name
 * and offers it to the subscribed handlers, highest priority first (a dialog, then the
 * focused input box or pane, then the screen); the first that handles it wins. Components
 * subscribe with the scopes they serve, so which key does what stays in keymap.ts.
 */
import { useInput, type Key } from 'ink';
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
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

  private queue: KeyPress[] = [];
  private waiting: NodeJS.Timeout | undefined;
  /** The number of the key being handled: a release meant for an earlier key must not let the next one go. */
  private handling = 0;
  /** Set by the provider: renders it for key `n`, together with what the key's handler changed. */
  renderFor: (n: number) => void = () => {};

  /**
   * Keys are handled one at a time, each after the screen has re-rendered from the one
   * before, so a handler never acts on what the screen was two keys ago: keys that arrive
   * together (a fast typist, a paste of keys, tmux send-keys) behave as if typed slowly.
   */
  dispatch(press: KeyPress): void {
    this.queue.push(press);
    if (!this.waiting) this.next();
  }

  /**
   * The provider's render for key `n` committed, and with it whatever that key's handler
   * changed (React renders updates made together in one pass): the next key may go.
   */
  committed(n: number): void {
    if (n !== this.handling || !this.waiting) return;
    setImmediate(() => this.release(n));
  }

  /** Lets the key after `n` go, once. */
  private release(n: number): void {
    if (n !== this.handling || !this.waiting) return;
    clearTimeout(this.waiting);
    this.waiting = undefined;
    this.next();
  }

  private next(): void {
    const press = this.queue.shift();
    if (!press) return;
    const n = ++this.handling;
    // Only for a render that never comes (the screen gone): a fixed wait for the render, as
    // there was, let the next key go first on a loaded machine, where React's render can
    // come well after 50 ms, and a handler then acted on the screen as it was two keys ago.
    this.waiting = setTimeout(() => this.release(n), NO_RENDER_MS);
    for (const s of this.subscribers) if (s.handler.current(press)) break;
    this.renderFor(n);
  }
}

const NO_RENDER_MS = 2000;

const CONTROL_KEYS: Record<string, Partial<Key>> = {
  '\t': { tab: true },
  '\r': { return: true },
  '\u007F': { delete: true },
  '\b': { backspace: true },
};

/**
 * Ink splits a chunk of input only at escape sequences, so "\tr" (tmux send-keys, a fast
 * typist over ssh) arrives as one string. Control characters become keys of their own;
 * runs of text stay together (a paste). Line feeds stay text: pasted lines keep them.
 */
export function splitKeys(input: string, key: Key): KeyPress[] {
  // Esc and tab sent together (tmux send-keys, a fast typist over ssh) reach Ink as one chunk that
  // it reads as a bare "\t" with no key: both keys are meant, and a tab must never become text.
  if (input === '\t' && !key.tab) {
    const none: Key = { ...key, meta: false, ctrl: false, shift: false };
    return [
      { name: 'escape', input: '', key: { ...none, escape: true } },
      { name: 'tab', input: '', key: { ...none, tab: true } },
    ];
  }
  // eslint-disable-next-line no-control-regex
  if (input.length <= 1 || !/[\u0000-\u0009\u000B-\u001F\u007F]/.test(input))
    return [{ name: keyName(input, key), input, key }];
  const plainKey: Key = {
    ...key,
    tab: false,
    return: false,
    delete: false,
    backspace: false,
    ctrl: false,
    shift: false,
    meta: false,
  };
  const out: KeyPress[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ name: keyName(text, plainKey), input: text, key: plainKey });
    text = '';
  };
  for (const ch of input) {
    const code = ch.charCodeAt(0);
    const control = CONTROL_KEYS[ch];
    if (control) {
      flush();
      const k = { ...plainKey, ...control };
      out.push({ name: keyName(ch, k), input: ch, key: k });
    } else if (code >= 1 && code <= 26 && ch !== '\n') {
      flush();
      const letter = String.fromCharCode(code + 96);
      const k = { ...plainKey, ctrl: true };
      out.push({ name: keyName(letter, k), input: letter, key: k });
    } else text += ch;
  }
  flush();
  return out;
}

const DispatcherContext = createContext<Dispatcher | null>(null);

export function KeypressProvider({ children }: { children: ReactNode }) {
  const dispatcher = useMemo(() => new Dispatcher(), []);
  const [rendered, setRendered] = useState(0);
  dispatcher.renderFor = setRendered;
  useLayoutEffect(() => dispatcher.committed(rendered), [dispatcher, rendered]);
  const onInput = useCallback(
    (input: string, key: Key) => {
      for (const press of splitKeys(input, key)) dispatcher.dispatch(press);
    },
    [dispatcher],
  );
  useInput(onInput);
  return <DispatcherContext.Provider value={dispatcher}>{children}</DispatcherContext.Provider>;
}

/** Layers, highest first: a dialog over everything, then text entry, then typing from a pane into the input box (play), then the focused pane, then the screen. */
export const PRIORITY = { dialog: 100, input: 50, typing: 30, pane: 20, screen: 0 } as const;

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
export function useKeyActions(
  scopes: readonly Scope[],
  handlers: ActionHandlers,
  opts: KeyActionOptions = {},
): void {
  const dispatcher = useContext(DispatcherContext);
  const { active = true, priority = PRIORITY.screen } = opts;
  const handler = useRef<Handler>(() => false);
  // Checked at key time, not by (un)subscribing in an effect: effects can run after the next key.
  handler.current = (press) => {
    if (!active) return false;
    const action = actionFor(press.name, scopes);
    const run = action ? handlers[action] : undefined;
    if (run) {
      run();
      return true;
    }
    if (opts.onOtherKey?.(press)) return true;
    return Boolean(opts.swallow);
  };
  // A layout effect: subscribed as soon as the component is on screen, before the next key.
  useLayoutEffect(() => {
    if (!dispatcher) return;
    return dispatcher.subscribe({ priority, handler });
  }, [dispatcher, priority]);
}
