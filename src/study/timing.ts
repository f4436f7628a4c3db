/**
 * Timing of each human message in a study session: from the moment the session waits for the
 * participant (the prompt) to their first keystroke and to sending, on the monotonic clock.
 * A first key typed while the agent still worked gives a negative time to first keystroke.
 * Operator pauses inside the window are summed in `paused_ms` (subtract them if you need to).
 */
export interface MessageTiming {
  session: number;
  turn: number;
  /** ms from the prompt to the first keystroke of this message (negative: typed ahead). */
  first_key_ms: number | null;
  /** ms from the prompt to sending it. */
  send_ms: number;
  paused_ms: number;
  chars: number;
}

export class MessageTimer {
  private promptAt: number | undefined;
  private firstKey: number | undefined;
  private turn = 0;
  private paused = 0;
  private pauseStart: number | undefined;

  constructor(
    private readonly session: number,
    private readonly now: () => number,
  ) {}

  /** The session waits for the participant's message of `turn`. */
  prompt(turn: number): void {
    this.promptAt = this.now();
    this.turn = turn;
    this.paused = 0;
  }

  key(): void {
    this.firstKey ??= this.now();
  }

  pause(on: boolean): void {
    if (on) this.pauseStart ??= this.now();
    else if (this.pauseStart !== undefined) {
      this.paused += this.now() - this.pauseStart;
      this.pauseStart = undefined;
    }
  }

  /** The message went out: its timing, and the next message starts afresh. */
  sent(text: string): MessageTiming | undefined {
    if (this.promptAt === undefined) return undefined;
    const t = this.now();
    const timing: MessageTiming = {
      session: this.session,
      turn: this.turn,
      first_key_ms: this.firstKey === undefined ? null : this.firstKey - this.promptAt,
      send_ms: t - this.promptAt,
      paused_ms: this.paused,
      chars: text.length,
    };
    this.promptAt = undefined;
    this.firstKey = undefined;
    this.paused = 0;
    return timing;
  }
}
