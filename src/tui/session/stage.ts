/**
 * Live sessions staged for an audience: `watch --vs` (two agents on the same scenario, in
 * lockstep) and `watch --present` (one session, paced by how long its messages take to
 * read). Each side is an ordinary LiveSession, recorded as usual; the stage owns the pace
 * and the callouts.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SessionSetup } from '../../session/setup.ts';
import type { TimedEvent } from '../../contracts/events.ts';
import type { SessionRunResult } from '../../session/group.ts';
import type { RunGroup } from '../../session/plan.ts';
import type { SessionState } from '../../store/state.ts';
import { forkFromEnd } from '../../fork/run.ts';
import { CalloutFeed } from './callout-feed.ts';
import { LiveSession } from './live.ts';
import { Lockstep } from './lockstep.ts';
import { Pacer, type PaceState } from './pacer.ts';

export interface StageSide {
  label: string;
  session: LiveSession;
  callouts: CalloutFeed;
}

export interface StageControl extends PaceState {
  running: boolean;
  /** Presentation: turns wait as long as their messages take to read. */
  auto: boolean;
}

export interface StageOptions {
  groups: RunGroup[];
  /** One per side: `watch --vs` has two. */
  sides: { label: string; setup: SessionSetup }[];
  /** A fixed wait between agent turns; without it the pace is automatic (reading time). */
  delayMs?: number | undefined;
  paused?: boolean;
  recordingsDir: string;
  maxTurns?: number | undefined;
  /** Every event of every side as it happens (the plain transcript). */
  onEvent?: (side: number, event: TimedEvent) => void;
}

/** Time to read the last turn's messages aloud-ish (about 240 words a minute), longer after a callout. */
export function readingMs(state: SessionState, calloutTurn: number | undefined): number {
  const items = state.turns.at(-1)?.items ?? [];
  let words = 0;
  for (const it of items)
    if (it.kind === 'message') words += it.text.split(/\s+/).filter(Boolean).length;
  const base = Math.min(15_000, Math.max(2000, 1200 + 250 * words));
  return base + (calloutTurn !== undefined && calloutTurn === state.turn ? 2500 : 0);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export class Stage {
  readonly sides: StageSide[];
  readonly control: StoreApi<StageControl>;
  readonly done: Promise<SessionRunResult[][]>;
  /** Pause, step and the delay, for every side at once. */
  readonly pacer: Pacer;
  private readonly lockstep: Lockstep;
  private readonly quitting = new AbortController();
  /** The forks made from the stage (`f`, then a side): stopped with it, their recordings named at exit. */
  readonly forks: LiveSession[] = [];

  constructor(private readonly opts: StageOptions) {
    const auto = opts.delayMs === undefined;
    const initial: PaceState = { paused: Boolean(opts.paused), delayMs: opts.delayMs ?? 0 };
    this.control = createStore<StageControl>()(() => ({ ...initial, running: true, auto }));
    this.pacer = new Pacer(initial, (s) => this.control.setState(s));
    this.lockstep = new Lockstep(opts.sides.length, this.pacer);
    this.sides = opts.sides.map((side, i) => {
      const callouts = new CalloutFeed();
      const paced = this.lockstep.paceFor(i);
      const session: LiveSession = new LiveSession({
        groups: opts.groups,
        setup: side.setup,
        mode: 'watch',
        recordingsDir: opts.recordingsDir,
        ...(opts.maxTurns ? { maxTurns: opts.maxTurns } : {}),
        onEvent: (event) => {
          if (event.type === 'session_start') this.lockstep.sessionStarted(i);
          callouts.push(event);
          opts.onEvent?.(i, event);
        },
        // Side by side, a chain's next session starts on both sides together, after both results were seen.
        between: () =>
          this.lockstep.sessionEnded(
            i,
            Math.max(3000, (this.control.getState().delayMs || 1000) * 3),
          ),
        pace: async (turn) => {
          if (auto && turn > 1)
            await sleep(
              readingMs(session.store.getState().session, callouts.store.getState().turn),
              this.quitting.signal,
            );
          await paced(turn);
        },
      });
      return { label: side.label, session, callouts };
    });
    this.done = Promise.all(
      this.sides.map((s, i) =>
        s.session.done.finally(() => {
          this.lockstep.finish(i);
        }),
      ),
    ).finally(() => this.control.setState({ running: false }));
  }

  /**
   * `f`, then a side: stops the stage (both sides recorded as aborted) and goes on from that
   * side's last judged turn in a fork with its seats, watched paused (`t` takes over, as in any
   * watch). Undefined once the stage is over.
   */
  fork(index: number): LiveSession | undefined {
    const side = this.sides[index];
    // One fork: the first stops the stage.
    if (!side || !this.control.getState().running || this.forks.length) return undefined;
    const request = side.session.done.then(forkFromEnd);
    this.quit();
    const forked = new LiveSession({
      groups: [],
      setup: this.opts.sides[index]!.setup,
      mode: 'watch',
      paused: true,
      delayMs: this.control.getState().delayMs,
      openingCard: false,
      recordingsDir: this.opts.recordingsDir,
      fork: request,
    });
    this.forks.push(forked);
    return forked;
  }

  quit(): void {
    for (const fork of this.forks) fork.quit();
    this.quitting.abort();
    this.lockstep.release();
    for (const s of this.sides) s.session.quit();
  }
}
