/**
 * One participant's path through a study (docs/study.md), behind the study screens: consent,
 * instructions, each assigned session played in the playground (the person is the user; no
 * setting statuses by hand; the participant's view), its questionnaire, the final one, thanks.
 * Every step is saved before it shows, so a crash or Ctrl-C resumes at the same step; the log
 * gets both clocks for every step, pause, message timing and what was on screen.
 */
import { given } from '../../contracts/optional.ts';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Study } from '../../study/load.ts';
import { countFlow, randomToken } from '../../study/enrol.ts';
import {
  enrolParticipant,
  nextStep,
  openParticipant,
  participantDir,
  saveState,
  WithdrawnError,
  StudyLog,
  type Answer,
  type EndedBy,
  type ParticipantState,
  type Step,
} from '../../study/participant.ts';
import type { AnswerValue, Item } from '../../study/questionnaire.ts';
import { timeLimitMs } from '../../study/schema.ts';
import { MessageTimer } from '../../study/timing.ts';
import type { LiveSession } from './live.ts';
import { StudyLiveSession } from './study-live.ts';
import { studySessionOptions } from './study-session.ts';
import { StudyTimeLimit } from './study-time-limit.ts';
import { StudyExposureLog } from './study-exposure-log.ts';
import { ItemOnsets, answersIn, questionnaireItems, withAnswer } from './study-answers.ts';

export interface RunnerState {
  step: Step;
  paused: boolean;
  /** The live session while a session step shows. */
  live?: LiveSession;
  /** How the run ended: the participant finished, declined, was withdrawn meanwhile (`study withdraw`), or the run stopped (resumable). */
  over?: 'finished' | 'excluded' | 'declined' | 'left' | 'stopped' | 'withdrawn';
  /** A failure that stopped the run (printed at exit). */
  error?: string;
  /** The session has ended and stays on screen until the participant goes on (enter). */
  ended?: boolean;
}

export interface StudyRunnerOptions {
  /** Fixed date for the agent (tests). */
  date?: string;
}

export class StudyRunner {
  readonly store: StoreApi<RunnerState>;
  readonly log: StudyLog;
  readonly resumed: boolean;
  private state: ParticipantState;
  private timer: MessageTimer | undefined;
  /** The session's time limit, if the study sets one. */
  private limit: StudyTimeLimit | undefined;
  /** What of the session's screen is on screen now. */
  private readonly exposure: StudyExposureLog;
  /** When each questionnaire item last came on screen, for the answer's onset and latency. */
  private readonly onsets: ItemOnsets;

  constructor(
    readonly study: Study,
    readonly dataDir: string,
    participant: string,
    private readonly opts: StudyRunnerOptions = {},
  ) {
    const opened = openParticipant(study, dataDir, participant);
    this.state = opened.state;
    this.resumed = opened.resumed;
    // Nothing of a new participant is written until they consent.
    this.log = new StudyLog(dataDir, participant, !opened.resumed);
    this.log.write(opened.resumed ? 'resume' : 'start', {
      participant,
      ...(opened.resumed ? { ordinal: this.state.ordinal } : {}),
      step: this.state.step,
      study_sha256: study.sha256,
    });
    // A session cut short (Ctrl-C, a crash) is played again from its start: back to its "ready" page.
    const step: Step =
      this.state.step.kind === 'session'
        ? { kind: 'ready', session: this.state.step.session }
        : this.state.step;
    this.store = createStore<RunnerState>()(() => ({ step, paused: false }));
    this.log.write('step', { step });
    this.exposure = new StudyExposureLog(this.log, study.participant_view, () =>
      Boolean(this.store.getState().paused),
    );
    this.onsets = new ItemOnsets(() => this.log.mono());
  }

  get participant(): ParticipantState {
    return this.state;
  }

  get sessionCount(): number {
    return this.state.sessions.length;
  }

  items(step: Step): Item[] {
    return questionnaireItems(this.study, step);
  }

  /** Answers already given in this questionnaire (a resumed one starts at the first unanswered item). */
  answersFor(step: Step): Answer[] {
    return answersIn(this.state, step);
  }

  private go(step: Step): void {
    // The completion code is made once, when the last page first shows, and kept for a resume.
    const code =
      step.kind === 'thanks' && this.study.completion_code && !this.state.completion_code;
    this.state = {
      ...this.state,
      step,
      ...(code ? { completion_code: this.study.completion_code!.prefix + randomToken(8) } : {}),
    };
    if (!this.save()) return;
    this.log.write('step', { step });
    this.store.setState({ step, ended: false });
    if (step.kind === 'session') this.startSession(step.session);
  }

