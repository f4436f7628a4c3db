/**
 * Where a person's input enters the engine: the UI pushes, a human backend awaits.
 * The engine stays UI-free; any front end (TUI, test, socket) can feed the queue.
 */
import type { PermissionDecision } from '../contracts/events.ts';

export class InputQueue<T> {
  private readonly buffered: T[] = [];
  private readonly waiters: { resolve: (v: T) => void; reject: (e: Error) => void }[] = [];
  private listeners = new Set<(waiting: boolean) => void>();

  push(value: T): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(value);
    else this.buffered.push(value);
    this.notify();
  }

  next(signal?: AbortSignal): Promise<T> {
    const ready = this.buffered.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise<T>((resolve, reject) => {
      const waiter = { resolve, reject };
      this.waiters.push(waiter);
      this.notify();
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          this.notify();
          reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        },
        { once: true },
      );
    });
  }

  /** True while the engine is waiting for input. */
  get waiting(): boolean {
    return this.waiters.length > 0;
  }

  onWaitingChange(listener: (waiting: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const l of this.listeners) l(this.waiting);
  }
}

export type HumanAgentAction =
  { kind: 'tool'; name: string; args: unknown } | { kind: 'reply'; text: string };
export interface HumanUserAction {
  text: string;
  /** Intents this message reveals (marked provided). */
  reveals: string[];
}

export interface HumanPorts {
  agent: InputQueue<HumanAgentAction>;
  user: InputQueue<HumanUserAction>;
  /** A person's answers to an external agent's permission requests. */
  permission: InputQueue<PermissionDecision>;
}

export function createHumanPorts(): HumanPorts {
  return { agent: new InputQueue(), user: new InputQueue(), permission: new InputQueue() };
}
