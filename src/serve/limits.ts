/**
 * What one browser connection may send: keys arrive as messages of at most MAX_INPUT characters
 * (a paste included), at most RATE a second on average with bursts of BURST; what is over is
 * dropped and the connection told. A client that cannot keep up with the frames is dropped
 * (its page reconnects and gets the screen afresh) rather than buffered without end.
 */
export const MAX_INPUT = 4096;
export const MAX_MESSAGE = 16 * 1024;
export const RATE = 40;
export const BURST = 200;
/** Bytes waiting to be sent to one client before it is dropped. */
export const MAX_BUFFERED = 4 * 1024 * 1024;
/** The smallest terminal a browser may ask for, and the largest. */
export const MIN_SIZE = { cols: 80, rows: 24 };
export const MAX_SIZE = { cols: 400, rows: 200 };

/** A token bucket: take() says whether one more message may pass now. */
export class RateLimit {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond = RATE,
    private readonly burst = BURST,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** A size the browser asked for, kept within what a screen can be. */
export function clampSize(
  cols: unknown,
  rows: unknown,
): { cols: number; rows: number } | undefined {
  if (
    typeof cols !== 'number' ||
    typeof rows !== 'number' ||
    !Number.isFinite(cols) ||
    !Number.isFinite(rows)
  )
    return undefined;
  const fit = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.floor(n)));
  return {
    cols: fit(cols, MIN_SIZE.cols, MAX_SIZE.cols),
    rows: fit(rows, MIN_SIZE.rows, MAX_SIZE.rows),
  };
}