  /** Writes the state; false when `study withdraw` deleted the participant meanwhile: the run ends. */
  private save(): boolean {
    try {
      saveState(this.dataDir, this.state);
      return true;
    } catch (err) {
      if (!(err instanceof WithdrawnError)) throw err;
      this.exposure.end();
      this.store.getState().live?.quit();
      this.store.setState({ over: 'withdrawn' });
      return false;
    }
  }

  private advance(): void {
    const q = this.study.questionnaires;
    this.go(nextStep(this.state, this.store.getState().step, q));
  }

  /** Whether the participant has consented and is on disk (a resumed one always is). */
  private get enrolled(): boolean {
    return this.state.ordinal >= 0;
  }

  agree(): void {
    const consent = { version: this.study.consent.version, wall: new Date().toISOString() };
    // Enrolment takes the next Latin-square row under the data folder's lock.
    this.state = this.enrolled
      ? { ...this.state, consent }
      : enrolParticipant(this.study, this.dataDir, {
          ...this.state,
          step: { kind: 'instructions' },
          consent,
        });
    this.log.keep();
    this.log.write('consent', {
      agreed: true,
      version: consent.version,
      ordinal: this.state.ordinal,
    });
    this.advance();
  }

  /** Declining keeps nothing but an anonymous count. */
  decline(): void {
    this.log.discard();
    if (this.enrolled)
      rmSync(participantDir(this.dataDir, this.state.participant), {
        recursive: true,
        force: true,
      });
    countFlow(this.dataDir, 'declined');
    this.store.setState({ over: 'declined' });
  }

  /** Instructions, a session's ready page, thanks: enter goes on. */
  next(): void {
    const { step } = this.store.getState();
    if (step.kind === 'excluded') {
      this.log.write('excluded_seen');
      this.store.setState({ over: 'excluded' });
      return;
    }
    if (step.kind === 'thanks') {
      this.state = { ...this.state, finished: new Date().toISOString() };
      if (!this.save()) return;
      this.log.write('finished');
      this.store.setState({ over: 'finished' });
      return;
    }
    if (step.kind === 'instructions' || step.kind === 'ready') this.advance();
  }

  /** The questionnaire shows `item` now. */
  itemShown(item: Item): void {
    const { step } = this.store.getState();
    this.onsets.shown(item);
    this.log.write('item_shown', { step, item: item.item });
  }

  /**
   * Saves an answer. A check answered wrongly counts a failure; `retry` when it was a
   * comprehension check (the participant answers again), `stop` when the failures reach the
   * study's rule and it excludes (the study ends on the "excluded" page).
   */
  answer(item: Item, value: AnswerValue): 'retry' | 'stop' | void {
    const { step } = this.store.getState();
    if (step.kind !== 'questionnaire' && step.kind !== 'final' && step.kind !== 'before') return;
    const answered = withAnswer(this.state, step, item, value, () => this.onsets.take(item));
    const { answer, passed } = answered;
    this.state = answered.state;
    if (!this.save()) return 'stop';
    this.log.write('answer', {
      part: answer.part,
      session: answer.session,
      item: answer.item,
      ...(passed === undefined ? {} : { check_passed: passed }),
    });
    if (passed !== false) return;
    const rule = this.study.checks;
    const count = this.state.check_failures!.length;
    if (rule?.on_fail === 'exclude' && count >= rule.fail_after) {
      this.state = { ...this.state, excluded: { wall: new Date().toISOString(), failures: count } };
      this.log.write('excluded', { failures: count });
      this.go({ kind: 'excluded' });
      return 'stop';
    }
    if (item.check?.kind === 'comprehension') return 'retry';
  }

  questionnaireDone(): void {
    this.advance();
  }

  /** A key the participant pressed during a session (for the time to first keystroke). */
  keystroke(): void {
    this.timer?.key();
  }

  /** The terminal's size: logged at the start of a session and on every resize. */
  screen(columns: number, rows: number): void {
    const { step } = this.store.getState();
    if (step.kind !== 'session') return;
    this.log.write('terminal', { session: step.session, columns, rows });
  }

  togglePause(): void {
    const paused = !this.store.getState().paused;
    this.log.write(paused ? 'pause' : 'resume_from_pause', { step: this.store.getState().step });
    this.timer?.pause(paused);
    this.limit?.pause(paused);
    this.store.setState({ paused });
    this.exposure.refresh();
  }

