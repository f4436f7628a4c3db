/**
 * Watch mode's pace: awaited by the engine before each agent turn (runGroup's `pace`).
 * Pausing holds the next turn; a step lets exactly one through; the delay between turns
 * changes at once, even while waiting.
 */
export const PACE_STEPS_MS = [0, 250, 500, 1000, 2000, 4000] as const;

export interface PaceState {
  paused: boolean;
  delayMs: number;
}

export class Pacer {
  private state: PaceState;
  private steps = 0;
  private off = false;
  private waiters: (() => void)[] = [];

  constructor(
    initial: PaceState,
    private readonly onChange: (s: PaceState) => void = () => {},
  ) {
    this.state = { ...initial };
  }

  get paused(): boolean {
    return this.state.paused;
  }

  get delayMs(): number {
    return this.state.delayMs;
  }

  private set(patch: Partial<PaceState>): void {
    this.state = { ...this.state, ...patch };
    this.onChange(this.state);
    this.wake();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  togglePause(): void {
    this.steps = 0;
    this.set({ paused: !this.state.paused });
  }

  /** While running: pause after the turn in progress. While paused: run one turn. */
  step(): void {
    if (!this.state.paused) return this.set({ paused: true });
    this.steps++;
    this.wake();
  }

  faster(): void {
    const i = PACE_STEPS_MS.findLastIndex((ms) => ms < this.state.delayMs);
    if (i >= 0) this.set({ delayMs: PACE_STEPS_MS[i]! });
  }

  slower(): void {
    const next = PACE_STEPS_MS.find((ms) => ms > this.state.delayMs);
    if (next !== undefined) this.set({ delayMs: next });
  }

  /** Stops pacing for good (take-over, quit): every wait returns. */
  release(): void {
    this.off = true;
    this.wake();
  }

  /** The agent turn whose wait between turns was already spent before the simulated user wrote. */
  private spentFor = 0;

  /**
   * Watch: the wait between turns comes before the simulated user writes the message that opens
   * `turn + 1` (and a pause holds it there), so a take-over during that wait comes before the
   * message, never a turn late. The agent turn that follows then starts without a second wait.
   */
  readonly beforeUser = async (turn: number): Promise<void> => {
    await this.wait(turn + 1, false);
    this.spentFor = turn + 1;
  };

  /** Awaited before each agent turn (runGroup's `pace`). */
  readonly pace = (turn: number): Promise<void> => this.wait(turn, true);

  private async wait(turn: number, takesStep: boolean): Promise<void> {
    let waitedFrom = performance.now();
    for (;;) {
      if (this.off) return;
      if (this.state.paused) {
        if (this.steps > 0) {
          if (takesStep) this.steps--;
          return;
        }
        await this.changed();
        waitedFrom = performance.now();
        continue;
      }
      const left = this.state.delayMs - (performance.now() - waitedFrom);
      if (turn === 1 || left <= 0 || this.spentFor === turn) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([new Promise<void>((r) => (timer = setTimeout(r, left))), this.changed()]);
      clearTimeout(timer);
    }
  }
}
