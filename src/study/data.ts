/**
 * A study's data gathered for export and report: each participant's state and log, and each
 * session's last complete recording, with the numbers the tables need (scores, turns, time,
 * intents with who set them, checklist, message timings, pauses).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readRecording, type Recording } from '../session/recording.ts';
import type { IntentStatus, StatusCause, TimedEvent } from '../contracts/events.ts';
import { UserError } from '../contracts/diagnostics.ts';
import { sessionComp, sessionProc } from '../contracts/session-scores.ts';
import { rawTlx, susScore, TLX_SUBSCALES } from './instruments.ts';
import type { Study } from './load.ts';
import {
  defaultDataDir,
  listParticipants,
  participantDir,
  readState,
  type Answer,
  type Attempt,
  type EndedBy,
  type ParticipantState,
} from './participant.ts';

export interface SessionData {
  participant: string;
  ordinal: number;
  /** 0-based. */
  session: number;
  condition: string;
  scenario: string;
  attempts: number;
  /** Who ended the last complete attempt when a person or the clock did; `scenario` when it ran its course. */
  endedBy: EndedBy | 'scenario' | null;
  recording?: Recording;
  recordingFile?: string;
}

export interface LogLine {
  type: string;
  wall: string;
  mono: number;
  run: number;
  [key: string]: unknown;
}

export interface ParticipantData {
  state: ParticipantState;
  log: LogLine[];
  sessions: SessionData[];
}

export function dataDirOf(study: Study, dataDir: string | undefined): string {
  const dir = dataDir ? path.resolve(dataDir) : defaultDataDir(study);
  if (!existsSync(dir))
    throw new UserError(
      `no study data at ${dir} (run \`intentplay study run\` first, or pass --data DIR)`,
    );
  return dir;
}

export function readStudyData(study: Study, dataDir: string): ParticipantData[] {
  return listParticipants(dataDir).map((id) => {
    const state = readState(dataDir, id);
    const logFile = path.join(participantDir(dataDir, id), 'log.jsonl');
    const log = existsSync(logFile)
      ? readFileSync(logFile, 'utf8')
          .split('\n')
          .filter((l) => l.trim())
          .flatMap((l) => {
            try {
              return [JSON.parse(l) as LogLine];
            } catch {
              return []; // a torn last line after a crash
            }
          })
      : [];
    const sessions = state.sessions.map((s): SessionData => {
      const tries = state.attempts.filter((a) => a.session === s.index);
      const done = tries.filter((a) => a.recording && a.end && a.end !== 'aborted').at(-1);
      const file = done?.recording ? path.join(dataDir, done.recording) : undefined;
      return {
        participant: id,
        ordinal: state.ordinal,
        session: s.index,
        condition: s.condition,
        scenario: s.scenario,
        attempts: tries.length,
        endedBy: endedByOf(done),
        ...(file && existsSync(file)
          ? { recording: readRecording(file), recordingFile: done!.recording! }
          : {}),
      };
    });
    return { state, log, sessions };
  });
}

function endedByOf(attempt: Attempt | undefined): SessionData['endedBy'] {
  if (!attempt?.end || attempt.end === 'aborted' || attempt.end === 'error') return null;
  if (attempt.end !== 'ended') return 'scenario';
  return attempt.ended_by ?? null;
}

export type SetBy = 'judge' | 'rules' | 'participant' | EndedBy;

/**
 * Who set an intent's status. In a study nobody sets statuses by hand (overrides are off), so a
 * manual change is the closing of the intents still open when someone ended the session: it is
 * set by whoever ended it (the participant, the time limit or the operator; null when the data
 * predates that record). A reveal or a move in the apps is the participant's; the judge's stages
 * are the rules' under the rules judge, else the model judge's.
 */
export function setBy(
  cause: StatusCause,
  judgeKind: string,
  endedBy?: SessionData['endedBy'],
): SetBy | null {
  if (cause === 'reveal' || cause === 'user_action' || cause === 'follow_up') return 'participant';
  if (cause === 'manual') return endedBy && endedBy !== 'scenario' ? endedBy : null;
  if (['max_turns', 'updates_exhausted', 'superseded', 'update', 'activity_done'].includes(cause))
    return 'rules';
  return judgeKind === 'rules' ? 'rules' : 'judge';
}

export function scoresOf(rec: Recording | undefined) {
  const score = rec?.events.findLast(
    (e): e is Extract<TimedEvent, { type: 'score' }> => e.type === 'score',
  )?.scores;
  const end = rec?.events.findLast(
    (e): e is Extract<TimedEvent, { type: 'session_end' }> => e.type === 'session_end',
  );
  const counts = (s: IntentStatus) =>
    score ? Object.values(score.intents).filter((x) => x === s).length : null;
  return {
    end: end?.end ?? null,
    turns: end?.turns ?? score?.turns ?? null,
    proc: score?.proc ?? null,
    comp: score?.comp ?? null,
    // Unrounded, for means (the stored scores are rounded to three digits).
    procExact: score ? sessionProc(score) : null,
    compExact: score ? sessionComp(score) : null,
    durationS: end ? end.t / 1000 : null,
    intents: score ? Object.keys(score.intents).length : null,
    completed: counts('completed'),
    inferred: counts('inferred'),
    provided: counts('provided'),
    unresolved: counts('unresolved'),
    graded: score?.graded ?? null,
    passed: score?.passed ?? null,
  };
}

/** SUS (0–100) and raw TLX (0–100) from one questionnaire's answers; null where it was not asked or not finished. */
export function instrumentScores(answers: readonly Answer[]): {
  sus: number | null;
  tlx: number | null;
} {
  const sus = answers.filter((a) => a.kind === 'sus');
  const tlx = answers.filter((a) => a.kind === 'tlx');
  const susVals = Array.from(
    { length: 10 },
    (_, i) => sus.find((a) => a.item === `sus${i + 1}`)?.value as number | undefined,
  );
  const tlxVals = TLX_SUBSCALES.map(
    (s) => tlx.find((a) => a.item === s.id)?.value as number | undefined,
  );
  return { sus: sus.length ? susScore(susVals) : null, tlx: tlx.length ? rawTlx(tlxVals) : null };
}
