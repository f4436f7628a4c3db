/** The export's tables of who took part and what happened in each session: participants, sessions, turns, intents, checklist. */
import type { TimedEvent } from '../contracts/events.ts';
import { instrumentScores, scoresOf, setBy, type ParticipantData } from './data.ts';
import { col, KEY, type Cell, type Table } from './table.ts';
import type { Study } from './load.ts';
import { expandQuestions } from './questionnaire.ts';

/** Whether any question of the study is an attention or comprehension check. */
export function hasChecks(study: Study | undefined): boolean {
  if (!study) return false;
  const q = study.questionnaires;
  return expandQuestions([...q.before, ...q.after_each_session, ...q.final]).some((i) => i.check);
}

export function sessionsTable(data: ParticipantData[]): Table {
  const rows: Cell[][] = [];
  for (const p of data)
    for (const s of p.sessions) {
      const sc = scoresOf(s.recording);
      const q = instrumentScores(
        p.state.answers.filter((a) => a.part === 'session' && a.session === s.session),
      );
      const events = s.recording?.events ?? [];
      rows.push([
        s.participant,
        s.session + 1,
        s.condition,
        s.scenario,
        s.ordinal,
        s.attempts,
        sc.end,
        s.endedBy,
        sc.turns,
        sc.proc,
        sc.comp,
        sc.durationS,
        sc.intents,
        sc.completed,
        sc.inferred,
        sc.provided,
        sc.unresolved,
        sc.graded,
        sc.passed,
        events.filter((e) => e.type === 'message' && e.role === 'user').length,
        q.sus,
        q.tlx,
        s.recording?.header.started ?? null,
        s.recordingFile ?? null,
      ]);
    }
  return {
    file: 'sessions.csv',
    about: 'one row per participant × session (the last complete attempt of each)',
    columns: [
      ...KEY,
      col('ordinal', 'integer', 'order of enrolment from 0 (picks the Latin-square row)'),
      col(
        'attempts',
        'integer',
        'times the session was started (more than 1: it was cut short and played again)',
      ),
      col(
        'end',
        'text',
        'how the session ended: resolved, max_turns, ended (someone or the time limit ended it early), error; missing if never completed',
      ),
      col(
        'ended_by',
        'text',
        'who ended it: participant (ctrl+d), time_limit, operator (the researcher, while paused), scenario (it ran its course: resolved or max_turns); missing if never completed',
      ),
      col('turns', 'integer', 'agent turns'),
      col('proc', 'number', 'Proc: share of hidden intents the agent completed or inferred (0-1)'),
      col(
        'comp',
        'number',
        'Comp: share of graded checklist items passed (0-1; missing when none could be graded)',
      ),
      col('duration_s', 'number', 'seconds from session start to its end (monotonic clock)'),
      col('intents', 'integer', 'hidden intents in the scenario'),
      col('completed', 'integer', 'intents completed (evidence)'),
      col('inferred', 'integer', 'intents inferred (the agent asked)'),
      col('provided', 'integer', 'intents the user provided'),
      col('unresolved', 'integer', 'intents unresolved at the end'),
      col('checklist_graded', 'integer', 'checklist items graded'),
      col('checklist_passed', 'integer', 'checklist items passed'),
      col(
        'user_messages',
        'integer',
        "messages the participant sent (the scenario's opening request included)",
      ),
      col(
        'sus',
        'number',
        "SUS score 0-100 from this session's questionnaire (missing if not asked)",
      ),
      col(
        'tlx_raw',
        'number',
        "raw NASA-TLX 0-100 (mean of six subscales) from this session's questionnaire (missing if not asked)",
      ),
      col('started', 'datetime', 'wall-clock start of the session (UTC, ISO 8601)'),
      col('recording', 'text', "the session's recording, relative to the data folder"),
    ],
    rows,
  };
}

export function participantsTable(data: ParticipantData[], study?: Study): Table {
  const checks = hasChecks(study);
  const failAfter = study?.checks?.fail_after ?? 1;
  return {
    file: 'participants.csv',
    about: 'one row per participant',
    columns: [
      col('participant', 'text', 'participant code'),
      col('ordinal', 'integer', 'order of enrolment from 0'),
      col('consent_version', 'text', 'version of the consent text they agreed to'),
      col('consented', 'datetime', 'when they agreed (UTC)'),
      col('finished', 'datetime', 'when they finished (UTC; missing if not yet)'),
      col('sessions_completed', 'integer', 'sessions with a complete recording'),
      col('final_sus', 'number', 'SUS 0-100 from the final questionnaire (missing if not asked)'),
      col(
        'final_tlx_raw',
        'number',
        'raw TLX 0-100 from the final questionnaire (missing if not asked)',
      ),
      col('conditions', 'text', "the participant's conditions in order, separated by >"),
      col(
        'completion_code',
        'text',
        'the completion code they were shown at the end (missing if the study gives none or they did not finish)',
      ),
      col(
        'check_failures',
        'integer',
        'wrong answers to attention and comprehension checks (a comprehension check answered wrongly twice counts 2; missing when the study has no checks)',
      ),
      col(
        'check_flagged',
        'logical',
        "TRUE when check_failures reached the study's `checks.fail_after` (missing when the study has no checks)",
      ),
      col(
        'excluded',
        'datetime',
        'when the check rule (`checks.on_fail: exclude`) ended their study (UTC); missing if it did not. `study report` leaves them out',
      ),
    ],
    rows: data.map((p) => {
      const q = instrumentScores(p.state.answers.filter((a) => a.part === 'final'));
      return [
        p.state.participant,
        p.state.ordinal,
        p.state.consent?.version,
        p.state.consent?.wall,
        p.state.finished,
        p.sessions.filter((s) => s.recording?.complete).length,
        q.sus,
        q.tlx,
        p.state.sessions.map((s) => s.condition).join('>'),
        p.state.completion_code,
        checks ? (p.state.check_failures?.length ?? 0) : null,
        checks ? (p.state.check_failures?.length ?? 0) >= failAfter : null,
        p.state.excluded?.wall,
      ];
    }),
  };
}

