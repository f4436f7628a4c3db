/**
 * From annotation records to agreement, per axis (hidden intents, checklist): among the
 * annotators (percent agreement, Cohen's κ for two, Fleiss' κ for more, Krippendorff's α),
 * and between the judge and the annotators' majority vote (accuracy, κ, confusion matrix,
 * and π-Bench's disagreement rate), each with a seeded bootstrap interval over items.
 */
import { AXES, itemKey, LABELS, type AnnotationRecord, type Axis } from '../annotate/records.ts';
import { fmtBackend } from '../text/format.ts';
import { bootstrap, DEFAULT_RESAMPLES, type Estimate } from './bootstrap.ts';
import { judgedSessions, judgeLabel } from './judge-labels.ts';
import {
  accuracy,
  cohenKappa,
  confusion,
  fleissKappa,
  krippendorffAlpha,
  majority,
  percentAgreement,
  type Confusion,
  type Unit,
} from './stats.ts';
import { compareNatural } from '../contracts/order.ts';

/** A record and the annotations file it came from. */
export type SourcedRecord = AnnotationRecord & { source: string };

interface Item {
  key: string;
  axis: Axis;
  recording: string;
  item: string;
  /** Label by annotator. */
  labels: Map<string, string>;
}

export interface HumanAgreement {
  /** Items at least two annotators labelled: the ones agreement is computed over. */
  shared: number;
  percent: Estimate;
  /** Exactly two annotators on this axis. */
  cohen: Estimate | null;
  /** Three or more. */
  fleiss: Estimate | null;
  alpha: Estimate;
}

export interface JudgeAgreement {
  /** Items compared: the judge labelled them and the annotators have a majority. */
  compared: number;
  /** Left out: annotators tied. */
  noMajority: number;
  /** Left out: the judge gave no label (ungraded checklist items). */
  ungraded: number;
  /** Left out: the recording was not found. */
  unmatched: number;
  accuracy: Estimate;
  /** π-Bench's disagreement rate: 1 − accuracy against the majority vote. */
  disagreement: Estimate;
  kappa: Estimate;
  /** Rows: the judge; columns: the majority. */
  confusion: Confusion;
  perAnnotator: { annotator: string; n: number; accuracy: number | null }[];
}

export interface AxisAgreement {
  axis: Axis;
  items: number;
  annotators: string[];
  human: HumanAgreement;
  judge: JudgeAgreement;
}

export interface AgreementResult {
  files: string[];
  records: number;
  annotators: string[];
  /** The judges of the matched recordings (kind and model). */
  judges: string[];
  seed: number;
  resamples: number;
  axes: AxisAgreement[];
}

/** One label per annotator and item: a later answer replaces an earlier one. */
function gatherItems(records: readonly SourcedRecord[]): Item[] {
  const items = new Map<string, Item>();
  for (const r of records) {
    const key = itemKey(r);
    let item = items.get(key);
    if (!item)
      items.set(
        key,
        (item = { key, axis: r.axis, recording: r.recording_id, item: r.item, labels: new Map() }),
      );
    item.labels.set(r.annotator, r.label);
  }
  return [...items.values()];
}

function humanAgreement(
  items: readonly Item[],
  annotators: readonly string[],
  opts: { seed: number; resamples: number },
): HumanAgreement {
  const units: Unit[] = items.map((i) => ({ id: i.key, labels: [...i.labels.values()] }));
  const shared = units.filter((u) => u.labels.length >= 2);
  let cohen: Estimate | null = null;
  if (annotators.length === 2) {
    const [a, b] = annotators as [string, string];
    const pairs = items
      .filter((i) => i.labels.has(a) && i.labels.has(b))
      .map((i) => [i.labels.get(a)!, i.labels.get(b)!] as const);
    cohen = bootstrap(pairs, cohenKappa, opts);
  }
  return {
    shared: shared.length,
    percent: bootstrap(shared, percentAgreement, opts),
    cohen,
    fleiss: annotators.length > 2 ? bootstrap(shared, fleissKappa, opts) : null,
    alpha: bootstrap(shared, krippendorffAlpha, opts),
  };
}

function judgeAgreement(
  axis: Axis,
  items: readonly Item[],
  labelOf: (i: Item) => string | null | undefined,
  opts: { seed: number; resamples: number },
): JudgeAgreement {
  const pairs: (readonly [string, string])[] = [];
  let noMajority = 0;
  let ungraded = 0;
  let unmatched = 0;
  const perAnnotator = new Map<string, { n: number; agree: number }>();
  for (const item of items) {
    const judge = labelOf(item);
    if (judge === undefined) unmatched++;
    else if (judge === null) ungraded++;
    else {
      for (const [annotator, label] of item.labels) {
        const tally = perAnnotator.get(annotator) ?? { n: 0, agree: 0 };
        tally.n++;
        if (label === judge) tally.agree++;
        perAnnotator.set(annotator, tally);
      }
      const vote = majority([...item.labels.values()]);
      if (vote === null) noMajority++;
      else pairs.push([judge, vote]);
    }
  }
  return {
    compared: pairs.length,
    noMajority,
    ungraded,
    unmatched,
    accuracy: bootstrap(pairs, accuracy, opts),
    disagreement: bootstrap(
      pairs,
      (p) => {
        const a = accuracy(p);
        return a === null ? null : 1 - a;
      },
      opts,
    ),
    kappa: bootstrap(pairs, cohenKappa, opts),
    confusion: confusion(pairs, LABELS[axis]),
    perAnnotator: [...perAnnotator]
      .sort(([a], [b]) => compareNatural(a, b))
      .map(([annotator, t]) => ({ annotator, n: t.n, accuracy: t.n ? t.agree / t.n : null })),
  };
}

export function analyse(
  records: readonly SourcedRecord[],
  opts: { files: string[]; judgeSources?: readonly string[]; seed?: number; resamples?: number },
): AgreementResult {
  const stat = { seed: opts.seed ?? 0, resamples: opts.resamples ?? DEFAULT_RESAMPLES };
  const { byId } = judgedSessions(records, opts.judgeSources);
  const items = gatherItems(records);
  const labelOf = (i: Item) => {
    const session = byId.get(i.recording);
    return session ? judgeLabel(session.state, i.axis, i.item) : undefined;
  };
  const axes = AXES.map((axis) => {
    const mine = items.filter((i) => i.axis === axis);
    const annotators = [...new Set(mine.flatMap((i) => [...i.labels.keys()]))].sort();
    return {
      axis,
      items: mine.length,
      annotators,
      human: humanAgreement(mine, annotators, stat),
      judge: judgeAgreement(axis, mine, labelOf, stat),
    };
  });
  return {
    files: opts.files,
    records: records.length,
    annotators: [...new Set(records.map((r) => r.annotator))].sort(),
    judges: [...new Set([...byId.values()].map((s) => fmtBackend(s.judge)))].sort(),
    ...stat,
    axes: axes.filter((a) => a.items > 0),
  };
}
