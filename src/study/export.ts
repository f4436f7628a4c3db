/**
 * `study export`: tidy CSV files, one row per observation, readable by pandas and R as they
 * are (RFC 4180 quoting, `NA` for missing, TRUE/FALSE), a codebook built from the same column
 * definitions, and a sha256 manifest (`sha256sum -c MANIFEST.sha256` checks it).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TimedEvent } from '../contracts/events.ts';
import { exposureContent, exposureSpans } from './exposure.ts';
import { dataDirOf, instrumentScores, readStudyData, scoresOf, setBy, type ParticipantData } from './data.ts';
import type { Study } from './load.ts';

type Cell = string | number | boolean | null | undefined;
/** How a column reads: integer, number (may have decimals), logical (TRUE/FALSE), text, datetime (UTC, ISO 8601). */
export type ColumnType = 'integer' | 'number' | 'logical' | 'text' | 'datetime';
interface Column {
  name: string;
  type: ColumnType;
  about: string;
}
interface Table {
  file: string;
  about: string;
  columns: Column[];
  rows: Cell[][];
}

const col = (name: string, type: ColumnType, about: string): Column => ({ name, type, about });
const KEY = [
  col('participant', 'text', 'participant code'),
  col('session', 'integer', "session in the participant's order, from 1"),
  col('condition', 'text', 'condition name from the study file'),
  col('scenario', 'text', 'scenario id'),
];

export function csvCell(v: Cell): string {
  if (v === null || v === undefined) return 'NA';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  const s = String(v);
  return /[",\n\r]/.test(s) || s === 'NA' ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(t: Pick<Table, 'columns' | 'rows'>): string {
  return [t.columns.map((c) => c.name), ...t.rows].map((r) => r.map((c) => csvCell(c as Cell)).join(',')).join('\n') + '\n';
}

function sessionsTable(data: ParticipantData[], study: Study): Table {
  const rows: Cell[][] = [];
  for (const p of data)
    for (const s of p.sessions) {
      const sc = scoresOf(s.recording);
      const q = instrumentScores(p.state.answers.filter((a) => a.part === 'session' && a.session === s.session));
      const events = s.recording?.events ?? [];
      rows.push([
        s.participant,
        s.session + 1,
        s.condition,
        s.scenario,
        s.ordinal,
        s.attempts,
        sc.end,
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
  void study;
  return {
    file: 'sessions.csv',
    about: 'one row per participant × session (the last complete attempt of each)',
    columns: [
      ...KEY,
      col('ordinal', 'integer', 'order of enrolment from 0 (picks the Latin-square row)'),
      col('attempts', 'integer', 'times the session was started (more than 1: it was cut short and played again)'),
      col(
        'end',
        'text',
        'how the session ended: resolved, max_turns, ended (the participant or the time limit ended it), error; NA if never completed',
      ),
      col('turns', 'integer', 'agent turns'),
      col('proc', 'number', 'Proc: share of hidden intents the agent completed or inferred (0-1)'),
      col('comp', 'number', 'Comp: share of graded checklist items passed (0-1; NA when none could be graded)'),
      col('duration_s', 'number', 'seconds from session start to its end (monotonic clock)'),
      col('intents', 'integer', 'hidden intents in the scenario'),
      col('completed', 'integer', 'intents completed (evidence)'),
      col('inferred', 'integer', 'intents inferred (the agent asked)'),
      col('provided', 'integer', 'intents the user provided'),
      col('unresolved', 'integer', 'intents unresolved at the end'),
      col('checklist_graded', 'integer', 'checklist items graded'),
      col('checklist_passed', 'integer', 'checklist items passed'),
      col('user_messages', 'integer', "messages the participant sent (the scenario's opening request included)"),
      col('sus', 'number', "SUS score 0-100 from this session's questionnaire (NA if not asked)"),
      col('tlx_raw', 'number', "raw NASA-TLX 0-100 (mean of six subscales) from this session's questionnaire (NA if not asked)"),
      col('started', 'datetime', 'wall-clock start of the session (UTC, ISO 8601)'),
      col('recording', 'text', "the session's recording, relative to the data folder"),
    ],
    rows,
  };
}

function participantsTable(data: ParticipantData[]): Table {
  return {
    file: 'participants.csv',
    about: 'one row per participant',
    columns: [
      col('participant', 'text', 'participant code'),
      col('ordinal', 'integer', 'order of enrolment from 0'),
      col('consent_version', 'text', 'version of the consent text they agreed to'),
      col('consented', 'datetime', 'when they agreed (UTC)'),
      col('finished', 'datetime', 'when they finished (UTC; NA if not yet)'),
      col('sessions_completed', 'integer', 'sessions with a complete recording'),
      col('final_sus', 'number', 'SUS 0-100 from the final questionnaire (NA if not asked)'),
      col('final_tlx_raw', 'number', 'raw TLX 0-100 from the final questionnaire (NA if not asked)'),
      col('conditions', 'text', "the participant's conditions in order, separated by >"),
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
      ];
    }),
  };
}

function perEvent(
  data: ParticipantData[],
  pick: (e: TimedEvent, s: ParticipantData['sessions'][number], judge: string) => Cell[] | undefined,
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

function turnsTable(data: ParticipantData[]): Table {
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
      col('user_message', 'text', 'what the participant (or the environment) sent to open the turn'),
      col('agent_message', 'text', "the agent's reply"),
      col('tool_calls', 'integer', 'tool calls the agent made in the turn'),
      col('start_ms', 'number', 'turn start, ms from the session start (monotonic)'),
      col('end_ms', 'number', 'turn end, ms from the session start (monotonic)'),
      col('start_wall', 'datetime', 'turn start, wall clock (UTC)'),
    ],
    rows,
  };
}

function intentsTable(data: ParticipantData[]): Table {
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
      col('set_by', 'text', "who set it: rules (the rules judge or the engine's rules), judge (a model judge), participant, operator"),
      col('t_ms', 'number', 'ms from the session start (monotonic)'),
      col('wall', 'datetime', 'wall clock (UTC)'),
    ],
    rows: perEvent(data, (e, _s, judge) =>
      e.type === 'intent_status' ? [e.intent, e.turn, e.from, e.to, e.cause, setBy(e.cause, judge), e.t, e.wall] : undefined,
    ),
  };
}

