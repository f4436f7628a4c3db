/**
 * The export's tables about the questions themselves: questions.csv (every item's wording,
 * anchors, options with their numbers, reverse coding, checks: the codebook of the answers) and
 * scores.csv (each questionnaire's scored instruments: SUS, raw TLX, custom scales).
 */
import type { ParticipantData } from './data.ts';
import { rawTlx, susScore, TLX_SUBSCALES } from './instruments.ts';
import type { Study } from './load.ts';
import type { Answer } from './participant.ts';
import { expandQuestions } from './questionnaire.ts';
import { scaleScore, scoreRule } from './scales.ts';
import type { Question } from './schema.ts';
import { col, QUESTIONNAIRE_KEY, questionnaireKey, type Cell, type Table } from './table.ts';

export const PARTS = [
  ['before', 'before'],
  ['after_each_session', 'session'],
  ['final', 'final'],
] as const;

export function questionsTable(study: Study): Table {
  const rows: Cell[][] = [];
  for (const [key, part] of PARTS)
    expandQuestions(study.questionnaires[key]).forEach((it, i) => {
      const q = study.questionnaires[key].find((x) => x.id === it.question)!;
      rows.push([
        part,
        i + 1,
        it.question,
        it.item,
        it.kind,
        it.title ?? null,
        it.text,
        it.scale?.min ?? it.numeric?.min ?? null,
        it.scale?.max ?? it.numeric?.max ?? null,
        it.scale?.step ?? null,
        it.scale?.anchors[0] ?? null,
        it.scale?.anchors[1] ?? null,
        it.options?.map((o) => `${o.code} = ${o.label}`).join(' | ') ?? null,
        it.kind === 'choice' ? Boolean(it.multiple) : null,
        it.kind === 'scale' ? Boolean(it.reverse) : null,
        scoringOf(q),
        it.check?.kind ?? null,
        it.check ? [it.check.correct].flat().join(';') : null,
        it.numeric ? it.numeric.integer : null,
        it.numeric?.unit ?? null,
        it.optional,
      ]);
    });
  return {
    file: 'questions.csv',
    about:
      "every questionnaire item as the participant read it, in the order asked: the wording, the scale's ends and anchors, the options and their numbers, reverse coding, how its instrument is scored, checks",
    columns: [
      col('part', 'text', 'before, session (asked after each session) or final'),
      col('position', 'integer', 'its place in that questionnaire, from 1'),
      col('question', 'text', 'the question id in the study file (as in answers.csv)'),
      col('item', 'text', 'the item id (as in answers.csv)'),
      col('kind', 'text', 'the kind of question (as in answers.csv)'),
      col('title', 'text', 'the heading shown above the item (TLX subscales, a scale’s intro)'),
      col('wording', 'text', 'the item’s text, word for word'),
      col('min', 'number', 'the lowest point of a scale, or the lowest number accepted'),
      col('max', 'number', 'the highest point of a scale, or the highest number accepted'),
      col('step', 'number', 'the distance between points of a scale'),
      col('anchor_low', 'text', 'the words at the lowest point'),
      col('anchor_high', 'text', 'the words at the highest point'),
      col(
        'options',
        'text',
        'choice, ranking, preference: each option as `number = words`, joined by ` | `, in the order shown (a preference’s numbers are the sessions, 0 no preference)',
      ),
      col('multiple', 'logical', 'choice: TRUE when several options may be chosen'),
      col(
        'reversed',
        'logical',
        'custom scale items: TRUE when reverse-coded (scored as min + max − answer)',
      ),
      col('scoring', 'text', 'how the instrument this item belongs to is scored (see scores.csv)'),
      col('check', 'text', 'attention or comprehension, when the item is a check'),
      col('correct', 'text', 'a check’s correct answer (option numbers joined by `;`)'),
      col('integer', 'logical', 'numeric: TRUE when only whole numbers are accepted'),
      col('unit', 'text', 'numeric: the unit shown after the answer box'),
      col('optional', 'logical', 'TRUE when the participant may skip it'),
    ],
    rows,
  };
}

