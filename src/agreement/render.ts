/**
 * The agreement report as text, Markdown or JSON. Text and Markdown go through the report
 * module's tables, so they look like `intentplay report`; JSON is the analysis as it is.
 */
import type { Axis } from '../annotate/records.ts';
import type { Column, ReportDoc, Section, Table } from '../report/document.ts';
import { renderMarkdown, renderTerminal } from '../report/render-text.ts';
import type { AgreementResult, AxisAgreement } from './analyse.ts';
import type { Estimate } from './bootstrap.ts';

export const AGREEMENT_FORMATS = ['text', 'md', 'json'] as const;
export type AgreementFormat = (typeof AGREEMENT_FORMATS)[number];

const AXIS_TITLES: Record<Axis, string> = { intent: 'Hidden intents', checklist: 'Checklist' };

const text = (key: string, label: string): Column => ({ key, label, kind: 'text' });
const STAT_COLUMNS: Column[] = [
  text('statistic', 'statistic'),
  text('value', 'value'),
  text('ci95', '95% interval'),
  { key: 'n', label: 'items', kind: 'int' },
];

function num(v: number | null, pct: boolean): string {
  if (v === null) return '–';
  return pct ? `${(v * 100).toFixed(1)}%` : v.toFixed(3);
}

function statRow(name: string, e: Estimate, pct = false): (string | number)[] {
  const ci = e.low === null || e.high === null ? '–' : `${num(e.low, pct)} – ${num(e.high, pct)}`;
  return [name, num(e.value, pct), ci, e.n];
}

function humanTable(a: AxisAgreement): Table {
  const h = a.human;
  const rows = [statRow('percent agreement', h.percent, true)];
  if (h.cohen) rows.push(statRow("Cohen's κ", h.cohen));
  if (h.fleiss) rows.push(statRow("Fleiss' κ", h.fleiss));
  rows.push(statRow("Krippendorff's α (nominal)", h.alpha));
  const note =
    a.annotators.length < 2
      ? 'Only one annotator labelled this axis: agreement among annotators needs two or more.'
      : `${h.shared} of ${a.items} items were labelled by two or more annotators; only those count here.`;
  return {
    id: `${a.axis}-human`,
    title: 'agreement among annotators',
    columns: STAT_COLUMNS,
    rows,
    note,
  };
}

function judgeTables(a: AxisAgreement): Table[] {
  const j = a.judge;
  const left = [
    j.noMajority && `${j.noMajority} with tied annotators`,
    j.ungraded && `${j.ungraded} the judge left ungraded`,
    j.unmatched && `${j.unmatched} whose recording was not found`,
  ].filter(Boolean);
  const summary: Table = {
    id: `${a.axis}-judge`,
    title: "the judge vs the annotators' majority vote",
    columns: STAT_COLUMNS,
    rows: [
      statRow('accuracy', j.accuracy, true),
      statRow('disagreement rate (π-Bench)', j.disagreement, true),
      statRow("Cohen's κ", j.kappa),
    ],
    note: `${j.compared} items compared${left.length ? `; left out: ${left.join(', ')}` : ''}.`,
  };
  const labels = j.confusion.labels;
  const matrix: Table = {
    id: `${a.axis}-confusion`,
    title: 'confusion matrix (rows: the judge; columns: the majority)',
    columns: [
      text('judge', 'judge \\ majority'),
      ...labels.map((l) => ({ key: l, label: l, kind: 'int' as const })),
    ],
    rows: labels.map((l, i) => [l, ...j.confusion.matrix[i]!]),
  };
  const each: Table = {
    id: `${a.axis}-annotators`,
    title: 'each annotator vs the judge',
    columns: [
      text('annotator', 'annotator'),
      { key: 'n', label: 'items', kind: 'int' },
      text('accuracy', 'agrees with the judge'),
    ],
    rows: j.perAnnotator.map((p) => [p.annotator, p.n, num(p.accuracy, true)]),
  };
  return j.compared ? [summary, matrix, each] : [summary];
}

export function agreementDoc(r: AgreementResult): ReportDoc {
  // One section per table: the renderers title sections, not tables.
  const sections: Section[] = r.axes.flatMap((a) =>
    [humanTable(a), ...judgeTables(a)].map((table, i) => ({
      id: table.id,
      title: `${AXIS_TITLES[a.axis]}: ${table.title}`,
      ...(i === 0
        ? {
            text: `${a.items} items labelled by ${a.annotators.length} annotator${a.annotators.length === 1 ? '' : 's'} (${a.annotators.join(', ')}).`,
          }
        : {}),
      tables: [table],
      charts: [],
    })),
  );
  if (!sections.length)
    sections.push({
      id: 'empty',
      title: 'No annotations',
      text: 'The files hold no annotation records.',
      tables: [],
      charts: [],
    });
  return {
    title: 'Agreement',
    meta: [
      ['annotations', `${r.records} records in ${r.files.join(', ')}`],
      ['annotators', r.annotators.join(', ') || '–'],
      ['judge', r.judges.join(', ') || 'no recording found'],
      [
        'intervals',
        `95%, percentile bootstrap over items, ${r.resamples} resamples, seed ${r.seed}`,
      ],
    ],
    sections,
  };
}

export function renderAgreement(r: AgreementResult, format: AgreementFormat): string {
  if (format === 'json') return JSON.stringify(r, null, 2) + '\n';
  const doc = agreementDoc(r);
  return format === 'md' ? renderMarkdown(doc) : renderTerminal(doc);
}
