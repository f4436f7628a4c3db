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
interface Column {
  name: string;
  about: string;
}
interface Table {
  file: string;
  about: string;
  columns: Column[];
  rows: Cell[][];
}

const col = (name: string, about: string): Column => ({ name, about });
const KEY = [col('participant', 'participant code'), col('session', 'session in the participant\'s order, from 1'), col('condition', 'condition name from the study file'), col('scenario', 'scenario id')];

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
        s.participant, s.session + 1, s.condition, s.scenario, s.ordinal, s.attempts, sc.end, sc.turns, sc.proc, sc.comp, sc.durationS,
        sc.intents, sc.completed, sc.inferred, sc.provided, sc.unresolved, sc.graded, sc.passed,
        events.filter((e) => e.type === 'message' && e.role === 'user').length,
        q.sus, q.tlx, s.recording?.header.started ?? null, s.recordingFile ?? null,
      ]);
    }
  void study;
  return {
    file: 'sessions.csv',
    about: 'one row per participant × session (the last complete attempt of each)',
    columns: [
      ...KEY,
      col('ordinal', 'order of enrolment from 0 (picks the Latin-square row)'),
      col('attempts', 'times the session was started (more than 1: it was cut short and played again)'),
      col('end', 'how the session ended: resolved, max_turns, ended (the participant or the time limit ended it), error; NA if never completed'),
      col('turns', 'agent turns'),
      col('proc', 'Proc: share of hidden intents the agent completed or inferred (0-1)'),
      col('comp', 'Comp: share of graded checklist items passed (0-1; NA when none could be graded)'),
      col('duration_s', 'seconds from session start to its end (monotonic clock)'),
      col('intents', 'hidden intents in the scenario'),
      col('completed', 'intents completed (evidence)'),
      col('inferred', 'intents inferred (the agent asked)'),
      col('provided', 'intents the user provided'),
      col('unresolved', 'intents unresolved at the end'),
      col('checklist_graded', 'checklist items graded'),
      col('checklist_passed', 'checklist items passed'),
      col('user_messages', 'messages the participant sent (the scenario\'s opening request included)'),
      col('sus', 'SUS score 0-100 from this session\'s questionnaire (NA if not asked)'),
      col('tlx_raw', 'raw NASA-TLX 0-100 (mean of six subscales) from this session\'s questionnaire (NA if not asked)'),
      col('started', 'wall-clock start of the session (UTC, ISO 8601)'),
      col('recording', 'the session\'s recording, relative to the data folder'),
    ],
    rows,
  };
}

function participantsTable(data: ParticipantData[]): Table {
  return {
    file: 'participants.csv',
    about: 'one row per participant',
    columns: [
      col('participant', 'participant code'),
      col('ordinal', 'order of enrolment from 0'),
      col('consent_version', 'version of the consent text they agreed to'),
      col('consented', 'when they agreed (UTC)'),
      col('finished', 'when they finished (UTC; NA if not yet)'),
      col('sessions_completed', 'sessions with a complete recording'),
      col('final_sus', 'SUS 0-100 from the final questionnaire (NA if not asked)'),
      col('final_tlx_raw', 'raw TLX 0-100 from the final questionnaire (NA if not asked)'),
      col('conditions', 'the participant\'s conditions in order, separated by >'),
    ],
    rows: data.map((p) => {
      const q = instrumentScores(p.state.answers.filter((a) => a.part === 'final'));
      return [p.state.participant, p.state.ordinal, p.state.consent?.version, p.state.consent?.wall, p.state.finished, p.sessions.filter((s) => s.recording?.complete).length, q.sus, q.tlx, p.state.sessions.map((s) => s.condition).join('>')];
    }),
  };
}

