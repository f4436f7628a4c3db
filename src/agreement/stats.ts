/**
 * Agreement statistics over nominal labels: percent agreement, Cohen's κ, Fleiss' κ,
 * Krippendorff's α (nominal, missing values allowed), majority votes and confusion matrices.
 * Each returns null where the statistic is undefined (too few ratings, or chance agreement
 * already perfect), never NaN. Checked against the literature's worked examples in
 * test/agreement/stats.test.ts.
 */

/** One rated item: its labels by rater (a rater who did not rate it is simply absent). */
export interface Unit {
  id: string;
  labels: readonly string[];
}

/** Counts of each label in a unit. */
function counts(labels: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const l of labels) m.set(l, (m.get(l) ?? 0) + 1);
  return m;
}

const pairable = (units: readonly Unit[]) => units.filter((u) => u.labels.length >= 2);

/**
 * Observed agreement: per unit, the share of rater pairs that agree; averaged over the units
 * rated at least twice. With two raters it is the share of items they label alike.
 */
export function percentAgreement(units: readonly Unit[]): number | null {
  const rated = pairable(units);
  if (!rated.length) return null;
  let sum = 0;
  for (const u of rated) {
    const n = u.labels.length;
    let agree = 0;
    for (const c of counts(u.labels).values()) agree += c * (c - 1);
    sum += agree / (n * (n - 1));
  }
  return sum / rated.length;
}

/** Cohen's κ for two raters: (pₒ − pₑ) / (1 − pₑ), pₑ from each rater's own label shares. */
export function cohenKappa(pairs: readonly (readonly [string, string])[]): number | null {
  const n = pairs.length;
  if (!n) return null;
  const a = counts(pairs.map((p) => p[0]));
  const b = counts(pairs.map((p) => p[1]));
  const po = pairs.filter(([x, y]) => x === y).length / n;
  let pe = 0;
  for (const [label, ca] of a) pe += (ca / n) * ((b.get(label) ?? 0) / n);
  return pe === 1 ? null : (po - pe) / (1 - pe);
}

/**
 * Fleiss' κ for any number of raters per item (Fleiss 1971). Units rated fewer than twice are
 * left out; with a varying number of raters each unit's agreement uses its own count.
 */
export function fleissKappa(units: readonly Unit[]): number | null {
  const rated = pairable(units);
  if (!rated.length) return null;
  const pBar = percentAgreement(rated)!;
  const totals = new Map<string, number>();
  let all = 0;
  for (const u of rated) {
    for (const [label, c] of counts(u.labels)) totals.set(label, (totals.get(label) ?? 0) + c);
    all += u.labels.length;
  }
  let pe = 0;
  for (const c of totals.values()) pe += (c / all) ** 2;
  return pe === 1 ? null : (pBar - pe) / (1 - pe);
}

/**
 * Krippendorff's α for nominal data (Krippendorff 2011, "Computing Krippendorff's
 * Alpha-Reliability"): 1 − Dₒ/Dₑ from the coincidence matrix. Units with a single value are
 * not pairable and drop out, which is how it handles missing ratings.
 */
export function krippendorffAlpha(units: readonly Unit[]): number | null {
  const rated = pairable(units);
  // Coincidences: each ordered pair of values within a unit, weighted 1/(mᵤ − 1).
  const nc = new Map<string, number>();
  let disagreeing = 0; // Σ_{c≠k} o_ck
  for (const u of rated) {
    const m = u.labels.length;
    const cs = counts(u.labels);
    for (const [c, x] of cs) {
      nc.set(c, (nc.get(c) ?? 0) + x);
      disagreeing += (x * (m - x)) / (m - 1);
    }
  }
  let n = 0;
  for (const v of nc.values()) n += v;
  let sq = 0;
  for (const v of nc.values()) sq += v * v;
  const expected = n * n - sq; // Σ_{c≠k} n_c n_k
  if (n < 2 || expected === 0) return null;
  return 1 - ((n - 1) * disagreeing) / expected;
}

/** The label more raters chose than any other; null on a tie (no majority) or no ratings. */
export function majority(labels: readonly string[]): string | null {
  let best: string | null = null;
  let top = 0;
  let tied = false;
  for (const [label, c] of counts(labels)) {
    if (c > top) [best, top, tied] = [label, c, false];
    else if (c === top) tied = true;
  }
  return tied ? null : best;
}

export interface Confusion {
  /** Labels in the order of the rows and columns. */
  labels: string[];
  /** matrix[i][j]: items the first rater labelled labels[i] and the second labels[j]. */
  matrix: number[][];
}

export function confusion(
  pairs: readonly (readonly [string, string])[],
  order: readonly string[] = [],
): Confusion {
  const seen = new Set(pairs.flat());
  const labels = [
    ...order.filter((l) => seen.has(l)),
    ...[...seen].filter((l) => !order.includes(l)).sort(),
  ];
  const at = new Map(labels.map((l, i) => [l, i]));
  const matrix = labels.map(() => labels.map(() => 0));
  for (const [a, b] of pairs) matrix[at.get(a)!]![at.get(b)!]! += 1;
  return { labels, matrix };
}

/** Share of pairs that agree (accuracy of the first against the second). */
export function accuracy(pairs: readonly (readonly [string, string])[]): number | null {
  return pairs.length ? pairs.filter(([a, b]) => a === b).length / pairs.length : null;
}