function checklistTable(data: ParticipantData[]): Table {
  // The last verdict per item is the one that scores.
  const rows = perEvent(data, (e) => (e.type === 'checklist_result' ? [e.item, e.pass, e.by, e.turn, e.reason, e.t] : undefined));
  const last = new Map<string, Cell[]>();
  for (const r of rows) last.set(`${r[0]}\0${r[1]}\0${r[4]}`, r);
  return {
    file: 'checklist.csv',
    about: 'one row per checklist item per session: its final verdict',
    columns: [
      ...KEY,
      col('item', 'text', 'checklist item id'),
      col('pass', 'logical', 'TRUE passed, FALSE failed, NA ungraded'),
      col('by', 'text', 'graded by: rule, rubric or script'),
      col('turn', 'integer', 'turn of the verdict'),
      col('reason', 'text', "the evidence or the judge's reason"),
      col('t_ms', 'number', 'ms from the session start'),
    ],
    rows: [...last.values()],
  };
}

function answersTable(data: ParticipantData[]): Table {
  const rows: Cell[][] = [];
  for (const p of data)
    for (const a of p.state.answers) {
      const s = a.session !== undefined ? p.state.sessions[a.session] : undefined;
      rows.push([
        p.state.participant,
        a.part,
        a.session !== undefined ? a.session + 1 : null,
        s?.condition ?? null,
        s?.scenario ?? null,
        a.question,
        a.item,
        a.kind,
        a.value,
        a.wall,
      ]);
    }
  return {
    file: 'answers.csv',
    about: 'questionnaire answers in long form: one row per item answered',
    columns: [
      col('participant', 'text', 'participant code'),
      col('part', 'text', 'session (after a session) or final (at the end)'),
      col('session', 'integer', 'the session asked about, from 1 (NA for final)'),
      col('condition', 'text', "that session's condition (NA for final)"),
      col('scenario', 'text', "that session's scenario (NA for final)"),
      col('question', 'text', "the question id in the study file (sus, tlx, or the author's id)"),
      col(
        'item',
        'text',
        'item id: sus1-sus10, a TLX subscale (mental, physical, temporal, performance, effort, frustration), or the question id',
      ),
      col('kind', 'text', 'likert (1..scale), sus (1-5), tlx (0-100, steps of 5), text'),
      col('value', 'text', 'the answer (a number, or text; NA for a skipped optional text)'),
      col('wall', 'datetime', 'when it was answered (UTC)'),
    ],
    rows,
  };
}