function perEvent(data: ParticipantData[], pick: (e: TimedEvent, s: ParticipantData['sessions'][number], judge: string) => Cell[] | undefined): Cell[][] {
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
        const text = (role: string) => of.filter((e) => e.type === 'message' && e.role === role).map((e) => (e as { text: string }).text).join('\n') || null;
        const end = of.find((e) => e.type === 'turn_end');
        rows.push([s.participant, s.session + 1, s.condition, s.scenario, turn, text('user') ?? text('event'), text('agent'), of.filter((e) => e.type === 'tool_call').length, start.t, end?.t ?? null, start.wall ?? null]);
      }
    }
  return {
    file: 'turns.csv',
    about: 'one row per agent turn',
    columns: [...KEY, col('turn', 'turn number from 1'), col('user_message', 'what the participant (or the environment) sent to open the turn'), col('agent_message', 'the agent\'s reply'), col('tool_calls', 'tool calls the agent made in the turn'), col('start_ms', 'turn start, ms from the session start (monotonic)'), col('end_ms', 'turn end, ms from the session start (monotonic)'), col('start_wall', 'turn start, wall clock (UTC)')],
    rows,
  };
}

function intentsTable(data: ParticipantData[]): Table {
  return {
    file: 'intents.csv',
    about: 'one row per change of a hidden intent\'s status',
    columns: [...KEY, col('intent', 'intent id'), col('turn', 'turn of the change'), col('from', 'status before'), col('to', 'status after: completed, inferred, provided, unresolved, open, …'), col('cause', 'why: evidence, question, picked, reveal, manual, max_turns, …'), col('set_by', 'who set it: rules (the rules judge or the engine\'s rules), judge (a model judge), participant, operator'), col('t_ms', 'ms from the session start (monotonic)'), col('wall', 'wall clock (UTC)')],
    rows: perEvent(data, (e, _s, judge) => (e.type === 'intent_status' ? [e.intent, e.turn, e.from, e.to, e.cause, setBy(e.cause, judge), e.t, e.wall] : undefined)),
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
    columns: [...KEY, col('item', 'checklist item id'), col('pass', 'TRUE passed, FALSE failed, NA ungraded'), col('by', 'graded by: rule, rubric or script'), col('turn', 'turn of the verdict'), col('reason', 'the evidence or the judge\'s reason'), col('t_ms', 'ms from the session start')],
    rows: [...last.values()],
  };
}

function answersTable(data: ParticipantData[]): Table {
  const rows: Cell[][] = [];
  for (const p of data)
    for (const a of p.state.answers) {
      const s = a.session !== undefined ? p.state.sessions[a.session] : undefined;
      rows.push([p.state.participant, a.part, a.session !== undefined ? a.session + 1 : null, s?.condition ?? null, s?.scenario ?? null, a.question, a.item, a.kind, a.value, a.wall]);
    }
  return {
    file: 'answers.csv',
    about: 'questionnaire answers in long form: one row per item answered',
    columns: [
      col('participant', 'participant code'),
      col('part', 'session (after a session) or final (at the end)'),
      col('session', 'the session asked about, from 1 (NA for final)'),
      col('condition', 'that session\'s condition (NA for final)'),
      col('scenario', 'that session\'s scenario (NA for final)'),
      col('question', 'the question id in the study file (sus, tlx, or the author\'s id)'),
      col('item', 'item id: sus1-sus10, a TLX subscale (mental, physical, temporal, performance, effort, frustration), or the question id'),
      col('kind', 'likert (1..scale), sus (1-5), tlx (0-100, steps of 5), text'),
      col('value', 'the answer (a number, or text; NA for a skipped optional text)'),
      col('wall', 'when it was answered (UTC)'),
    ],
    rows,
  };
}

