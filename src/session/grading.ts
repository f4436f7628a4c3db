/**
 * The judge's side of a session: stage 1 (`assess`) and stage 3 (`pick`) for the protocols, the
 * checklist's live ticks after each turn and its grading at the end (rules, rubric, a π-Bench
 * task's rule script). A judge that fails is recorded, never taken as a verdict: the session is
 * then not a result (`failure`).
 */
import { errorMessage } from '../contracts/errors.ts';
import type { LoadedScenario } from '../scenario/library.ts';
import type { ChecklistItemSpec, IntentSpec } from '../scenario/schema.ts';
import { evaluateRule } from '../judge/evidence.ts';
import { computeScores } from '../judge/scores.ts';
import { snapshotTexts, type Snapshot } from '../workspace/workspace.ts';
import { openScriptChecks, type ScriptChecks } from '../pibench/script-checks.ts';
import type {
  Backends,
  SessionEvidence,
  ToolCallRecord,
  TranscriptEntry,
  TurnEvidence,
} from '../contracts/backends.ts';
import type { EventOf, IntentStatus, Scores, SessionEvent } from '../contracts/events.ts';
import type { GroupEnv } from './group-env.ts';
import type { Verdict } from './protocol.ts';

/** What grading reads of the session. */
export interface GradedSession {
  readonly scenario: LoadedScenario;
  readonly backends: Backends;
  readonly env: GroupEnv;
  readonly transcript: readonly TranscriptEntry[];
  readonly turn: number;
  readonly signal: AbortSignal;
  readonly replies: string[];
  readonly toolCalls: ToolCallRecord[];
  emit(event: SessionEvent): void;
  open(): IntentSpec[];
}

export type ChecklistGrades = Map<string, { pass: boolean | null; reason: string }>;

export class SessionGrading {
  readonly checklist: ChecklistGrades = new Map();
  /** Judge failures (an endpoint down, an answer that makes no sense). */
  private readonly failures: string[] = [];
  /** A π-Bench task's rule-script checks (its extra checklist items), if it has a script. */
  private scriptChecks: ScriptChecks | undefined;

  constructor(private readonly s: GradedSession) {}

  /** Opens the task's rule script, if any; call before the session starts. */
  async prepare(): Promise<void> {
    this.scriptChecks = await openScriptChecks(this.s.scenario);
  }

  /** The checklist as session_start announces it: the scenario's items, then the script's. */
  announced(): EventOf<'session_start'>['checklist'] {
    return [
      ...(this.s.scenario.checklist ?? []).map((c) => ({
        id: c.id,
        text: c.text,
        grader: c.grader,
        hasRule: Boolean(c.rule),
      })),
      ...(this.scriptChecks?.items ?? []).map((c) => ({
        id: c.id,
        text: c.text,
        grader: 'rule' as const,
        hasRule: true,
      })),
    ];
  }

  /** Why the rule script cannot run, when it cannot. */
  get scriptProblem(): string | undefined {
    return this.scriptChecks?.problem;
  }

  /** The session's scores from its intents' statuses and the checklist's grades. */
  scores(status: ReadonlyMap<string, IntentStatus>): Scores {
    return computeScores(this.scoredScenario(), status, this.checklist, this.s.turn);
  }

  /** The scenario as scored: with the script's items in its checklist. */
  private scoredScenario(): LoadedScenario {
    const { scenario } = this.s;
    return this.scriptChecks
      ? { ...scenario, checklist: [...(scenario.checklist ?? []), ...this.scriptChecks.items] }
      : scenario;
  }

  /** Why the session is not a result, when the judge failed. */
  failure(): string | undefined {
    const n = this.failures.length;
    return n
      ? `the judge failed ${n} time${n === 1 ? '' : 's'} (${this.failures[0]}): this session is not a result`
      : undefined;
  }

  private failed(message: string): void {
    this.failures.push(message);
    this.s.emit({ type: 'judge_error', turn: this.s.turn, message });
  }

