/**
 * An acp agent's deadline (`--agent-timeout`) that stops while the person at the screen decides a
 * permission request: the time they take is theirs, not the agent's.
 */
export class AgentClock {
  private left: number;
  private since = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private holds = 0;

  constructor(
    ms: number,
    private readonly late: () => void,
  ) {
    this.left = ms;
    this.timer = setTimeout(late, ms);
  }

  /** The clock stops until `wait` settles (a question to the person). */
  async held<T>(wait: Promise<T>): Promise<T> {
    if (this.holds++ === 0) {
      clearTimeout(this.timer);
      this.left -= Date.now() - this.since;
    }
    try {
      return await wait;
    } finally {
      if (--this.holds === 0 && this.timer) {
        this.since = Date.now();
        this.timer = setTimeout(this.late, Math.max(0, this.left));
      }
    }
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
