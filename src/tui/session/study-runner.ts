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
import { UserError } from '../../contracts/diagnostics.ts';
import { sessionSetup } from '../../session/setup.ts';
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
import { exposureContent, ExposureTracker } from '../../study/exposure.ts';
import { sessionProtocol } from '../../study/protocol.ts';
import {
  expandQuestions,
  passesCheck,
  type AnswerValue,
  type Item,
} from '../../study/questionnaire.ts';
import { timeLimitMs } from '../../study/schema.ts';
import { MessageTimer } from '../../study/timing.ts';
import type { LiveSession } from './live.ts';
import { StudyLiveSession } from './study-live.ts';

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
  /** The session's time limit: ms left, counted from the first turn (after the opening card), paused with the study. */
  private limit:
    { left: number; since: number; armed: boolean; handle?: NodeJS.Timeout } | undefined;
  /** The session on screen: what its screen shows (as last reported), and which parts are on screen now. */
  private exposure:
    { tracker: ExposureTracker; shows: readonly string[]; layout: string } | undefined;

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
  }

  get participant(): ParticipantState {
    return this.state;
  }

  get sessionCount(): number {
    return this.state.sessions.length;
  }

  items(step: Step): Item[] {
    const q = this.study.questionnaires;
    if (step.kind === 'final') return expandQuestions(q.final);
    return expandQuestions(step.kind === 'before' ? q.before : q.after_each_session);
  }

  /** Answers already given in this questionnaire (a resumed one starts at the first unanswered item). */
  answersFor(step: Step): Answer[] {
    return this.state.answers.filter((a) =>
      step.kind === 'questionnaire'
        ? a.part === 'session' && a.session === step.session
        : a.part === step.kind,
    );
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
      this.endExposure();
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

  /** When each questionnaire item last came on screen (monotonic, wall), for the answer's onset and latency. */
  private shownAt = new Map<string, { mono: number; wall: string }>();

  /** The questionnaire shows `item` now. */
  itemShown(item: Item): void {
    const { step } = this.store.getState();
    this.shownAt.set(item.item, { mono: this.log.mono(), wall: new Date().toISOString() });
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
    const passed = passesCheck(item, value);
    const answer: Answer = {
      part: step.kind === 'questionnaire' ? 'session' : step.kind,
      ...(step.kind === 'questionnaire' ? { session: step.session } : {}),
      question: item.question,
      item: item.item,
      kind: item.kind,
      value,
      wall: new Date().toISOString(),
      ...(passed === undefined ? {} : { check_passed: passed }),
      ...this.onsetOf(item),
    };
    const failures = this.state.check_failures ?? [];
    this.state = {
      ...this.state,
      answers: [
        ...this.state.answers.filter(
          (a) =>
            !(a.part === answer.part && a.session === answer.session && a.item === answer.item),
        ),
        answer,
      ],
      ...(passed === false
        ? {
            check_failures: [
              ...failures,
              { part: answer.part, session: answer.session, item: item.item, wall: answer.wall },
            ],
          }
        : {}),
    };
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

  private onsetOf(item: Item): Pick<Answer, 'shown' | 'latency_ms'> {
    const shown = this.shownAt.get(item.item);
    this.shownAt.delete(item.item);
    return shown ? { shown: shown.wall, latency_ms: this.log.mono() - shown.mono } : {};
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

  /**
   * Logs each part of the session screen that came on screen or left it since the last call:
   * nothing shows while the study is paused (the pause page covers it) or once the session has
   * left the screen. `shows` is what the screen reports, kept for when a pause ends.
   */
  private expose(exposure = this.exposure, shows?: readonly string[], layout?: string): void {
    if (!exposure || exposure !== this.exposure) return;
    if (shows) exposure.shows = shows;
    if (layout) exposure.layout = layout;
    const now = this.store.getState().paused ? [] : exposure.shows;
    for (const c of exposure.tracker.show(now)) {
      const about =
        c.change === 'start'
          ? { layout: exposure.layout, ...exposureContent(c.part, this.study.participant_view) }
          : {};
      this.log.write('exposure', { ...c, ...about });
    }
  }

  /** The session leaves the screen: every part still on it stops. */
  private endExposure(): void {
    if (!this.exposure) return;
    this.exposure.shows = [];
    this.expose();
    this.exposure = undefined;
  }

  togglePause(): void {
    const paused = !this.store.getState().paused;
    this.log.write(paused ? 'pause' : 'resume_from_pause', { step: this.store.getState().step });
    this.timer?.pause(paused);
    if (this.limit?.armed) {
      if (paused) {
        clearTimeout(this.limit.handle);
        this.limit.left -= performance.now() - this.limit.since;
      } else this.armLimit();
    }
    this.store.setState({ paused });
    this.expose();
  }

  /** Ctrl-C: stop here; the next run resumes at this step (at the consent page, nothing is kept but an anonymous count). */
  stop(): void {
    if (!this.enrolled) {
      this.log.discard();
      countFlow(this.dataDir, 'left_at_consent');
      this.store.setState({ over: 'left' });
      return;
    }
    this.endExposure();
    this.store.getState().live?.quit();
    this.log.write('stop', { step: this.store.getState().step });
    this.store.setState({ over: 'stopped' });
  }

  private armLimit(): void {
    if (!this.limit) return;
    this.limit.armed = true;
    this.limit.since = performance.now();
    this.limit.handle = setTimeout(
      () => {
        this.log.write('time_limit', { step: this.store.getState().step });
        this.endLive('time_limit');
      },
      Math.max(0, this.limit.left),
    );
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
    const assigned = this.state.sessions[k]!;
    const scenario = this.study.lib.scenarios.get(assigned.scenario);
    if (!scenario) throw new UserError(`scenario ${assigned.scenario} is no longer in the library`);
    const condition = this.study.conditions[assigned.condition]!;
    const setup = sessionSetup({
      agent: condition.agent,
      judge: condition.judge ?? 'rules',
      ...given({
        agentModel: condition.agent_model,
        judgeModel: condition.judge_model,
        baseUrl: condition.base_url,
      }),
    });
    const timer = new MessageTimer(k, () => this.log.mono());
    this.timer = timer;
    const exposure = {
      tracker: new ExposureTracker(k),
      shows: [] as readonly string[],
      layout: '',
    };
    this.exposure = exposure;
    const attempt = { session: k, started: new Date().toISOString() };
    this.state = { ...this.state, attempts: [...this.state.attempts, attempt] };
    if (!this.save()) return;
    const live = new StudyLiveSession(
      {
        groups: [{ id: scenario.id, kind: 'chain', library: this.study.lib, sessions: [scenario] }],
        setup,
        mode: 'play',
        overrides: false,
        participant: this.study.participant_view,
        recordingsDir: path.join(
          participantDir(this.dataDir, this.state.participant),
          'recordings',
        ),
        protocol: () => ({
          ...sessionProtocol(
            this.study,
            { id: this.state.participant, ordinal: this.state.ordinal },
            assigned,
            this.state.sessions.length,
            scenario,
          ),
        }),
        ...given({ maxTurns: condition.max_turns, date: this.opts.date }),
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
            this.armLimit();
        },
      },
      timer,
      (timing) => this.log.write('message_timing', { ...timing }),
      (parts, layout) => this.expose(exposure, parts, layout),
    );
    const ms = timeLimitMs(this.study.time_limit);
    this.limit = ms ? { left: ms, since: performance.now(), armed: false } : undefined;
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
    clearTimeout(this.limit?.handle);
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
    this.endExposure();
    this.store.setState({ live: undefined });
    this.go(this.state.step);
  }
}