function timingsTable(data: ParticipantData[]): Table {
  const rows: Cell[][] = [];
  for (const p of data)
    for (const l of p.log.filter((x) => x.type === 'message_timing')) {
      const s = p.state.sessions[l.session as number];
      rows.push([
        p.state.participant,
        (l.session as number) + 1,
        s?.condition,
        s?.scenario,
        l.turn as number,
        l.first_key_ms as number | null,
        l.send_ms as number,
        l.paused_ms as number,
        l.chars as number,
        l.wall,
      ]);
    }
  return {
    file: 'timings.csv',
    about: 'one row per message the participant typed and sent',
    columns: [
      ...KEY,
      col('turn', 'integer', 'the turn the message opened'),
      col(
        'first_key_ms',
        'number',
        'ms from the prompt (the session waiting for the participant) to their first keystroke; negative: they typed ahead while the agent worked; NA: no key seen',
      ),
      col('send_ms', 'number', 'ms from the prompt to sending'),
      col('paused_ms', 'number', 'ms of operator pause within that span'),
      col('chars', 'integer', 'characters sent'),
      col('wall', 'datetime', 'when it was sent (UTC)'),
    ],
    rows,
  };
}

function pausesTable(data: ParticipantData[]): Table {
  const rows: Cell[][] = [];
  for (const p of data) {
    let open: (typeof p.log)[number] | undefined;
    for (const l of p.log) {
      if (l.type === 'pause') open = l;
      if (l.type === 'resume_from_pause' && open) {
        const step = open.step as { kind: string; session?: number };
        rows.push([
          p.state.participant,
          step.kind,
          step.session !== undefined ? step.session + 1 : null,
          open.wall,
          l.wall,
          l.run === open.run ? l.mono - open.mono : null,
        ]);
        open = undefined;
      }
    }
  }
  return {
    file: 'pauses.csv',
    about: 'one row per operator pause',
    columns: [
      col('participant', 'text', 'participant code'),
      col('step', 'text', 'the step paused: consent, instructions, ready, session, questionnaire, final, thanks'),
      col('session', 'integer', 'the session (from 1) for session steps'),
      col('start', 'datetime', 'pause start (UTC)'),
      col('end', 'datetime', 'pause end (UTC)'),
      col('duration_ms', 'number', 'length on the monotonic clock'),
    ],
    rows,
  };
}

function exposureTable(data: ParticipantData[], study: Study): Table {
  const rows: Cell[][] = [];
  for (const p of data)
    for (const span of exposureSpans(p.log)) {
      const s = p.state.sessions[span.session];
      const { content, hidden } = exposureContent(span.part, study.participant_view);
      const duration = span.startMs !== undefined && span.endMs !== undefined ? span.endMs - span.startMs : null;
      rows.push([
        p.state.participant,
        span.session + 1,
        s?.condition,
        s?.scenario,
        span.part,
        hidden,
        content,
        span.layout,
        span.run,
        span.startMs,
        span.endMs,
        duration,
        span.startWall,
        span.endWall,
      ]);
    }
  return {
    file: 'exposure.csv',
    about:
      "one row per span of time a part of the session screen was on the participant's screen (a pane, or the card or overlay covering the panes)",
    columns: [
      ...KEY,
      col(
        'part',
        'text',
        'what was on screen: a pane (conversation, intents, checklist, workspace, timeline, phone) or what covered the panes (opening_card, persona_card, help)',
      ),
      col(
        'hidden_info',
        'logical',
        "TRUE when it showed hidden information: the goals or intents, the persona card, the opening card, or the judge's verdicts",
      ),
      col('content', 'text', "what it showed in this study's participant view, e.g. goals (no statuses), nothing (verdicts withheld)"),
      col(
        'layout',
        'text',
        'the screen layout when it came on screen: wide (every pane side by side), medium (the conversation and one tab), narrow (one tab), too small',
      ),
      col(
        'run',
        'integer',
        "which run of `study run` (0 first, then one more per resume); start_ms and end_ms are on that run's monotonic clock",
      ),
      col('start_ms', 'number', 'when it came on screen, ms from the session start (monotonic; negative: just before the session started)'),
      col('end_ms', 'number', 'when it left the screen, ms from the session start (NA: the run stopped while it was on screen)'),
      col('duration_ms', 'number', 'how long it was on screen (monotonic)'),
      col('start_wall', 'datetime', 'when it came on screen (UTC)'),
      col('end_wall', 'datetime', 'when it left the screen (UTC)'),
    ],
    rows,
  };
}

