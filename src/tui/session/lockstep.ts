/**
 * Two (or more) live sessions at the same pace: each session's next agent turn waits until
 * every other session has reached the same point (its session in the run group, then its
 * turn) or finished, and then one shared pacer lets them all through at once. Pausing,
 * stepping and the delay act on both.
 */
import type { Pacer } from './pacer.ts';

type Point = readonly [session: number, turn: number];
const atOrPast = (a: Point, b: Point) => a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]);

export class Lockstep {
  private readonly reached: Point[];
  private readonly finished: boolean[];
  private readonly sessions: number[];
  /** The last session of the run group each side has ended (-1: none yet). */
  private readonly ended: number[];
  private readonly gates = new Map<string, Promise<void>>();
  private waiters: (() => void)[] = [];
  private released = false;
  private readonly releasing = new AbortController();

  constructor(
    sides: number,
    private readonly pacer: Pacer,
  ) {
    this.reached = Array.from({ length: sides }, () => [-1, 0] as const);
    this.finished = Array.from({ length: sides }, () => false);
    this.sessions = Array.from({ length: sides }, () => -1);
    this.ended = Array.from({ length: sides }, () => -1);
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Side `side` started its next session of the run group. */
  sessionStarted(side: number): void {
    this.sessions[side]!++;
  }

  /** Side `side` has nothing more to run: nobody waits for it. */
  finish(side: number): void {
    this.finished[side] = true;
    this.wake();
  }

  /** Every wait returns at once, for good (quit). */
  release(): void {
    this.released = true;
    this.releasing.abort();
    this.pacer.release();
    this.wake();
  }

  /**
   * Side `side` ended its current session and is about to start the next of the chain: it waits
   * until every other side has ended the same session (or has nothing more to run), so no side
   * shows the next session's blank start while the other still plays; then all of them hold the
   * ended sessions' results on screen for `holdMs` together before going on.
   */
  async sessionEnded(side: number, holdMs: number): Promise<void> {
    const session = this.sessions[side]!;
    this.ended[side] = session;
    this.wake();
    while (
      !this.released &&
      !this.ended.every((e, i) => i === side || this.finished[i] || e >= session)
    )
      await new Promise<void>((r) => this.waiters.push(r));
    const key = `end:${session}`;
    let gate = this.gates.get(key);
    if (!gate) {
      gate = this.released ? Promise.resolve() : this.hold(holdMs);
      this.gates.set(key, gate);
    }
    await gate;
  }

  private hold(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.releasing.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), {
        once: true,
      });
    });
  }

  /** The `pace` for side `side`'s engine. */
  paceFor(side: number): (turn: number) => Promise<void> {
    return async (turn) => {
      const point: Point = [this.sessions[side]!, turn];
      this.reached[side] = point;
      this.wake();
      // A side that has ended this session (and waits at the boundary) is past every turn of it.
      const past = (p: Point, i: number) =>
        i === side || this.finished[i] || this.ended[i]! >= point[0] || atOrPast(p, point);
      while (!this.released && !this.reached.every(past))
        await new Promise<void>((r) => this.waiters.push(r));
      const key = point.join(':');
      let gate = this.gates.get(key);
      if (!gate) {
        gate = this.pacer.pace(turn);
        this.gates.set(key, gate);
      }
      await gate;
    };
  }
}
