/**
 * The cards a live session holds the screen with: each session's opening card, the ended
 * session's result card between two sessions of a chain, and the last one's. Apart from live.ts
 * because this is timing only: when a card goes up, and what lets it down (a key; watching, also
 * three of the pace's delays unless paused; quitting).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { NextSession } from '../../session/group.ts';
import type { RunGroup } from '../../session/plan.ts';
import type { ControlState } from './controller.ts';

/** Playing: how long the agent's last reply of a chain's session stays in view before the result card. */
const READ_LAST_TURN_MS = 1500;

/** What the last result card calls the run: the episode, the chain, or how many groups ran. */
export function runName(groups: readonly RunGroup[]): string {
  const [only] = groups;
  if (!only) return 'the fork';
  if (groups.length > 1) return `this run of ${groups.length} groups`;
  if (only.kind === 'chain')
    return only.sessions.length > 1 ? `${only.id} and the sessions before it` : only.id;
  const title = only.library.episodes.get(only.id)?.title;
  return `episode ${only.id}${title ? ` · ${title}` : ''}`;
}

export class SessionCards {
  private openTimer: NodeJS.Timeout | undefined;
  private openWaiters: (() => void)[] = [];
  private chainGoesOn: (() => void) | undefined;

  constructor(
    private readonly control: StoreApi<ControlState>,
    private readonly signal: AbortSignal,
  ) {}

  /**
   * Each session opens on a card (title, persona, request): a key leaves it. Watching, it is also
   * left after three of the pace's delays unless paused, and by resuming, stepping or taking over.
   */
  open(): void {
    this.control.setState({ opening: true });
    const { mode, paused, delayMs } = this.control.getState();
    if (mode === 'watch' && !paused) this.openTimer = setTimeout(() => this.begin(), delayMs * 3);
  }

  /** Resolves once the opening card (if up) is left: a session's first turn waits for it. */
  async opened(): Promise<void> {
    if (this.control.getState().opening)
      await new Promise<void>((resolve) => this.openWaiters.push(resolve));
  }

  begin(): void {
    clearTimeout(this.openTimer);
    if (!this.control.getState().opening) return;
    this.control.setState({ opening: false });
    for (const resolve of this.openWaiters.splice(0)) resolve();
  }

  /** Paused: the opening card stays up until a key. */
  holdOpen(): void {
    clearTimeout(this.openTimer);
  }

  /**
   * Between two sessions of a chain the ended one stays on screen with its result card: a key
   * continues; watching, it also continues after three of its pace's delays unless paused.
   */
  async holdBetween(next: NextSession): Promise<void> {
    await this.lastTurnShown();
    if (this.signal.aborted) return;
    this.control.setState({ between: next });
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const go = () => {
        if (timer) clearTimeout(timer);
        this.chainGoesOn = undefined;
        this.control.setState({ between: undefined });
        resolve();
      };
      this.chainGoesOn = go;
      const { mode, paused, delayMs } = this.control.getState();
      if (mode === 'watch' && !paused) timer = setTimeout(go, delayMs * 3);
    });
  }

  continueChain(): void {
    this.chainGoesOn?.();
  }

  /**
   * A session's last turn stays in view for a while before its result card covers it: watching, the
   * pace's delay; playing, a moment to read the agent's last reply. Quitting cuts it short.
   */
  lastTurnShown(): Promise<void> {
    const { mode, delayMs } = this.control.getState();
    const wait = mode === 'watch' ? delayMs : READ_LAST_TURN_MS;
    if (wait <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, wait);
      const signal = this.signal;
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done);
    });
  }
}