export function studyTables(study: Study, data: ParticipantData[]): Table[] {
  return [
    participantsTable(data),
    sessionsTable(data, study),
    turnsTable(data),
    intentsTable(data),
    checklistTable(data),
    answersTable(data),
    timingsTable(data),
    pausesTable(data),
    exposureTable(data, study),
  ];
}

const TYPES: Record<ColumnType, string> = {
  integer: 'whole numbers',
  number: 'numbers, possibly with decimals',
  logical: '`TRUE` or `FALSE`',
  text: 'text (a column of text may hold only digits, e.g. an answer; read it as text)',
  datetime: 'UTC date and time, ISO 8601 (`2026-11-26T18:30:00.000Z`)',
};

function codebook(study: Study, tables: Table[]): string {
  const lines = [
    `# Codebook: ${study.title}`,
    '',
    `Exported by intentplay from the study file (sha256 ${study.sha256}). Missing values are \`NA\`; times in \`*_ms\` are on the monotonic clock. The same list, one row per column, is in \`codebook.csv\`. Types:`,
    '',
    ...Object.entries(TYPES).map(([type, about]) => `- \`${type}\`: ${about}`),
    '',
  ];
  for (const t of tables) {
    lines.push(
      `## ${t.file}`,
      '',
      `${t.about}; ${t.rows.length} row${t.rows.length === 1 ? '' : 's'}.`,
      '',
      '| column | type | meaning |',
      '| --- | --- | --- |',
    );
    for (const c of t.columns) lines.push(`| \`${c.name}\` | ${c.type} | ${c.about.replace(/\|/g, '\\|')} |`);
    lines.push('');
  }
  return lines.join('\n');
}

/** The codebook as a table, for a script to check or convert the files by. */
function codebookTable(tables: Table[]): Pick<Table, 'columns' | 'rows'> {
  return {
    columns: [col('file', 'text', ''), col('column', 'text', ''), col('type', 'text', ''), col('meaning', 'text', '')],
    rows: tables.flatMap((t) => t.columns.map((c) => [t.file, c.name, c.type, c.about])),
  };
}

/** Writes the CSV files, codebook.md and MANIFEST.sha256 into `out`; returns the files written. */
export function exportStudyData(study: Study, dataDir: string | undefined, out: string): string[] {
  const data = readStudyData(study, dataDirOf(study, dataDir));
  const tables = studyTables(study, data);
  mkdirSync(out, { recursive: true });
  const files: string[] = [];
  for (const t of tables) {
    writeFileSync(path.join(out, t.file), toCsv(t));
    files.push(t.file);
  }
  writeFileSync(path.join(out, 'codebook.md'), codebook(study, tables));
  writeFileSync(path.join(out, 'codebook.csv'), toCsv(codebookTable(tables)));
  files.push('codebook.md', 'codebook.csv');
  const manifest =
    files
      .map(
        (f) =>
          `${createHash('sha256')
            .update(readFileSync(path.join(out, f)))
            .digest('hex')}  ${f}`,
      )
      .join('\n') + '\n';
  writeFileSync(path.join(out, 'MANIFEST.sha256'), manifest);
  return [...files, 'MANIFEST.sha256'];
}
