/**
 * One participant's data: a state file (where they are in the study, their answers, their
 * sessions) rewritten atomically after every step, so a crash or Ctrl-C resumes at the same
 * step, and a study log (JSON Lines) where every line carries both clocks.
 */
import { errorMessage } from '../contracts/errors.ts';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';
import { assignSessions, type AssignedSession } from './design.ts';
import { withDataLock } from './enrol.ts';
import { INTENTPLAY_VERSION } from '../config/package-info.ts';
import type { Study } from './load.ts';
import type { AnswerValue } from './questionnaire.ts';
import type { Question } from './schema.ts';

export type Step =
  | { kind: 'consent' }
  | { kind: 'instructions' }
  /** The questionnaire before the first session (demographics, a baseline). */
  | { kind: 'before' }
  /** Before session k: "Session k+1 of n", enter starts it. */
  | { kind: 'ready'; session: number }
  | { kind: 'session'; session: number }
  | { kind: 'questionnaire'; session: number }
  | { kind: 'final' }
  | { kind: 'thanks' }
  /** Screened out by the study's check rule: a page saying the study ends here. */
  | { kind: 'excluded' };

export interface Answer {
  /** `session` for the questionnaire after a session (with its index), `final` for the one at the end. */
  part: 'before' | 'session' | 'final';
  session?: number;
  /** The question's id (`sus`, `tlx`, or a likert or text id) and, for SUS and TLX, the item. */
  question: string;
  item: string;
  kind: Question['kind'];
  /** A number, text, or option numbers (several chosen; a ranking, most preferred first). */
  value: AnswerValue;
  /** An attention or comprehension check: whether the answer was the correct one. */
  check_passed?: boolean;
  wall: string;
  /** When the item came on screen (UTC), the last time before this answer. */
  shown?: string;
  /** ms from the item coming on screen to the answer (monotonic). */
  latency_ms?: number;
}

/** One try at a session: a crash or Ctrl-C leaves an attempt without `end`, and the session is played again. */
export interface Attempt {
  session: number;
  recording?: string;
  started: string;
  end?: string;
  /** Who ended it, when a person or the clock did: the participant (ctrl+d), the time limit, or the operator. */
  ended_by?: EndedBy;
}

export type EndedBy = 'participant' | 'time_limit' | 'operator';

export interface ParticipantState {
  format: 'intentplay-study-participant';
  version: 1;
  participant: string;
  /** Order of enrolment (0-based): picks the row of the Latin square. */
  ordinal: number;
  study: { title: string; sha256: string };
  /** The design's seed and intentplay's version when they enrolled (every exported row carries them). */
  provenance?: { seed: number; intentplay: string };
  consent?: { version: string; wall: string };
  /** When the participant reached the end (the thanks page, then enter). */
  finished?: string;
  /** Screened out by the study's check rule (`checks.on_fail: exclude`): when, after how many failed checks. */
  excluded?: { wall: string; failures: number };
  /** Every wrong answer to an attention or comprehension check (a comprehension check answered again counts again). */
  check_failures?: {
    part: Answer['part'];
    session?: number | undefined;
    item: string;
    wall: string;
  }[];
  /** Their completion code for an online panel, made when they reach the last page. */
  completion_code?: string;
  sessions: AssignedSession[];
  step: Step;
  attempts: Attempt[];
  answers: Answer[];
}

const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** What an excluded participant reads when the study's check rule gives no `message`. */
export const DEFAULT_EXCLUDED_WORDS =
  'Thank you for your time. Some of your answers did not match what the questions asked for, so the study ends here.\n\nPlease let the researcher know you have reached this page.';

/** The words of the page that ends the study for a participant the check rule excluded. */
export const excludedWords = (study: Pick<Study, 'checks'>): string =>
  study.checks?.message ?? DEFAULT_EXCLUDED_WORDS;