function perEvent(
  data: ParticipantData[],
  pick: (
    e: TimedEvent,
    s: ParticipantData['sessions'][number],
    judge: string,
  ) => Cell[] | undefined,
): Cell[][] {
  const rows: Cell[][] = [];
  for (const p of data)
    for (const s of p.sessions) {
      const judge = s.recording?.header.backends.judge.kind ?? 'rules';
      for (const e of s.recording?.events ?? []) {
        const row = pick(e, s, judge);
        if (row) rows.push([s.participant, s.session + 1, s.condition, s.scenario, ...row]);
      }
    }
  return rows;
}

export function turnsTable(data: ParticipantData[]): Table {
  const rows: Cell[][] = [];
  for (const p of data)
    for (const s of p.sessions) {
      const events = s.recording?.events ?? [];
      for (const start of events.filter((e) => e.type === 'turn_start')) {
        const turn = (start as { turn: number }).turn;
        const of = events.filter((e) => 'turn' in e && e.turn === turn);
        const text = (role: string) =>
          of
            .filter((e) => e.type === 'message' && e.role === role)
            .map((e) => (e as { text: string }).text)
            .join('\n') || null;
        const end = of.find((e) => e.type === 'turn_end');
        rows.push([
          s.participant,
          s.session + 1,
          s.condition,
          s.scenario,
          turn,
          text('user') ?? text('event'),
          text('agent'),
          of.filter((e) => e.type === 'tool_call').length,
          start.t,
          end?.t ?? null,
          start.wall ?? null,
        ]);
      }
    }
  return {
    file: 'turns.csv',
    about: 'one row per agent turn',
    columns: [
      ...KEY,
      col('turn', 'integer', 'turn number from 1'),
      col(
        'user_message',
        'text',
        'what the participant (or the environment) sent to open the turn',
      ),
      col('agent_message', 'text', "the agent's reply"),
      col('tool_calls', 'integer', 'tool calls the agent made in the turn'),
      col('start_ms', 'number', 'turn start, ms from the session start (monotonic)'),
      col('end_ms', 'number', 'turn end, ms from the session start (monotonic)'),
      col('start_wall', 'datetime', 'turn start, wall clock (UTC)'),
    ],
    rows,
  };
}

export function intentsTable(data: ParticipantData[]): Table {
  return {
    file: 'intents.csv',
    about: "one row per change of a hidden intent's status",
    columns: [
      ...KEY,
      col('intent', 'text', 'intent id'),
      col('turn', 'integer', 'turn of the change'),
      col('from', 'text', 'status before'),
      col('to', 'text', 'status after: completed, inferred, provided, unresolved, open, …'),
      col('cause', 'text', 'why: evidence, question, picked, reveal, manual, max_turns, …'),
      col(
        'set_by',
        'text',
        "who set it: rules (the rules judge or the engine's rules), judge (a model judge), participant (a reveal); for cause manual (the intents still open when the session was ended early) whoever ended it: participant, time_limit or operator",
      ),
      col('t_ms', 'number', 'ms from the session start (monotonic)'),
      col('wall', 'datetime', 'wall clock (UTC)'),
    ],
    rows: perEvent(data, (e, s, judge) =>
      e.type === 'intent_status'
        ? [e.intent, e.turn, e.from, e.to, e.cause, setBy(e.cause, judge, s.endedBy), e.t, e.wall]
        : undefined,
    ),
  };
}

export function checklistTable(data: ParticipantData[]): Table {
  // The last verdict per item is the one that scores.
  const rows = perEvent(data, (e) =>
    e.type === 'checklist_result' ? [e.item, e.pass, e.by, e.turn, e.reason, e.t] : undefined,
  );
  const last = new Map<string, Cell[]>();
  for (const r of rows) last.set(`${r[0]}\0${r[1]}\0${r[4]}`, r);
  return {
    file: 'checklist.csv',
    about: 'one row per checklist item per session: its final verdict',
    columns: [
      ...KEY,
      col('item', 'text', 'checklist item id'),
      col('pass', 'logical', 'TRUE passed, FALSE failed, missing: ungraded'),
      col('by', 'text', 'graded by: rule, rubric or script'),
      col('turn', 'integer', 'turn of the verdict'),
      col('reason', 'text', "the evidence or the judge's reason"),
      col('t_ms', 'number', 'ms from the session start'),
    ],
    rows: [...last.values()],
  };
}
