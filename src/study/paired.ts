/**
 * Paired within-participant differences for `study report`: for each pair of conditions and each
 * measure, every participant who has both gives one difference (their mean in the first condition
 * minus their mean in the second), and the report shows the mean difference with a seeded
 * percentile-bootstrap 95% interval that resamples participants.
 */
import { instrumentScores, scoresOf, type ParticipantData } from './data.ts';
import type { Study } from './load.ts';
import { bootstrapMean, MEASURES, type Estimate } from './estimates.ts';

type MeasureKey = (typeof MEASURES)[number]['key'];

export interface PairedRow {
  /** `a − b`: the first condition minus the second. */
  pair: string;
  /** Participants with both conditions. */
  participants: number;
  measures: Record<MeasureKey, Estimate>;
}

/** One participant's mean of each measure in one condition (completed sessions; SUS and TLX from the questionnaire after each). */
function meansOf(p: ParticipantData, condition: string): Partial<Record<MeasureKey, number>> {
  const values: Record<MeasureKey, number[]> = {
    proc: [],
    comp: [],
    turns: [],
    minutes: [],
    sus: [],
    tlx: [],
  };
  for (const s of p.sessions.filter((x) => x.condition === condition && x.recording?.complete)) {
    const sc = scoresOf(s.recording);
    const q = instrumentScores(
      p.state.answers.filter((a) => a.part === 'session' && a.session === s.session),
    );
    const add = (k: MeasureKey, v: number | null) => v !== null && values[k].push(v);
    add('proc', sc.procExact);
    add('comp', sc.compExact);
    add('turns', sc.turns);
    add('minutes', sc.durationS === null ? null : sc.durationS / 60);
    add('sus', q.sus);
    add('tlx', q.tlx);
  }
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v.length)
      .map(([k, v]) => [k, v.reduce((a, b) => a + b, 0) / v.length]),
  );
}

/** Every pair of conditions in the study's order (a within-subjects design; none for between). */
export function pairedRows(study: Study, data: readonly ParticipantData[]): PairedRow[] {
  if (study.design.type !== 'within') return [];
  const conditions = Object.keys(study.conditions);
  const means = data.map((p) => Object.fromEntries(conditions.map((c) => [c, meansOf(p, c)])));
  const rows: PairedRow[] = [];
  conditions.forEach((a, i) =>
    conditions.slice(i + 1).forEach((b, j) => {
      const both = means.filter((m) => Object.keys(m[a]!).length && Object.keys(m[b]!).length);
      const measures = Object.fromEntries(
        MEASURES.map((m, mi) => {
          const diffs = both.flatMap((x) =>
            x[a]![m.key] !== undefined && x[b]![m.key] !== undefined
              ? [x[a]![m.key]! - x[b]![m.key]!]
              : [],
          );
          return [
            m.key,
            bootstrapMean(diffs, study.design.seed * 1000 + 500 + (i * 10 + j) * 10 + mi),
          ];
        }),
      ) as Record<MeasureKey, Estimate>;
      rows.push({ pair: `${a} − ${b}`, participants: both.length, measures });
    }),
  );
  return rows;
}
