/**
 * `study report`: descriptives per condition (sessions, Proc, Comp, turns, minutes, SUS,
 * raw TLX), each a mean with a seeded percentile-bootstrap 95% interval, as text, Markdown or
 * HTML. SUS and TLX come from the questionnaire after each session; in a between-subjects
 * study the final questionnaire's scores count for the participant's one condition.
 */
import {
  dataDirOf,
  instrumentScores,
  readStudyData,
  scoresOf,
  type ParticipantData,
} from './data.ts';
import { BOOTSTRAP_RESAMPLES, bootstrapMean, MEASURES, type Estimate } from './estimates.ts';
import { pairedRows } from './paired.ts';
import type { Study } from './load.ts';
import { pickVersions } from './versions.ts';
import { questionRows } from './question-report.ts';
import { hasChecks } from './session-tables.ts';

export { BOOTSTRAP_RESAMPLES, bootstrapMean, MEASURES, type Estimate } from './estimates.ts';

type MeasureKey = (typeof MEASURES)[number]['key'];

export interface ConditionRow {
  condition: string;
  sessions: number;
  participants: number;
  measures: Record<MeasureKey, Estimate>;
}

function reportData(
  study: Study,
  dataDir: string | undefined,
  version?: string,
): ParticipantData[] {
  const dir = dataDirOf(study, dataDir);
  return pickVersions(study, dir, readStudyData(study, dir), version, false).data;
}

export function conditionRows(
  study: Study,
  dataDir: string | undefined,
  version?: string,
): ConditionRow[] {
  return rowsOf(study, reportData(study, dataDir, version));
}

function rowsOf(study: Study, data: ParticipantData[]): ConditionRow[] {
  const seed = study.design.seed;
  return Object.keys(study.conditions).map((condition, ci) => {
    const values: Record<MeasureKey, number[]> = {
      proc: [],
      comp: [],
      turns: [],
      minutes: [],
      sus: [],
      tlx: [],
    };
    let sessions = 0;
    const people = new Set<string>();
    for (const p of data) {
      const mine = p.sessions.filter((s) => s.condition === condition && s.recording?.complete);
      for (const s of mine) {
        sessions++;
        people.add(p.state.participant);
        const sc = scoresOf(s.recording);
        if (sc.procExact !== null) values.proc.push(sc.procExact);
        if (sc.compExact !== null) values.comp.push(sc.compExact);
        if (sc.turns !== null) values.turns.push(sc.turns);
        if (sc.durationS !== null) values.minutes.push(sc.durationS / 60);
        const q = instrumentScores(
          p.state.answers.filter((a) => a.part === 'session' && a.session === s.session),
        );
        if (q.sus !== null) values.sus.push(q.sus);
        if (q.tlx !== null) values.tlx.push(q.tlx);
      }
      if (study.design.type === 'between' && mine.length) {
        const q = instrumentScores(p.state.answers.filter((a) => a.part === 'final'));
        if (q.sus !== null) values.sus.push(q.sus);
        if (q.tlx !== null) values.tlx.push(q.tlx);
      }
    }
    const measures = Object.fromEntries(
      MEASURES.map((m, mi) => [m.key, bootstrapMean(values[m.key], seed * 1000 + ci * 10 + mi)]),
    ) as Record<MeasureKey, Estimate>;
    return { condition, sessions, participants: people.size, measures };
  });
}