  async assess(evidence: TurnEvidence, intents: IntentSpec[]): Promise<Verdict> {
    const s = this.s;
    try {
      const v = await s.backends.judge.assessTurn({
        turn: s.turn,
        scenario: s.scenario,
        open: intents,
        evidence,
        transcript: s.transcript,
        emit: (e) => s.emit(e),
        signal: s.signal,
      });
      const openIds = new Set(intents.map((i) => i.id));
      const completed = v.completed.filter((c) => openIds.has(c.intent));
      const done = new Set(completed.map((c) => c.intent));
      return {
        completed,
        targeted: v.targeted.filter((t) => openIds.has(t.intent) && !done.has(t.intent)),
      };
    } catch (err) {
      if (s.signal.aborted) throw err;
      this.failed(`intent judging failed: ${errorMessage(err)}; intents stay open`);
      return { completed: [], targeted: [] };
    }
  }

  async pick(): Promise<{ intent: string; reason: string }> {
    const s = this.s;
    const open = s.open();
    try {
      const p = await s.backends.judge.pickNext({
        turn: s.turn,
        scenario: s.scenario,
        open,
        transcript: s.transcript,
        emit: (e) => s.emit(e),
        signal: s.signal,
      });
      if (open.some((i) => i.id === p.intent)) return p;
      this.failed(
        `the judge picked \`${p.intent}\`, which is not open; using the first open intent`,
      );
    } catch (err) {
      if (s.signal.aborted) throw err;
      this.failed(
        `picking the next intent failed: ${errorMessage(err)}; using the first open intent`,
      );
    }
    return { intent: open[0]!.id, reason: 'first open intent in file order (fallback)' };
  }

  private evidence(snapshot: Snapshot): SessionEvidence {
    return {
      replies: this.s.replies,
      toolCalls: this.s.toolCalls,
      files: snapshotTexts(snapshot),
      apps: this.s.env.apps.snapshot(),
    };
  }

  /** Live ticks: items graded by a rule are re-evaluated after every turn. */
  tick(snapshot: Snapshot): void {
    const items = this.liveItems();
    if (!items.length) return;
    const scope = this.evidence(snapshot);
    for (const item of items) {
      const v = evaluateRule(item.rule!, scope);
      this.record(item, v.holds, v.detail, item.grader === 'rule' ? 'rule' : 'rubric');
    }
  }

  private liveItems(): ChecklistItemSpec[] {
    const byRules = this.s.backends.judge.rubricByRules;
    return (this.s.scenario.checklist ?? []).filter(
      (c) => c.rule && (c.grader === 'rule' || byRules),
    );
  }

  private record(
    item: ChecklistItemSpec,
    pass: boolean | null,
    reason: string,
    by: 'rule' | 'rubric' | 'script',
  ): void {
    const prev = this.checklist.get(item.id);
    this.checklist.set(item.id, { pass, reason });
    if (prev && prev.pass === pass) return;
    this.s.emit({ type: 'checklist_result', turn: this.s.turn, item: item.id, pass, reason, by });
  }

  /** The whole checklist now: the rule script, the rules, then the rubric items by the judge. */
  async grade(): Promise<void> {
    const s = this.s;
    if (this.scriptChecks)
      for (const g of await this.scriptChecks.grade(
        s.toolCalls,
        s.turn,
        undefined,
        s.env.workspace.root,
      ))
        this.record(g.item, g.pass, g.reason, 'script');
    const items = s.scenario.checklist ?? [];
    if (!items.length) return;
    const snapshot = s.env.lastSnapshot;
    this.tick(snapshot);
    const live = new Set(this.liveItems().map((i) => i.id));
    const rubric = items.filter((i) => !live.has(i.id));
    if (!rubric.length) return;
    try {
      const grades = await s.backends.judge.gradeRubric({
        scenario: s.scenario,
        items: rubric,
        evidence: this.evidence(snapshot),
        transcript: s.transcript,
        emit: (e) => s.emit(e),
        signal: s.signal,
      });
      const byId = new Map(grades.map((g) => [g.item, g]));
      for (const item of rubric) {
        const g = byId.get(item.id);
        this.record(
          item,
          g ? g.pass : null,
          g ? g.reason : 'the judge returned no grade for this item',
          'rubric',
        );
      }
    } catch (err) {
      this.failed(`rubric grading failed: ${errorMessage(err)}; items left ungraded`);
      for (const item of rubric) this.record(item, null, 'rubric grading failed', 'rubric');
    }
  }
}
