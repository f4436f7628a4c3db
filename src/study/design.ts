/**
 * Who plays what, in which order: balanced Latin squares (Williams designs), seeded. Each
 * condition comes at each position equally often, and each condition follows each other one
 * equally often, over a complete block of participants (n rows for n even, 2n for n odd).
 */
import { seededRandom } from '../sim/random.ts';
import type { StudyFile } from './schema.ts';

/** Row `row` of the balanced Latin square of size n: a permutation of 0..n-1. */
export function balancedLatinRow(n: number, row: number): number[] {
  const out: number[] = [];
  for (let i = 0, j = 0, h = 0; i < n; i++) {
    const val = i < 2 || i % 2 !== 0 ? j++ : n - ++h;
    out.push((val + row) % n);
  }
  // Odd n needs the mirrored square as well to balance who follows whom.
  return n % 2 !== 0 && Math.floor(row / n) % 2 !== 0 ? out.reverse() : out;
}

/** Rows in one complete block of the square: n for n even, 2n for n odd. */
export const squareRows = (n: number): number => (n % 2 === 0 ? n : 2 * n);

/** A seeded shuffle (Fisher–Yates over mulberry32), so the labels' places in the square follow the seed. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const k = Math.floor(random() * (i + 1));
    [out[i], out[k]] = [out[k]!, out[i]!];
  }
  return out;
}

export interface AssignedSession {
  /** 0-based place in the participant's order. */
  index: number;
  condition: string;
  scenario: string;
}

type Design = Pick<StudyFile, 'conditions' | 'scenarios'> & {
  design: Pick<StudyFile['design'], 'type' | 'seed'> &
    Partial<Pick<StudyFile['design'], 'scenario_order' | 'assignment'>>;
};

/** Participants in one complete counterbalancing block of the design. */
export function blockSize(study: Design): number {
  const c = Object.keys(study.conditions).length;
  const s = study.scenarios.length;
  if (study.design.type === 'between') return c * squareRows(s);
  return study.design.scenario_order === 'counterbalanced'
    ? squareRows(c) * squareRows(s)
    : squareRows(c);
}

/**
 * The conditions in the order the participants of block `block` take them (between-subjects):
 * `rotation`, the same seeded order in every block; `random`, a fresh seeded permutation per
 * block (permuted-block randomisation: random, yet balanced after every complete block).
 */
function blockOrder(conditions: readonly string[], study: Design, block: number): string[] {
  return study.design.assignment === 'random'
    ? seededShuffle(conditions, study.design.seed * 7919 + block + 1)
    : [...conditions];
}

/**
 * The sessions of the participant with this enrolment ordinal (0, 1, 2, … in the order they
 * enrolled). Within: every scenario once, the conditions in the order of the square's row
 * (cycling when there are more scenarios than conditions); the scenarios in the listed order, or
 * (`scenario_order: counterbalanced`) in the order of a second square crossed with the first, so
 * that neither the conditions nor the tasks are confounded with position. Between: one condition
 * (in turn, or randomised in blocks), the scenarios in a square's order.
 */
export function assignSessions(study: Design, ordinal: number): AssignedSession[] {
  const conditions = seededShuffle(Object.keys(study.conditions), study.design.seed);
  const c = conditions.length;
  const scenarios = seededShuffle(study.scenarios, study.design.seed + 1);
  const s = scenarios.length;
  if (study.design.type === 'within') {
    const row = balancedLatinRow(c, ordinal % squareRows(c));
    if (study.design.scenario_order !== 'counterbalanced')
      return study.scenarios.map((scenario, index) => ({
        index,
        condition: conditions[row[index % c]!]!,
        scenario,
      }));
    const order = balancedLatinRow(s, Math.floor(ordinal / squareRows(c)) % squareRows(s));
    return order.map((k, index) => ({
      index,
      condition: conditions[row[index % c]!]!,
      scenario: scenarios[k]!,
    }));
  }
  const condition = blockOrder(conditions, study, Math.floor(ordinal / c))[ordinal % c]!;
  const row = balancedLatinRow(s, Math.floor(ordinal / c) % squareRows(s));
  return row.map((k, index) => ({ index, condition, scenario: scenarios[k]! }));
}
