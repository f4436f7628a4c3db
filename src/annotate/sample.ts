/**
 * What each annotator sees: a seeded sample of sessions, balanced across scenarios, and each
 * sampled session given to K annotators so every item gets K labels and every annotator about
 * the same share. The sample is a function of the sessions (by content hash, so argument order
 * does not matter), the seed and the roster: every annotator running the same command gets
 * their own part of one plan.
 */
import { seededRandom } from '../sim/random.ts';
import { UserError } from '../contracts/diagnostics.ts';
import { compareText } from '../contracts/order.ts';

export interface SampleOptions {
  /** Sessions to draw; all when absent. */
  size?: number | undefined;
  seed: number;
  /** Annotators per session; needs the roster. */
  perItem?: number | undefined;
  annotators?: readonly string[] | undefined;
}

export interface SamplePlan {
  seed: number;
  size: number | null;
  perItem: number | null;
  annotators: string[] | null;
  /** Recording ids in the order they are annotated. */
  sessions: string[];
  /** Recording ids per annotator, in that order (absent without a roster: everyone sees all). */
  assigned?: Record<string, string[]>;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Up to `size` sessions, stratified by scenario: scenarios in a seeded order, each one's
 * sessions shuffled, then one from each scenario in turn until enough are drawn. So a sample
 * smaller than the pool covers as many scenarios as it can, as evenly as it can.
 */
export function drawSample(
  sessions: readonly { id: string; scenario: string }[],
  size: number | undefined,
  seed: number,
): string[] {
  const random = seededRandom(seed);
  const byScenario = new Map<string, string[]>();
  for (const s of [...sessions].sort((a, b) => compareText(a.id, b.id)))
    byScenario.set(s.scenario, [...(byScenario.get(s.scenario) ?? []), s.id]);
  const queues = shuffle([...byScenario.keys()].sort(), random).map((k) =>
    shuffle(byScenario.get(k)!, random),
  );
  const out: string[] = [];
  const want = Math.min(size ?? sessions.length, sessions.length);
  while (out.length < want)
    for (const q of queues) if (q.length && out.length < want) out.push(q.shift()!);
  return out;
}

/**
 * Session j goes to annotators j·K, j·K+1, …, j·K+K−1 (mod the roster): K different people
 * per session, each person within one session of the same load, and, since consecutive
 * sessions come from different scenarios, each person's share spread across scenarios.
 */
export function assignAnnotators(
  ids: readonly string[],
  annotators: readonly string[],
  perItem: number,
): Record<string, string[]> {
  const out: Record<string, string[]> = Object.fromEntries(annotators.map((a) => [a, []]));
  ids.forEach((id, j) => {
    for (let t = 0; t < perItem; t++)
      out[annotators[(j * perItem + t) % annotators.length]!]!.push(id);
  });
  return out;
}

export function planSample(
  sessions: readonly { id: string; scenario: string }[],
  o: SampleOptions,
): SamplePlan {
  const roster = o.annotators ? [...new Set(o.annotators)] : undefined;
  if (o.perItem !== undefined) {
    if (!roster)
      throw new UserError(
        '--per-item needs --annotators: the names of everyone annotating, so each session can go to that many of them',
      );
    if (o.perItem > roster.length)
      throw new UserError(
        `--per-item ${o.perItem}: only ${roster.length} annotators are named in --annotators`,
      );
  }
  const ids = drawSample(sessions, o.size, o.seed);
  const plan: SamplePlan = {
    seed: o.seed,
    size: o.size ?? null,
    perItem: o.perItem ?? null,
    annotators: roster ?? null,
    sessions: ids,
  };
  if (roster) plan.assigned = assignAnnotators(ids, roster, o.perItem ?? roster.length);
  return plan;
}

/** The sessions `annotator` annotates under `plan`, in order. */
export function sessionsFor(plan: SamplePlan, annotator: string): string[] {
  if (!plan.assigned) return plan.sessions;
  const mine = plan.assigned[annotator];
  if (!mine)
    throw new UserError(
      `--annotator ${annotator} is not in --annotators (${plan.annotators!.join(', ')})`,
    );
  return mine;
}