function scoringOf(q: Question): string | null {
  if (q.kind === 'sus')
    return 'SUS (Brooke 1996): 2.5 × Σ (odd items: answer − 1; even items: 5 − answer), 0–100; missing unless all ten were answered';
  if (q.kind === 'tlx')
    return 'raw NASA-TLX: the unweighted mean of the six subscales, 0–100; missing unless all six were answered';
  if (q.kind === 'scale') return scoreRule(q);
  return null;
}

/** Each scored instrument of one questionnaire's answers: [question id, kind, score]. */
export function instrumentScoresOf(
  questions: readonly Question[],
  answers: readonly Answer[],
): [string, string, number | null][] {
  return questions.flatMap((q): [string, string, number | null][] => {
    const mine = answers.filter((a) => a.question === q.id);
    if (q.kind === 'sus')
      return [
        [
          q.id,
          'sus',
          susScore(Array.from({ length: 10 }, (_, i) => numberOf(mine, `sus${i + 1}`))),
        ],
      ];
    if (q.kind === 'tlx')
      return [[q.id, 'tlx', rawTlx(TLX_SUBSCALES.map((s) => numberOf(mine, s.id)))]];
    if (q.kind === 'scale') return [[q.id, 'scale', scaleScore(q, mine)]];
    return [];
  });
}

function numberOf(answers: readonly Answer[], item: string): number | undefined {
  const v = answers.find((a) => a.item === item)?.value;
  return typeof v === 'number' ? v : undefined;
}

export function scoresTable(study: Study, data: ParticipantData[]): Table {
  const rows: Cell[][] = [];
  for (const p of data)
    for (const [key, part] of PARTS) {
      const questions = study.questionnaires[key];
      if (!questions.some((q) => ['sus', 'tlx', 'scale'].includes(q.kind))) continue;
      const sessions = part === 'session' ? p.state.sessions.map((s) => s.index) : [undefined];
      for (const k of sessions) {
        const answers = p.state.answers.filter((a) => a.part === part && a.session === k);
        if (!answers.length) continue;
        const s = k === undefined ? undefined : p.state.sessions[k];
        for (const [question, kind, score] of instrumentScoresOf(questions, answers))
          rows.push([...questionnaireKey(p.state.participant, part, k, s), question, kind, score]);
      }
    }
  return {
    file: 'scores.csv',
    about:
      'one row per participant × questionnaire × scored instrument (SUS, raw TLX, custom scales), scored as questions.csv’s `scoring` says (reverse-coded items reversed)',
    columns: [
      ...QUESTIONNAIRE_KEY,
      col('question', 'text', 'the instrument’s question id in the study file'),
      col('instrument', 'text', 'sus, tlx or scale (a custom scale)'),
      col('score', 'number', 'the score; missing unless every item was answered'),
    ],
    rows,
  };
}

/** What `study validate` says of the questionnaires: items per part by kind, and the check rule. */
export function questionnaireSummary(study: Study): string[] {
  const lines = PARTS.flatMap(([key, part]) => {
    const items = expandQuestions(study.questionnaires[key]);
    if (!items.length) return [];
    const kinds = [...new Set(items.map((i) => i.kind))].join(', ');
    const where = { before: 'before the sessions', session: 'after each session', final: 'final' };
    return [`  ${where[part]}: ${items.length} item${items.length === 1 ? '' : 's'} (${kinds})`];
  });
  const checks = PARTS.flatMap(([key]) =>
    expandQuestions(study.questionnaires[key]).flatMap((i) => (i.check ? [i.check.kind] : [])),
  );
  if (checks.length) {
    const rule = study.checks ?? { fail_after: 1, on_fail: 'flag' };
    lines.push(
      `  checks: ${checks.length} (${checks.join(', ')}); ${rule.on_fail} a participant after ${rule.fail_after} wrong answer${rule.fail_after === 1 ? '' : 's'}`,
    );
  } else if (study.checks) lines.push('  checks: the rule is set but no item has `correct`');
  return lines.length ? ['questions:', ...lines] : [];
}
