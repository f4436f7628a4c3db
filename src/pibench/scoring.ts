/**
 * π-Bench's own scoring, from the same run records as intentplay's. Each rule names its
 * π-Bench counterpart in docs/pibench.md ("Scoring parity"):
 * - Proc per task: credited intents (completed or inferred) / intents, pooled with the
 *   task's dependencies that ran: (covered of task + deps) / (intents of task + deps);
 * - Comp per task: Σ weight·pass / Σ weight over graded items (each item already OR-ed
 *   over turns); a task with no graded item, or whose rule script did not run, is dropped,
 *   not scored 0;
 * - only tasks with criteria (checklist items or a rule script) enter a user's score, as
 *   a mean weighted by dependency-group size (the task plus its transitive deps that ran);
 * - per user: mean and sample std over repeats (std only from 2 repeats on); overall: the
 *   plain mean over all (user, repeat) pairs, ± the sample std across repeats of each repeat's
 *   mean over users (the paper's Table 1: the spread between runs, not between users).
 * Pure: the caller passes the records and a way to look scenarios up.
 */
import { round, sampleStd } from '../judge/scores.ts';
import type { LoadedScenario } from '../scenario/library.ts';
import type { IntentStatus } from '../contracts/events.ts';
import { compareNatural } from '../contracts/order.ts';

/** What scoring needs of a scenario. */
export type PibenchScenarioInfo = Pick<
  LoadedScenario,
  'id' | 'intents' | 'checklist' | 'dependsOn' | 'pibench'
>;
export type ScenarioLookup = (id: string) => PibenchScenarioInfo | undefined;
/** What scoring needs of a run record (batch/summary.ts's RunRecord has these fields). */
export interface PibenchRun {
  scenario: string;
  persona: string;
  repeat: number;
  intents: Record<string, IntentStatus>;
  checklist: Record<string, boolean | null>;
}

/** intentplay's credited statuses: the paper's completed and inferred (π-Bench code: inferred, and provided after a targeted question). */
const CREDITED: ReadonlySet<IntentStatus> = new Set(['completed', 'inferred']);

export interface PibenchTaskScore {
  scenario: string;
  persona: string;
  repeat: number;
  intents: number;
  covered: number;
  /** covered / intents of this task alone. */
  proc_independent: number;
  /** Pooled over the task and its dependencies (equal to proc_independent without dependencies). */
  proc: number;
  /** null when the task is dropped from Comp (see `dropped`) or has no criteria. */
  comp: number | null;
  /** Dependency-group size: the task plus its transitive dependencies that ran in this repeat. */
  weight: number;
  /** Tasks pooled into `proc` (this one first). */
  pooled: string[];
  /** Has criteria, so it enters the user's score. */
  included: boolean;
  dropped?: string;
}

export interface PibenchRepeatScore {
  repeat: number;
  proc: number | null;
  comp: number | null;
  scored_tasks: number;
  comp_tasks: number;
  total_weight: number;
}

export interface PibenchUserScore {
  repeats: number;
  proc_mean: number | null;
  proc_std: number | null;
  comp_mean: number | null;
  comp_std: number | null;
  per_repeat: PibenchRepeatScore[];
}

export interface PibenchSummary {
  mode: 'dependency_group_size_weighted';
  /**
   * Plain mean over all (user, repeat) pairs, as π-Bench's model average; the std is the sample
   * std across repeats of each repeat's mean over users (null with one repeat), as the paper's
   * Table 1 shows it. (The release's launcher prints the std over the pairs, which mixes in
   * the spread between users: GPT-5.4's 67.0 ± 2.1 has users from 46.0 to 78.2.)
   */
  overall: {
    proc_mean: number | null;
    proc_std: number | null;
    comp_mean: number | null;
    comp_std: number | null;
    pairs: number;
  };
  users: Record<string, PibenchUserScore>;
  tasks: PibenchTaskScore[];
  warnings: string[];
}

const DIGITS = 4;