export function checkParticipantId(id: string): void {
  if (!ID.test(id))
    throw new UserError(
      `participant id ${JSON.stringify(id)}: use letters, digits, \`_\`, \`.\` and \`-\` (up to 64), e.g. P01; never a name`,
    );
}

/** Where run writes a study's data unless told otherwise: beside the study file. */
export function defaultDataDir(study: Pick<Study, 'file'>): string {
  return path.join(
    path.dirname(study.file),
    `${path.basename(study.file).replace(/\.ya?ml$/, '')}-data`,
  );
}

export const participantsDir = (dataDir: string) => path.join(dataDir, 'participants');
export const participantDir = (dataDir: string, id: string) =>
  path.join(participantsDir(dataDir), id);

export function listParticipants(dataDir: string): string[] {
  const dir = participantsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'state.json')))
    .map((d) => d.name)
    .sort();
}

export function readState(dataDir: string, id: string): ParticipantState {
  const file = path.join(participantDir(dataDir, id), 'state.json');
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as ParticipantState;
    if (state.format !== 'intentplay-study-participant')
      throw new Error('not a participant state file');
    return state;
  } catch (err) {
    throw new UserError(`${file}: cannot read the participant's state: ${errorMessage(err)}`);
  }
}

/**
 * The participant's state: read back when they have one (resume), else a new one that is not
 * written anywhere until they consent (`enrolParticipant`): someone who leaves at the consent
 * page leaves nothing behind.
 */
export function openParticipant(
  study: Study,
  dataDir: string,
  id: string,
): { state: ParticipantState; resumed: boolean } {
  checkParticipantId(id);
  if (existsSync(path.join(participantDir(dataDir, id), 'state.json'))) {
    const state = readState(dataDir, id);
    if (state.study.sha256 !== study.sha256)
      throw new UserError(
        `${id} started under a different version of ${path.basename(study.file)} (its sha256 changed); finish a participant under the protocol they began, or give a new id`,
      );
    return { state, resumed: true };
  }
  const state: ParticipantState = {
    format: 'intentplay-study-participant',
    version: 1,
    participant: id,
    ordinal: -1,
    study: { title: study.title, sha256: study.sha256 },
    sessions: [],
    step: { kind: 'consent' },
    attempts: [],
    answers: [],
  };
  return { state, resumed: false };
}

/**
 * Enrols a participant who has just consented: under the data folder's lock, the lowest ordinal
 * no enrolled participant holds (a withdrawn participant's row goes to the next), their sessions,
 * and their state written; and a copy of the study file under `protocols/` (one per version).
 */
export function enrolParticipant(
  study: Study,
  dataDir: string,
  state: ParticipantState,
): ParticipantState {
  return withDataLock(dataDir, () => {
    if (existsSync(path.join(participantDir(dataDir, state.participant), 'state.json')))
      throw new UserError(
        `participant ${state.participant} was enrolled meanwhile by another \`study run\`; give a new id`,
      );
    const taken = new Set(listParticipants(dataDir).map((p) => readState(dataDir, p).ordinal));
    let ordinal = 0;
    while (taken.has(ordinal)) ordinal++;
    const enrolled: ParticipantState = {
      ...state,
      ordinal,
      provenance: { seed: study.design.seed, intentplay: INTENTPLAY_VERSION },
      sessions: assignSessions(study, ordinal),
    };
    mkdirSync(participantDir(dataDir, state.participant), { recursive: true });
    saveState(dataDir, enrolled);
    keepProtocolCopy(study, dataDir);
    return enrolled;
  });
}

/** `protocols/SHA256.yaml`: the study file as each participant ran it, for the export and for telling versions apart. */
export function keepProtocolCopy(study: Pick<Study, 'file' | 'sha256'>, dataDir: string): string {
  const dir = path.join(dataDir, 'protocols');
  const file = path.join(dir, `${study.sha256}.yaml`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(study.file, file);
  }
  return file;
}