function timingsTable(data: ParticipantData[]): Table {
  const rows: Cell[][] = [];
  for (const p of data)
    for (const l of p.log.filter((x) => x.type === 'message_timing')) {
      const s = p.state.sessions[l.session as number];
      rows.push([p.state.participant, (l.session as number) + 1, s?.condition, s?.scenario, l.turn as number, l.first_key_ms as number | null, l.send_ms as number, l.paused_ms as number, l.chars as number, l.wall]);
    }
  return {
    file: 'timings.csv',
    about: 'one row per message the participant typed and sent',
    columns: [...KEY, col('turn', 'the turn the message opened'), col('first_key_ms', 'ms from the prompt (the session waiting for the participant) to their first keystroke; negative: they typed ahead while the agent worked; NA: no key seen'), col('send_ms', 'ms from the prompt to sending'), col('paused_ms', 'ms of operator pause within that span'), col('chars', 'characters sent'), col('wall', 'when it was sent (UTC)')],
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
        rows.push([p.state.participant, step.kind, step.session !== undefined ? step.session + 1 : null, open.wall, l.wall, l.run === open.run ? l.mono - open.mono : null]);
        open = undefined;
      }
    }
  }
  return {
    file: 'pauses.csv',
    about: 'one row per operator pause',
    columns: [col('participant', 'participant code'), col('step', 'the step paused: consent, instructions, ready, session, questionnaire, final, thanks'), col('session', 'the session (from 1) for session steps'), col('start', 'pause start (UTC)'), col('end', 'pause end (UTC)'), col('duration_ms', 'length on the monotonic clock')],
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
      rows.push([p.state.participant, span.session + 1, s?.condition, s?.scenario, span.part, hidden, content, span.layout, span.run, span.startMs, span.endMs, duration, span.startWall, span.endWall]);
    }
  return {
    file: 'exposure.csv',
    about: 'one row per span of time a part of the session screen was on the participant\'s screen (a pane, or the card or overlay covering the panes)',
    columns: [
      ...KEY,
      col('part', 'what was on screen: a pane (conversation, intents, checklist, workspace, timeline, phone) or what covered the panes (opening_card, persona_card, help)'),
      col('hidden_info', 'TRUE when it showed hidden information: the goals or intents, the persona card, the opening card, or the judge\'s verdicts'),
      col('content', 'what it showed in this study\'s participant view, e.g. goals (no statuses), nothing (verdicts withheld)'),
      col('layout', 'the screen layout when it came on screen: wide (every pane side by side), medium (the conversation and one tab), narrow (one tab), too small'),
      col('run', 'which run of `study run` (0 first, then one more per resume); start_ms and end_ms are on that run\'s monotonic clock'),
      col('start_ms', 'when it came on screen, ms from the session start (monotonic; negative: just before the session started)'),
      col('end_ms', 'when it left the screen, ms from the session start (NA: the run stopped while it was on screen)'),
      col('duration_ms', 'how long it was on screen (monotonic)'),
      col('start_wall', 'when it came on screen (UTC)'),
      col('end_wall', 'when it left the screen (UTC)'),
    ],
    rows,
  };
}

export function studyTables(study: Study, data: ParticipantData[]): Table[] {
  return [participantsTable(data), sessionsTable(data, study), turnsTable(data), intentsTable(data), checklistTable(data), answersTable(data), timingsTable(data), pausesTable(data), exposureTable(data, study)];
}

function codebook(study: Study, tables: Table[]): string {
  const lines = [`# Codebook: ${study.title}`, '', `Exported by intentplay from the study file (sha256 ${study.sha256}). Missing values are \`NA\`; booleans are \`TRUE\`/\`FALSE\`; times in \`*_ms\` are on the monotonic clock, \`wall\`/\`started\` columns are UTC.`, ''];
  for (const t of tables) {
    lines.push(`## ${t.file}`, '', `${t.about}; ${t.rows.length} row${t.rows.length === 1 ? '' : 's'}.`, '', '| column | meaning |', '| --- | --- |');
    for (const c of t.columns) lines.push(`| \`${c.name}\` | ${c.about.replace(/\|/g, '\\|')} |`);
    lines.push('');
  }
  return lines.join('\n');
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
  files.push('codebook.md');
  const manifest = files.map((f) => `${createHash('sha256').update(readFileSync(path.join(out, f))).digest('hex')}  ${f}`).join('\n') + '\n';
  writeFileSync(path.join(out, 'MANIFEST.sha256'), manifest);
  return [...files, 'MANIFEST.sha256'];
}