const fmt = (v: number | null, digits: number) => (v === null ? '–' : v.toFixed(digits));
function cell(e: Estimate, digits: number): string {
  if (e.mean === null) return '–';
  return e.lo === null
    ? `${fmt(e.mean, digits)} (n=${e.n})`
    : `${fmt(e.mean, digits)} [${fmt(e.lo, digits)}, ${fmt(e.hi, digits)}]`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

interface ReportTable {
  caption: string;
  header: string[];
  body: string[][];
}

export function studyReport(
  study: Study,
  dataDir: string | undefined,
  format: 'text' | 'md' | 'html',
  version?: string,
): string {
  const all = reportData(study, dataDir, version);
  // Participants the check rule excluded are left out of every figure; flagged ones stay in.
  const data = all.filter((p) => !p.state.excluded);
  const rows = rowsOf(study, data);
  const tables: ReportTable[] = [
    {
      caption: 'Per condition',
      header: ['Condition', 'Participants', 'Sessions', ...MEASURES.map((m) => m.label)],
      body: rows.map((r) => [
        r.condition,
        String(r.participants),
        String(r.sessions),
        ...MEASURES.map((m) => cell(r.measures[m.key], m.digits)),
      ]),
    },
  ];
  const paired = pairedRows(study, data);
  if (paired.length)
    tables.push({
      caption: 'Paired differences within participants',
      header: ['Difference', 'Participants', ...MEASURES.map((m) => m.label)],
      body: paired.map((r) => [
        r.pair,
        String(r.participants),
        ...MEASURES.map((m) => cell(r.measures[m.key], m.digits)),
      ]),
    });
  const questions = questionRows(study, data);
  if (questions.length)
    tables.push({
      caption: 'Questions',
      header: ['Question', 'Asked', 'Condition', 'n', 'Answers'],
      body: questions.map((q) => [q.question, q.part, q.group, String(q.n), q.summary]),
    });
  const excluded = all.length - data.length;
  const failAfter = study.checks?.fail_after ?? 1;
  const flagged = data.filter((p) => (p.state.check_failures?.length ?? 0) >= failAfter).length;
  const notes = [
    `Mean [95% percentile bootstrap interval, ${BOOTSTRAP_RESAMPLES} resamples, seed ${study.design.seed}]; sessions are those completed. SUS is scored 0-100 (Brooke 1996); raw TLX is the mean of six subscales 0-100.`,
    ...(paired.length
      ? [
          'Paired differences: each participant with both conditions gives their mean in the first minus their mean in the second; the mean of those differences, with a bootstrap interval that resamples participants (an interval that excludes 0 is a difference this sample supports).',
        ]
      : []),
    ...(questions.length
      ? [
          'Questions: ratings, numbers and custom scales (their score, reverse-coded items reversed) as mean [95% bootstrap interval]; choices as how many chose each option; a ranking as each option’s mean rank (1 = first); a preference as how many preferred the session of each condition. Asked after each session: per condition; else over all participants.',
        ]
      : []),
    ...(hasChecks(study)
      ? [
          `Checks: ${excluded} participant${excluded === 1 ? '' : 's'} excluded by the check rule (left out of every figure); ${flagged} flagged (${failAfter}+ failed checks; kept in).`,
        ]
      : []),
  ];
  const title = `${study.title}: ${study.design.type}-subjects, ${rows.reduce((a, r) => a + r.sessions, 0)} sessions`;
  if (format === 'md')
    return [
      `# ${title}`,
      '',
      ...tables.flatMap((t) => [
        `## ${t.caption}`,
        '',
        `| ${t.header.join(' | ')} |`,
        `| ${t.header.map(() => '---').join(' | ')} |`,
        ...t.body.map((r) => `| ${r.join(' | ')} |`),
        '',
      ]),
      ...notes.flatMap((n) => [n, '']),
    ].join('\n');
  if (format === 'html') {
    const table = (t: ReportTable) =>
      `<h2>${escapeHtml(t.caption)}</h2>\n<table><thead><tr>${t.header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>\n${t.body.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('\n')}\n</tbody></table>`;
    return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(study.title)}</title><style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:right}td:first-child,th:first-child{text-align:left}</style></head><body>\n<h1>${escapeHtml(title)}</h1>\n${tables.map(table).join('\n')}\n${notes.map((n) => `<p>${escapeHtml(n)}</p>`).join('\n')}\n</body></html>\n`;
  }
  const text = (t: ReportTable) => {
    const widths = t.header.map((h, i) => Math.max(h.length, ...t.body.map((r) => r[i]!.length)));
    const line = (r: string[]) =>
      r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    return [
      t.caption,
      '',
      line(t.header),
      line(widths.map((w) => '-'.repeat(w))),
      ...t.body.map(line),
      '',
    ];
  };
  return [title, '', ...tables.flatMap(text), ...notes, ''].join('\n');
}
