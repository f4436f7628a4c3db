/**
 * A study session's time limit: its clock starts with the first turn (after the opening card),
 * stops while the study is paused, and when it runs out `expired` ends the session.
 */
export class StudyTimeLimit {
  /** Whether the clock has started (the first turn came). */
  armed = false;
  private left: number;
  private since = performance.now();
  private handle: NodeJS.Timeout | undefined;

  constructor(
    ms: number,
    private readonly expired: () => void,
  ) {
    this.left = ms;
  }

  arm(): void {
    this.armed = true;
    this.since = performance.now();
    this.handle = setTimeout(this.expired, Math.max(0, this.left));
  }

  /** Pausing keeps what is left; resuming counts it down again. Nothing before the clock started. */
  pause(paused: boolean): void {
    if (!this.armed) return;
    if (paused) {
      clearTimeout(this.handle);
      this.left -= performance.now() - this.since;
    } else this.arm();
  }

  clear(): void {
    clearTimeout(this.handle);
  }
}
