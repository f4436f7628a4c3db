/**
 * What of a study session's screen the participant saw, logged as it changes: each part that
 * came on screen or left it (src/study/exposure.ts), with the layout and what the part held. Nothing
 * shows while the study is paused (the pause page covers it) or once the session left the screen.
 */
import { exposureContent, ExposureTracker } from '../../study/exposure.ts';
import type { Study } from '../../study/load.ts';
import type { StudyLog } from '../../study/participant.ts';

interface Exposure {
  tracker: ExposureTracker;
  /** What the session's screen shows, as last reported, kept for when a pause ends. */
  shows: readonly string[];
  layout: string;
}

export class StudyExposureLog {
  /** The session on screen. */
  private current: Exposure | undefined;

  constructor(
    private readonly log: StudyLog,
    private readonly view: Study['participant_view'],
    private readonly paused: () => boolean,
  ) {}

  /** Session `k` comes on screen: its screen reports what it shows through the function returned. */
  begin(k: number): (shows: readonly string[], layout: string) => void {
    const exposure: Exposure = { tracker: new ExposureTracker(k), shows: [], layout: '' };
    this.current = exposure;
    return (shows, layout) => this.expose(exposure, shows, layout);
  }

  /** Logs what changed since the last call (a pause began or ended). */
  refresh(): void {
    this.expose();
  }

  /** The session leaves the screen: every part still on it stops. */
  end(): void {
    if (!this.current) return;
    this.current.shows = [];
    this.expose();
    this.current = undefined;
  }

  /** A screen's report counts only while its session is the one on screen. */
  private expose(exposure = this.current, shows?: readonly string[], layout?: string): void {
    if (!exposure || exposure !== this.current) return;
    if (shows) exposure.shows = shows;
    if (layout) exposure.layout = layout;
    const now = this.paused() ? [] : exposure.shows;
    for (const c of exposure.tracker.show(now)) {
      const about =
        c.change === 'start'
          ? { layout: exposure.layout, ...exposureContent(c.part, this.view) }
          : {};
      this.log.write('exposure', { ...c, ...about });
    }
  }
}
