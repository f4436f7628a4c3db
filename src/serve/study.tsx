/**
 * `serve --study`: each participant takes part from their own link, in the same study screens as
 * `study run` (consent, sessions, questionnaires, thanks), drawn to the size of their window.
 * A closed tab or a lost network keeps their screen for a grace period, so coming back finds it
 * as it was; after that the run stops as ctrl+c would, and their link resumes at the same step,
 * as `study run` does. At the end the page shows the debrief and the completion code: the
 * participant's own (the study file's `completion_code`, made by the study's runner), or else
 * the one code given to `serve --completion-code` for everyone.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorMessage } from '../contracts/errors.ts';
import type { Study } from '../study/load.ts';
import {
  excludedWords,
  participantDir,
  readState,
  type ParticipantState,
} from '../study/participant.ts';
import { StudyApp } from '../tui/screens/study/StudyApp.tsx';
import { StudyRunner } from '../tui/session/study-runner.ts';
import { seatDoor, type HostDoor } from './doors.ts';
import { HostedScreen, type CellSize } from './hosted-screen.tsx';
import { invite, invitesChanged, readInvites } from './invites.ts';
import type { Door, Doors, PageLink } from './server.ts';
import { newToken, TokenTable } from './tokens.ts';

export interface StudyServeOptions {
  /** One code for everyone, shown with the debrief at the end, for a study file without `completion_code`. */
  completionCode?: string | undefined;
  /** An online panel's return address for those who finish; `{code}` becomes their completion code. */
  returnUrl?: string | undefined;
  /** How long a participant who left keeps their screen (ms). */
  graceMs: number;
  /** An open link that enrols the next id, for at most this many people; none without it. */
  openLimit?: number | undefined;
  /** What the operator is told (who came, left, finished). */
  say: (line: string) => void;
}

interface Seat {
  runner: StudyRunner;
  screen: HostedScreen;
  door: HostDoor;
  grace?: NodeJS.Timeout;
}

export class StudyHost implements Doors {
  private tokens = new TokenTable<string>();
  private loadedAt = -1;
  private readonly seats = new Map<string, Seat>();
  private readonly starting = new Map<string, Promise<Seat>>();
  /** The open link's token, when there is one. */
  readonly openToken: string | undefined;
  private opened = 0;

  constructor(
    readonly study: Study,
    readonly dataDir: string,
    private readonly opts: StudyServeOptions,
  ) {
    this.openToken = opts.openLimit ? newToken() : undefined;
    this.reload();
  }

  /** Invites made while serving (`study invite`) are known from the next request on. */
  private reload(): void {
    const changed = invitesChanged(this.dataDir);
    if (changed === this.loadedAt) return;
    const tokens = new TokenTable<string>();
    for (const i of readInvites(this.dataDir)) tokens.add(i.token, i.participant);
    this.tokens = tokens;
    this.loadedAt = changed;
  }

  find(token: string | undefined): Door | undefined {
    if (token !== undefined && token === this.openToken) return this.openDoor();
    let id = this.tokens.find(token);
    if (id === undefined) {
      this.reload();
      id = this.tokens.find(token);
    }
    return id === undefined ? undefined : this.participantDoor(id);
  }

  private openDoor(): Door {
    return {
      title: this.study.title,
      layout: 'fit',
      typing: true,
      open: (conn) => {
        if (this.opened >= this.opts.openLimit!)
          return conn.end(
            'This study has all the participants it needs: thank you for your interest.',
          );
        this.opened++;
        const [made] = invite(this.dataDir, 1, 'open');
        this.reload();
        this.opts.say(`${made!.participant} enrolled through the open link`);
        conn.go(made!.token);
      },
    };
  }

  private participantDoor(id: string): Door {
    return {
      title: this.study.title,
      layout: 'fit',
      typing: true,
      open: (conn, size) => {
        const ended = this.ended(id);
        if (ended?.excluded) return conn.end(this.excludedWords());
        if (ended)
          return conn.end(
            this.debrief(id, ended.completion_code),
            this.returnLink(ended.completion_code),
          );
        this.seatFor(id, size).then(
          (seat) => seat.door.open(conn, size),
          (err: unknown) => {
            this.opts.say(`${id}: cannot start: ${errorMessage(err)}`);
            conn.end('The study cannot go on right now: please tell the researcher.');
          },
        );
      },
    };
  }

