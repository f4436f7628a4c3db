/** A study session: the live session that also times the participant's messages, hears what its screen shows, and says who ended it. */
import type { EndedBy } from '../../study/participant.ts';
import type { MessageTimer } from '../../study/timing.ts';
import { LiveSession } from './live.ts';
import type { LiveOptions } from './live-options.ts';

/** A live session that also times the participant's messages and hears what its screen shows. */
export class StudyLiveSession extends LiveSession {
  /** Who ended the session, when a person or the clock did (ctrl+d in the session is the participant's). */
  endedBy: EndedBy | undefined;

  constructor(
    opts: LiveOptions,
    private readonly timer: MessageTimer,
    private readonly onTiming: (timing: NonNullable<ReturnType<MessageTimer['sent']>>) => void,
    private readonly onShows: (parts: readonly string[], layout: string) => void,
  ) {
    super(opts);
  }

  screenShows(parts: readonly string[], layout: string): void {
    this.onShows(parts, layout);
  }

  /** Ends the session for `by`; the first to end it is the one recorded. */
  endFor(by: EndedBy): void {
    this.endedBy ??= by;
    super.endSession();
  }

  override endSession(): void {
    this.endFor('participant');
  }

  override sendUser(text: string, reveals: string[]): void {
    const timing = this.timer.sent(text);
    if (timing) this.onTiming({ ...timing, ...(reveals.length ? { reveals } : {}) });
    super.sendUser(text, reveals);
  }
}
