/** A recording behind the session screen: a turn timeline over the same reducer. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Recording } from '../../session/recording.ts';
import { createTimeline, type Timeline } from '../../store/replay.ts';
import { createSessionStore } from '../../store/store.ts';
import type { ControlState, SessionController } from './controller.ts';

export class ReplaySession implements SessionController {
  readonly store;
  readonly control: StoreApi<ControlState>;
  readonly timeline: Timeline;

  /** Opens at `turn` (default: turn 0, the request that starts the session). */
  constructor(recording: Recording, turn?: number) {
    this.timeline = createTimeline(recording.events);
    const start = Math.max(0, Math.min(this.timeline.lastTurn, turn ?? 0));
    this.store = createSessionStore(this.timeline.stateAt(start));
    this.control = createStore<ControlState>()(() => ({
      mode: 'replay',
      running: false,
      paused: true,
      delayMs: 0,
      recordings: [],
      revealIntents: true,
      tools: [],
      replay: {
        turn: start,
        lastTurn: this.timeline.lastTurn,
        changeTurns: this.timeline.statusChangeTurns,
        file: recording.file,
        complete: recording.complete,
      },
    }));
  }

  goToTurn(turn: number): void {
    const replay = this.control.getState().replay!;
    const n = Math.max(0, Math.min(this.timeline.lastTurn, turn));
    if (n === replay.turn) return;
    this.store.getState().show(this.timeline.stateAt(n));
    this.control.setState({ replay: { ...replay, turn: n } });
  }

  quit(): void {}
}
