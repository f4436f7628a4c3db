/** The export's tables from the study log: questionnaire answers, message timings, pauses, and what was on screen when. */
import { exposureContent, exposureSpans } from './exposure.ts';
import type { ParticipantData } from './data.ts';
import type { Study } from './load.ts';
import { col, KEY, QUESTIONNAIRE_KEY, questionnaireKey, type Cell, type Table } from './table.ts';
import type { Answer } from './participant.ts';
import { expandQuestions, type AnswerValue } from './questionnaire.ts';

/** The answer in words: the options' text, or a preference's condition. */
function labelOf(study: Study, p: ParticipantData, a: Answer): Cell {
  if (a.value === null || typeof a.value === 'string') return null;
  if (a.kind === 'preference') {
    if (a.value === 0) return 'no preference';
    return p.state.sessions[(a.value as number) - 1]?.condition ?? null;
  }
  if (a.kind !== 'choice' && a.kind !== 'ranking') return null;
  const part = a.part === 'session' ? 'after_each_session' : a.part;
  const q = expandQuestions(study.questionnaires[part]).find((i) => i.item === a.item);
  const codes = Array.isArray(a.value) ? a.value : [a.value];
  const words = codes.map((c) => q?.options?.find((o) => o.code === c)?.label);
  return words.every(Boolean) ? words.join(' | ') : null;
}

/** A list of option numbers as `1;3` (a ranking: most preferred first). */
export const valueCell = (v: AnswerValue): Cell => (Array.isArray(v) ? v.join(';') : v);

export function answersTable(data: ParticipantData[], study: Study): Table {
  const rows: Cell[][] = [];
  for (const p of data)
    for (const a of p.state.answers) {
      const s = a.session !== undefined ? p.state.sessions[a.session] : undefined;
      rows.push([
        ...questionnaireKey(p.state.participant, a.part, a.session, s),
        a.question,
        a.item,
        a.kind,
        valueCell(a.value),
        labelOf(study, p, a),
        a.check_passed,
        a.wall,
        a.shown,
        a.latency_ms,
      ]);
    }
  return {
    file: 'answers.csv',
    about: 'questionnaire answers in long form: one row per item answered',
    columns: [
      ...QUESTIONNAIRE_KEY,
      col('question', 'text', "the question id in the study file (sus, tlx, or the author's id)"),
      col(
        'item',
        'text',
        'item id: sus1-sus10, a TLX subscale (mental, physical, temporal, performance, effort, frustration), or the question id',
      ),
      col(
        'kind',
        'text',
        'likert (1..scale), sus (1-5), tlx (0-100, steps of 5), scale (an item of a custom scale, 1..points, as answered), choice (option numbers), numeric, ranking, preference, text',
      ),
      col(
        'value',
        'text',
        'the answer as given: a number; text; for choice the chosen option numbers (several: `1;3`, ascending); for ranking every option number, most preferred first (`2;1;3`); for preference the session number preferred, 0 for no preference. Missing: a skipped optional item. The options and their numbers are in questions.csv',
      ),
      col(
        'value_label',
        'text',
        "the answer in words: the chosen options' text (several joined by ` | `, in the value's order); for preference the preferred session's condition, or `no preference`; missing for other kinds",
      ),
      col(
        'check_passed',
        'logical',
        'attention or comprehension check items: TRUE when this answer is the correct one (a comprehension check answered wrongly is asked again: this is the last answer); missing for other items',
      ),
      col('wall', 'datetime', 'when it was answered (UTC)'),
      col(
        'shown',
        'datetime',
        'onset: when the item came on screen, the last time before this answer (UTC; missing for data from before this was recorded)',
      ),
      col('latency_ms', 'number', 'ms from the item coming on screen to the answer (monotonic)'),
    ],
    rows,
  };
}

export function timingsTable(data: ParticipantData[]): Table {
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
        'ms from the prompt (the session waiting for the participant) to their first keystroke; negative: they typed ahead while the agent worked; missing: no key seen',
      ),
      col('send_ms', 'number', 'ms from the prompt to sending'),
      col('paused_ms', 'number', 'ms of operator pause within that span'),
      col('chars', 'integer', 'characters sent'),
      col('wall', 'datetime', 'when it was sent (UTC)'),
    ],
    rows,
  };
}

export function pausesTable(data: ParticipantData[]): Table {
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
      col(
        'step',
        'text',
        'the step paused: consent, instructions, ready, session, questionnaire, final, thanks',
      ),
      col('session', 'integer', 'the session (from 1) for session steps'),
      col('start', 'datetime', 'pause start (UTC)'),
      col('end', 'datetime', 'pause end (UTC)'),
      col('duration_ms', 'number', 'length on the monotonic clock'),
    ],
    rows,
  };
}

export function exposureTable(data: ParticipantData[], study: Study): Table {
  const rows: Cell[][] = [];
  for (const p of data)
    for (const span of exposureSpans(p.log)) {
      const s = p.state.sessions[span.session];
      const { content, hidden } = exposureContent(span.part, study.participant_view);
      const duration =
        span.startMs !== undefined && span.endMs !== undefined ? span.endMs - span.startMs : null;
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
      col(
        'content',
        'text',
        "what it showed in this study's participant view, e.g. goals (no statuses), nothing (verdicts withheld)",
      ),
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
      col(
        'start_ms',
        'number',
        'when it came on screen, ms from the session start (monotonic; negative: just before the session started)',
      ),
      col(
        'end_ms',
        'number',
        'when it left the screen, ms from the session start (missing: the run stopped while it was on screen)',
      ),
      col('duration_ms', 'number', 'how long it was on screen (monotonic)'),
      col('start_wall', 'datetime', 'when it came on screen (UTC)'),
      col('end_wall', 'datetime', 'when it left the screen (UTC)'),
    ],
    rows,
  };
}