  /** Ctrl-C: stop here; the next run resumes at this step (at the consent page, nothing is kept but an anonymous count). */
  stop(): void {
    if (!this.enrolled) {
      this.log.discard();
      countFlow(this.dataDir, 'left_at_consent');
      this.store.setState({ over: 'left' });
      return;
    }
    this.exposure.end();
    this.store.getState().live?.quit();
    this.log.write('stop', { step: this.store.getState().step });
    this.store.setState({ over: 'stopped' });
  }

  private timeUp(): void {
    this.log.write('time_limit', { step: this.store.getState().step });
    this.endLive('time_limit');
  }

  private endLive(by: EndedBy): void {
    const live = this.store.getState().live;
    if (live instanceof StudyLiveSession) live.endFor(by);
  }

  /** The operator ends the session (ctrl+d while the study is paused); the pause lifts so the participant sees it end. */
  operatorEnd(): void {
    const { step, live, ended } = this.store.getState();
    if (step.kind !== 'session' || !live || ended) return;
    this.log.write('operator_end', { session: step.session });
    this.endLive('operator');
    if (this.store.getState().paused) this.togglePause();
  }

  private startSession(k: number): void {
    const { scenario, options } = studySessionOptions({
      study: this.study,
      dataDir: this.dataDir,
      state: () => this.state,
      k,
      date: this.opts.date,
    });
    const timer = new MessageTimer(k, () => this.log.mono());
    this.timer = timer;
    const shows = this.exposure.begin(k);
    const attempt = { session: k, started: new Date().toISOString() };
    this.state = { ...this.state, attempts: [...this.state.attempts, attempt] };
    if (!this.save()) return;
    const live = new StudyLiveSession(
      {
        ...options,
        onEvent: (e) => {
          // The message the session waits for opens the next turn (as its recorded `message` says).
          if (e.type === 'awaiting_input' && e.role === 'user') timer.prompt(e.turn + 1);
          if (e.type === 'session_start')
            this.log.write('session_start', { session: k, scenario: scenario.id });
          // The clock of the time limit starts with the first turn, once the opening card is left.
          if (
            e.type === 'turn_start' &&
            e.turn === 1 &&
            this.limit &&
            !this.limit.armed &&
            !this.store.getState().paused
          )
            this.limit.arm();
        },
      },
      timer,
      (timing) => this.log.write('message_timing', { ...timing }),
      shows,
    );
    const ms = timeLimitMs(this.study.time_limit);
    this.limit = ms ? new StudyTimeLimit(ms, () => this.timeUp()) : undefined;
    this.store.setState({ live });
    void live.done.then((results) =>
      this.sessionOver(k, live, results[0]?.recording, results[0]?.end),
    );
  }

  private sessionOver(
    k: number,
    live: StudyLiveSession,
    recording: string | undefined,
    end: string | undefined,
  ): void {
    this.limit?.clear();
    this.limit = undefined;
    this.timer = undefined;
    const rel = recording ? path.relative(this.dataDir, recording) : undefined;
    const attempts = [...this.state.attempts];
    const endedBy = end === 'ended' ? live.endedBy : undefined;
    attempts[attempts.length - 1] = {
      ...attempts.at(-1)!,
      ...given({ recording: rel }),
      end: end ?? 'error',
      ...given({ ended_by: endedBy }),
    };
    this.state = { ...this.state, attempts };
    if (!this.save()) return;
    this.log.write('session_end', {
      session: k,
      end: end ?? 'error',
      recording: rel,
      ...given({ ended_by: endedBy }),
    });
    const error = live.control.getState().error;
    if (this.store.getState().over) return; // stopped: resumes at this session
    if (error || !end || end === 'error' || end === 'aborted') {
      this.store.setState({
        error: error ?? `the session ended with ${end ?? 'no result'}`,
        over: 'stopped',
      });
      return;
    }
    // The ended session stays on screen to be read; the state already points past it, so a
    // stop now resumes at the questionnaire, not at a replay of a finished session.
    const q = this.study.questionnaires;
    this.state = {
      ...this.state,
      step: nextStep(this.state, { kind: 'session', session: k }, q),
    };
    if (!this.save()) return;
    // A participant whose session the clock ended is told so: they did not end it themselves.
    const why = endedBy === 'time_limit' ? 'Time is up. ' : '';
    live.control.setState({
      notice: `${why}This session is over. Read it as long as you like, then press enter to go on.`,
    });
    this.store.setState({ ended: true });
  }

  /** Enter after a session ended: on to its questionnaire (or the next step). */
  afterSession(): void {
    if (!this.store.getState().ended) return;
    this.exposure.end();
    this.store.setState({ live: undefined });
    this.go(this.state.step);
  }
}
