/**
 * The callout a live screen shows: the proactive moments of the latest turn that had any,
 * as one line, from the session's events as they happen (calloutReader decides what counts).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SessionEvent } from '../../contracts/events.ts';
import { calloutReader, summarizeCallouts, type Callout } from '../../share/callouts.ts';

export interface CalloutState {
  /** The line to show, if any. */
  text?: string;
  /** The agent turn it belongs to. */
  turn?: number;
}

export class CalloutFeed {
  readonly store: StoreApi<CalloutState> = createStore<CalloutState>()(() => ({}));
  private current: Callout[] = [];
  private readonly read = calloutReader();

  push(event: SessionEvent): void {
    const c = this.read(event);
    if (event.type === 'session_start') {
      this.current = [];
      this.store.setState({ text: undefined, turn: undefined }, true);
      return;
    }
    if (!c) return;
    this.current = this.current[0]?.turn === c.turn ? [...this.current, c] : [c];
    this.store.setState({ text: summarizeCallouts(this.current), turn: c.turn });
  }
}