export function hasCriteria(s: Pick<PibenchScenarioInfo, 'checklist' | 'pibench'>): boolean {
  return Boolean(s.checklist?.length || s.pibench?.tools_evaluation_path);
}

/**
 * The task plus every transitive dependency; with `ran`, only through dependencies that ran
 * (π-Bench, evaluating a subset of tasks, first removes the others from every depends_on).
 */
export function dependencyGroup(
  id: string,
  lookup: ScenarioLookup,
  ran?: (id: string) => boolean,
): string[] {
  const out: string[] = [];
  const visit = (sid: string) => {
    if (out.includes(sid)) return;
    out.push(sid);
    for (const dep of lookup(sid)?.dependsOn ?? []) if (!ran || ran(dep)) visit(dep);
  };
  visit(id);
  return out;
}

function covered(run: PibenchRun): number {
  return Object.values(run.intents).filter((s) => CREDITED.has(s)).length;
}

/** The intents Proc counts: all but those an intention shift superseded (a time scenario's). */
function counted(run: PibenchRun): number {
  return Object.values(run.intents).filter((s) => s !== 'superseded').length;
}

function taskComp(
  run: PibenchRun,
  s: PibenchScenarioInfo,
): { comp: number | null; dropped?: string } {
  const weights = new Map((s.checklist ?? []).map((c) => [c.id, c.weight ?? 1]));
  // Items the scenario does not list were added at run time by its rule script.
  if (
    s.pibench?.tools_evaluation_path &&
    Object.entries(run.checklist).some(([id, pass]) => pass === null && !weights.has(id))
  )
    return {
      comp: null,
      dropped: 'its rule script did not run (π-Bench drops a task whose script cannot be loaded)',
    };
  let num = 0;
  let den = 0;
  for (const [id, pass] of Object.entries(run.checklist)) {
    if (pass === null) continue;
    const w = weights.get(id) ?? 1; // rule-script items weigh 1
    den += w;
    if (pass) num += w;
  }
  if (!den)
    return {
      comp: null,
      dropped: 'no criterion was graded (π-Bench drops a task whose grading never parses)',
    };
  return { comp: num / den };
}