  /**
   * A participant whose study is over (finished, or excluded by the check rule: their state on
   * disk), when `id` is not on a screen now.
   */
  private ended(id: string): ParticipantState | undefined {
    if (
      this.seats.has(id) ||
      !existsSync(path.join(participantDir(this.dataDir, id), 'state.json'))
    )
      return undefined;
    try {
      const state = readState(this.dataDir, id);
      return state.finished || state.excluded ? state : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The last words: the participant's code (online, the only way they know it, to quote if they
   * ask to withdraw), and their own completion code or everyone's (--completion-code).
   */
  private debrief(id: string, ownCode: string | undefined): string {
    const code = ownCode ?? this.opts.completionCode;
    const line = code ? ` Your completion code is ${code}.` : '';
    return `You have finished the study: thank you for taking part! Your participant code is ${id}.${line} You can close this page.`;
  }

  /** The panel's return address, with the participant's code in place of `{code}`. */
  private returnLink(ownCode: string | undefined): PageLink | undefined {
    const url = this.opts.returnUrl;
    if (!url) return undefined;
    const code = ownCode ?? this.opts.completionCode ?? '';
    return {
      href: url.replaceAll('{code}', encodeURIComponent(code)),
      text: 'Go back to the study site to finish',
    };
  }

  /** The last words for someone the check rule excluded: the study's own, and no code. */
  private excludedWords(): string {
    return excludedWords(this.study).replace(/\s*\n\s*/g, ' ');
  }

  private seatFor(id: string, size: CellSize): Promise<Seat> {
    const seat = this.seats.get(id);
    if (seat) return Promise.resolve(seat);
    let starting = this.starting.get(id);
    if (!starting) {
      starting = this.startSeat(id, size).finally(() => this.starting.delete(id));
      this.starting.set(id, starting);
    }
    return starting;
  }

  private async startSeat(id: string, size: CellSize): Promise<Seat> {
    const runner = new StudyRunner(this.study, this.dataDir, id);
    const screen = new HostedScreen(size);
    const seat: Seat = {
      runner,
      screen,
      door: seatDoor({
        title: this.study.title,
        layout: 'fit',
        screen: () => screen,
        onCome: () => {
          clearTimeout(seat.grace);
          this.opts.say(`${id} connected`);
        },
        onLeave: () => {
          if (this.seats.get(id) !== seat) return; // its run is already over: nothing is kept
          this.opts.say(
            `${id} left; their screen is kept for ${Math.round(this.opts.graceMs / 1000)} s`,
          );
          seat.grace = setTimeout(() => runner.stop(), this.opts.graceMs);
          // Waiting for someone to come back never keeps the process alive once serving stops.
          seat.grace.unref();
        },
      }),
    };
    this.seats.set(id, seat);
    await screen.start(<StudyApp runner={runner} />);
    void screen.done.then(() => this.seatOver(id, seat));
    return seat;
  }

  private seatOver(id: string, seat: Seat): void {
    clearTimeout(seat.grace);
    this.seats.delete(id);
    const { over, error } = seat.runner.store.getState();
    if (over === 'finished') {
      this.opts.say(`${id} finished the study`);
      const code = seat.runner.participant.completion_code;
      seat.door.endAll(this.debrief(id, code), this.returnLink(code));
    } else if (over === 'excluded') {
      this.opts.say(`${id} was excluded by the study's check rule`);
      seat.door.endAll(this.excludedWords());
    } else if (over === 'withdrawn') {
      this.opts.say(
        `${id} was withdrawn (study withdraw): their run stopped, nothing more was written`,
      );
      seat.door.endAll(
        'Your data has been withdrawn from this study and deleted; nothing more is recorded. Thank you for your time: you can close this page.',
      );
    } else if (over === 'declined') {
      this.opts.say(`${id} did not consent: nothing was kept`);
      seat.door.endAll(
        'You did not agree to take part, so nothing was kept. Thank you for your time: you can close this page.',
      );
    } else {
      this.opts.say(
        `${id} stopped at ${seat.runner.store.getState().step.kind}${error ? `: ${error}` : ''}; their link resumes there`,
      );
      seat.door.endAll(
        error
          ? 'The study stopped because of a problem: please tell the researcher. Your answers so far are kept.'
          : 'The study has stopped for now. Open your link again to go on where you left off.',
      );
    }
    seat.screen.close();
  }

  /** Stops every participant's run (each resumes at its step) and waits for their screens to close. */
  async stop(): Promise<void> {
    const seats = [...this.seats.values()];
    for (const seat of seats) seat.runner.stop();
    await Promise.all(seats.map((s) => s.screen.done));
  }

  /** Connected participants now. */
  get connected(): number {
    let n = 0;
    for (const seat of this.seats.values()) n += seat.door.connections;
    return n;
  }
}