/**
 * The participant's folder is gone while they were taking part: `study withdraw` deleted it. Their
 * run must stop writing rather than bring the withdrawn data back.
 */
export class WithdrawnError extends UserError {
  constructor(readonly participant: string) {
    super(`${participant} was withdrawn while taking part: nothing more is written`);
  }
}

/**
 * Written to a temporary file and renamed over the old one: a crash never leaves half a state.
 * Only into a folder that exists (enrolment makes it): a withdrawn participant's is never remade.
 */
export function saveState(dataDir: string, state: ParticipantState): void {
  const dir = participantDir(dataDir, state.participant);
  if (!existsSync(dir)) throw new WithdrawnError(state.participant);
  const tmp = path.join(dir, `.state.json.${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(state, null, 2) + '\n');
  renameSync(tmp, path.join(dir, 'state.json'));
}

/** The step after `step` in this participant's path, given which questionnaires the study asks. */
export function nextStep(
  state: Pick<ParticipantState, 'sessions'>,
  step: Step,
  asks: {
    before: readonly unknown[];
    after_each_session: readonly unknown[];
    final: readonly unknown[];
  },
): Step {
  const n = state.sessions.length;
  const hasSessionQuestions = asks.after_each_session.length > 0;
  const hasFinal = asks.final.length > 0;
  const afterSession = (k: number): Step => {
    if (k + 1 < n) return { kind: 'ready', session: k + 1 };
    return hasFinal ? { kind: 'final' } : { kind: 'thanks' };
  };
  switch (step.kind) {
    case 'consent':
      return { kind: 'instructions' };
    case 'instructions':
      return asks.before.length ? { kind: 'before' } : { kind: 'ready', session: 0 };
    case 'before':
      return { kind: 'ready', session: 0 };
    case 'ready':
      return { kind: 'session', session: step.session };
    case 'session':
      return hasSessionQuestions
        ? { kind: 'questionnaire', session: step.session }
        : afterSession(step.session);
    case 'questionnaire':
      return afterSession(step.session);
    case 'final':
    case 'thanks':
      return { kind: 'thanks' };
    case 'excluded':
      return step;
  }
}

/** The study log: one JSON line per thing that happened, with the wall clock and the monotonic one. */
export class StudyLog {
  readonly file: string;
  /** Monotonic milliseconds count from this process's start of the run; `run` numbers the resumes. */
  private readonly t0 = performance.now();
  private readonly run: number;
  /** Lines held back until the participant consents (`keep`); dropped if they never do. */
  private held: string[] | undefined;

  /** `hold`: a participant not yet enrolled: nothing is written until `keep()`. */
  constructor(dataDir: string, participant: string, hold = false) {
    this.file = path.join(participantDir(dataDir, participant), 'log.jsonl');
    this.run = existsSync(this.file)
      ? readFileSync(this.file, 'utf8')
          .split('\n')
          .filter((l) => l.includes('"type":"run_start"')).length
      : 0;
    if (hold) this.held = [];
    this.write('run_start', { pid: process.pid });
  }

  /** Milliseconds on the monotonic clock since this run started. */
  mono(): number {
    return Math.round(performance.now() - this.t0);
  }

  write(type: string, data: Record<string, unknown> = {}): void {
    const line =
      JSON.stringify({
        type,
        wall: new Date().toISOString(),
        mono: this.mono(),
        run: this.run,
        ...data,
      }) + '\n';
    if (this.held) this.held.push(line);
    // A withdrawn participant's folder is gone: their log is not started again.
    else if (existsSync(path.dirname(this.file))) appendFileSync(this.file, line);
  }

  /** The participant consented: what was held is written, and everything after it. */
  keep(): void {
    if (!this.held) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    appendFileSync(this.file, this.held.join(''));
    this.held = undefined;
  }

  /** They left before consenting: nothing of this run is kept. */
  discard(): void {
    if (this.held) this.held = [];
  }
}