function weightedMean(pairs: { value: number; weight: number }[]): number | null {
  const total = pairs.reduce((a, p) => a + p.weight, 0);
  return total ? pairs.reduce((a, p) => a + p.value * p.weight, 0) / total : null;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

export function pibenchSummary(
  runs: readonly PibenchRun[],
  lookup: ScenarioLookup,
  /** Keep every digit (a report rounds once, when it shows them); summary.json keeps DIGITS. */
  options: { exact?: boolean } = {},
): PibenchSummary {
  const rd = (x: number) => (options.exact ? x : round(x, DIGITS));
  const r = (x: number | null) => (x === null ? null : rd(x));
  /** Sample std, or null below two values (π-Bench shows no ± for a single run). */
  const std = (xs: number[]) => (xs.length > 1 ? rd(sampleStd(xs)) : null);
  const warnings: string[] = [];
  const tasks: PibenchTaskScore[] = [];
  // One record per (persona, repeat, scenario): the last one wins, as π-Bench reads the latest result.
  const cells = new Map<string, Map<string, PibenchRun>>();
  for (const run of runs) {
    const key = `${run.persona}\0${run.repeat}`;
    if (!cells.has(key)) cells.set(key, new Map());
    cells.get(key)!.set(run.scenario, run);
  }

  const users: Record<string, PibenchUserScore> = {};
  const pairs: { repeat: number; proc: number | null; comp: number | null }[] = [];
  const byPersona = new Map<
    string,
    { entry: PibenchRepeatScore; proc: number | null; comp: number | null }[]
  >();
  for (const [key, byScenario] of [...cells].sort(([a], [b]) => compareNatural(a, b))) {
    const [persona, repeatText] = key.split('\0') as [string, string];
    const repeat = Number(repeatText);
    const scored: { weight: number; proc: number; comp: number | null }[] = []; // unrounded
    for (const run of byScenario.values()) {
      const s = lookup(run.scenario);
      if (!s) {
        warnings.push(`${run.scenario}: not in the library; left out of π-Bench scoring`);
        continue;
      }
      const own = covered(run);
      const n = counted(run) || s.intents.length;
      let poolCovered = own;
      let poolTotal = n;
      const pooled = [run.scenario];
      for (const dep of s.dependsOn) {
        const depRun = byScenario.get(dep);
        if (!depRun) {
          warnings.push(
            `${run.scenario} (repeat ${repeat}): dependency ${dep} did not run; Proc is pooled without it`,
          );
          continue;
        }
        poolCovered += covered(depRun);
        poolTotal += counted(depRun) || (lookup(dep)?.intents.length ?? 0);
        pooled.push(dep);
      }
      const included = hasCriteria(s);
      const { comp, dropped } = included ? taskComp(run, s) : { comp: null, dropped: undefined };
      const task: PibenchTaskScore = {
        scenario: run.scenario,
        persona,
        repeat,
        intents: n,
        covered: own,
        proc_independent: rd(n ? own / n : 0),
        proc: rd(poolTotal ? poolCovered / poolTotal : 0),
        comp: r(comp),
        weight: dependencyGroup(run.scenario, lookup, (id) => byScenario.has(id)).length,
        pooled,
        included,
        ...(dropped ? { dropped } : {}),
      };
      tasks.push(task);
      if (included)
        scored.push({ weight: task.weight, proc: poolTotal ? poolCovered / poolTotal : 0, comp });
    }
    const proc = weightedMean(scored.map((t) => ({ value: t.proc, weight: t.weight })));
    const compTasks = scored.filter((t) => t.comp !== null);
    const comp = weightedMean(compTasks.map((t) => ({ value: t.comp!, weight: t.weight })));
    const entry: PibenchRepeatScore = {
      repeat,
      proc: r(proc),
      comp: r(comp),
      scored_tasks: scored.length,
      comp_tasks: compTasks.length,
      total_weight: scored.reduce((a, t) => a + t.weight, 0),
    };
    if (!byPersona.has(persona)) byPersona.set(persona, []);
    byPersona.get(persona)!.push({ entry, proc, comp }); // unrounded values for the means
    pairs.push({ repeat, proc, comp });
  }

  for (const [persona, perRepeat] of byPersona) {
    const procs = perRepeat.map((p) => p.proc).filter((x): x is number => x !== null);
    const comps = perRepeat.map((p) => p.comp).filter((x): x is number => x !== null);
    users[persona] = {
      repeats: perRepeat.length,
      proc_mean: r(mean(procs)),
      proc_std: std(procs),
      comp_mean: r(mean(comps)),
      comp_std: std(comps),
      per_repeat: perRepeat.map((p) => p.entry).sort((a, b) => a.repeat - b.repeat),
    };
  }
  const known = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
  // Each repeat's mean over its users: the run-to-run spread the paper's Average column shows.
  const repeatMeans = (pick: (p: (typeof pairs)[number]) => number | null) =>
    known(
      [...new Set(pairs.map((p) => p.repeat))].map((k) =>
        mean(known(pairs.filter((p) => p.repeat === k).map(pick))),
      ),
    );
  return {
    mode: 'dependency_group_size_weighted',
    overall: {
      proc_mean: r(mean(known(pairs.map((p) => p.proc)))),
      proc_std: std(repeatMeans((p) => p.proc)),
      comp_mean: r(mean(known(pairs.map((p) => p.comp)))),
      comp_std: std(repeatMeans((p) => p.comp)),
      pairs: pairs.length,
    },
    users,
    tasks: tasks.sort((a, b) => a.repeat - b.repeat || compareNatural(a.scenario, b.scenario)),
    warnings: [...new Set(warnings)],
  };
}

/** A lookup over loaded libraries (scenario ids are unique within each). */
export function lookupIn(
  libraries: readonly { scenarios: ReadonlyMap<string, LoadedScenario> }[],
): ScenarioLookup {
  return (id) => {
    for (const lib of libraries) {
      const s = lib.scenarios.get(id);
      if (s) return s;
    }
    return undefined;
  };
}
