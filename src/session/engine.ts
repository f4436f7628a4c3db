/**
 * The engine: one session of the turn protocol (DESIGN §2). It drives the agent, judge
 * and user backends, keeps the workspace snapshots, and reports everything as typed
 * events. It knows nothing of any UI.
 */
import type { LoadedPersona, LoadedScenario } from '../scenario/library.ts';
import { DEFAULT_MAX_TURNS, DEFAULT_TOOL_STEPS, DEFAULT_TOOLS, type ChecklistItemSpec, type IntentSpec } from '../scenario/schema.ts';
import { evaluateRule } from '../judge/evidence.ts';
import { computeScores } from '../judge/scores.ts';
import { invokeTool, ToolRegistry, type ToolContext, type ToolOutcome } from '../tools/registry.ts';
import { Workspace, snapshotTexts, type Snapshot } from '../workspace/workspace.ts';
import { diffApps } from '../apps/diff.ts';
import { openScriptChecks, type ScriptChecks } from '../pibench/script-checks.ts';
import {
  ToolStepCapError,
  type Backends,
  type SessionEvidence,
  type ToolCallRecord,
  type TranscriptEntry,
  type TurnEvidence,
} from './backends.ts';
import type { EventSink, IntentStatus, Scores, SessionEnd, SessionEvent, StatusCause } from './events.ts';
import type { GroupEnv } from './group-env.ts';

export interface SessionOptions {
  scenario: LoadedScenario;
  persona: LoadedPersona | undefined;
  backends: Backends;
  env: GroupEnv;
  emit: EventSink;
  /** Position in the run group. */
  index?: number;
  of?: number;
  /** Overrides the scenario's limits.max_turns. */
  maxTurns?: number;
  signal?: AbortSignal;
  /** Awaited before each agent turn: watch mode pauses, steps and paces here. */
  pace?: (turn: number) => Promise<void>;
  /** The date the agent is told (fixed in tests and benchmarks). */
  date?: string;
}

export interface SessionResult {
  scenario: string;
  end: SessionEnd;
  message?: string;
  scores: Scores;
}

class Aborted extends Error {}

export class SessionRun {
  private readonly o: SessionOptions;
  private readonly status = new Map<string, IntentStatus>();
  private readonly transcript: TranscriptEntry[] = [];
  private readonly replies: string[] = [];
  private readonly toolCalls: ToolCallRecord[] = [];
  private readonly checklist = new Map<string, { pass: boolean | null; reason: string }>();
  /** A π-Bench task's rule-script checks (its extra checklist items), if it has a script. */
  private scriptChecks: ScriptChecks | undefined;
  private readonly controller = new AbortController();
  private turn = 0;
  private endRequested = false;
  private callSeq = 0;
  /** Forwards the caller's abort; removed at the end so a long-lived signal does not collect listeners. */
  private readonly onOuterAbort: () => void;

  constructor(options: SessionOptions) {
    this.o = options;
    for (const intent of options.scenario.intents) this.status.set(intent.id, 'open');
    this.onOuterAbort = () => this.controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', this.onOuterAbort, { once: true });
  }

  private emit(event: SessionEvent): void {
    this.o.emit(event);
  }

  private get scenario(): LoadedScenario {
    return this.o.scenario;
  }

  private get open(): IntentSpec[] {
    return this.scenario.intents.filter((i) => this.status.get(i.id) === 'open');
  }

  private setStatus(id: string, to: IntentStatus, cause: StatusCause, detail: string): void {
    const from = this.status.get(id);
    if (!from || from === to) return;
    this.status.set(id, to);
    this.emit({ type: 'intent_status', turn: this.turn, intent: id, from, to, cause, detail });
  }

  /** A person overrides an intent's status by hand (recorded as manual). */
  override(intentId: string, to: IntentStatus, note = 'set by hand'): void {
    if (!this.status.has(intentId)) return;
    this.setStatus(intentId, to, 'manual', note);
  }

  /** A person ends the session: it stops after the current step; open intents become unresolved. */
  requestEnd(): void {
    this.endRequested = true;
    this.controller.abort(new EndRequested());
  }

  /** Grades the checklist now, rubric items included (a person asked); the end grades again. */
  gradeNow(): Promise<void> {
    return this.gradeChecklist();
  }

  /** Quit: stop now. */
  abort(): void {
    this.controller.abort(new Aborted('aborted'));
  }

  async run(): Promise<SessionResult> {
    const { scenario, backends, env } = this.o;
    const maxTurns = this.o.maxTurns ?? scenario.limits?.max_turns ?? DEFAULT_MAX_TURNS;
    const toolSteps = scenario.limits?.tool_steps ?? DEFAULT_TOOL_STEPS;
    this.scriptChecks = await openScriptChecks(scenario);
    this.emit({
      type: 'session_start',
      scenario: scenario.id,
      persona: scenario.persona,
      title: scenario.title,
      index: this.o.index ?? 0,
      of: this.o.of ?? 1,
      trigger: { kind: scenario.trigger.kind, text: scenario.trigger.text, ...(scenario.trigger.source ? { source: scenario.trigger.source } : {}) },
      intents: scenario.intents.map((i) => ({ id: i.id, text: i.text, reveal: i.reveal ?? i.text })),
      checklist: [
        ...(scenario.checklist ?? []).map((c) => ({ id: c.id, text: c.text, grader: c.grader, hasRule: Boolean(c.rule) })),
        ...(this.scriptChecks?.items ?? []).map((c) => ({ id: c.id, text: c.text, grader: 'rule' as const, hasRule: true })),
      ],
      maxTurns,
      toolSteps,
      backends: { agent: backends.agent.info, user: backends.user.info, judge: backends.judge.info },
    });
    if (this.scriptChecks?.problem) this.emit({ type: 'notice', turn: 0, level: 'warning', text: this.scriptChecks.problem });

    const tools = env.registry.forGroups(scenario.tools ?? DEFAULT_TOOLS);
    const toolSpecs = tools.map((t) => ToolRegistry.spec(t));
    const toolNames = new Set(tools.map((t) => t.name));
    const ctx: ToolContext = { workspace: env.workspace, memory: env.memory, apps: env.apps };

    let incoming: TranscriptEntry =
      scenario.trigger.kind === 'event'
        ? { kind: 'event', turn: 1, text: scenario.trigger.text, ...(scenario.trigger.source ? { source: scenario.trigger.source } : {}) }
        : { kind: 'user', turn: 1, text: scenario.trigger.text };
    let incomingIntents: string[] | undefined;
    let finalTurn = false;
    let end: SessionEnd = 'resolved';
    let message: string | undefined;

    try {
      for (;;) {
        this.turn++;
        if (this.o.pace) await this.o.pace(this.turn);
        this.checkAbort();
        this.emit({ type: 'turn_start', turn: this.turn });
        incoming = { ...incoming, turn: this.turn } as TranscriptEntry;
        this.transcript.push(incoming);
        this.emit({
          type: 'message',
          turn: this.turn,
          role: incoming.kind === 'event' ? 'event' : 'user',
          text: (incoming as { text: string }).text,
          ...(incoming.kind === 'event' && incoming.source ? { source: incoming.source } : {}),
          ...(incomingIntents?.length ? { intents: incomingIntents } : {}),
        });

        // ---- the agent turn
        const before = env.lastSnapshot;
        const appsBefore = env.apps.snapshot();
        const turnCalls: ToolCallRecord[] = [];
        let steps = 0;
        const callTool = async (name: string, args: unknown, callId?: string): Promise<ToolOutcome> => {
          this.checkAbort();
          if (steps >= toolSteps) throw new ToolStepCapError(toolSteps);
          steps++;
          const id = callId ?? `call_${++this.callSeq}`;
          this.emit({ type: 'tool_call', turn: this.turn, callId: id, name, args });
          const def = env.registry.resolve(name);
          const outcome = await invokeTool(def && toolNames.has(def.name) ? def : undefined, name, args, ctx);
          const record: ToolCallRecord = { turn: this.turn, callId: id, name: def?.name ?? name, args, ok: outcome.ok, ...(outcome.ok ? { result: outcome.result } : { error: outcome.error }) };
          turnCalls.push(record);
          this.toolCalls.push(record);
          this.transcript.push({ kind: 'tool', turn: this.turn, callId: id, name, args, outcome });
          this.emit({ type: 'tool_result', turn: this.turn, callId: id, name, ok: outcome.ok, ...(outcome.ok ? { result: outcome.result } : { error: outcome.error }) });
          return outcome;
        };
        let reply = '';
        let turnError: string | undefined;
        try {
          ({ reply } = await backends.agent.runTurn({
            turn: this.turn,
            session: { scenarioId: scenario.id, title: scenario.title, date: this.o.date ?? new Date().toISOString().slice(0, 10), memory: env.memory.render(), index: this.o.index ?? 0 },
            transcript: this.transcript,
            tools: toolSpecs,
            callTool,
            emit: (e) => this.emit(e),
            signal: this.controller.signal,
          }));
        } catch (err) {
          if (!(err instanceof ToolStepCapError)) throw err;
          turnError = err.message;
        }
        this.replies.push(reply);
        this.transcript.push({ kind: 'agent', turn: this.turn, text: reply });
        this.emit({ type: 'message', turn: this.turn, role: 'agent', text: reply });
        const after = env.workspace.snapshot(before);
        env.lastSnapshot = after;
        const diffs = Workspace.diff(before, after);
        if (diffs.length) this.emit({ type: 'workspace_diff', turn: this.turn, files: diffs });
        const appsAfter = env.apps.snapshot();
        const appDiffs = diffApps(appsBefore, appsAfter);
        if (appDiffs.length) this.emit({ type: 'app_diff', turn: this.turn, apps: appDiffs });
        if (turnError) this.emit({ type: 'notice', turn: this.turn, level: 'error', text: turnError });
        this.emit({ type: 'turn_end', turn: this.turn, ...(turnError ? { error: turnError } : {}) });

        // ---- stage 1: completed
        const changed = new Set(diffs.filter((d) => d.change !== 'deleted').map((d) => d.path));
        const evidence: TurnEvidence = { turn: this.turn, reply, toolCalls: turnCalls, files: snapshotTexts(after, changed), apps: appsAfter };
        const verdict = this.open.length ? await this.assess(evidence) : { completed: [], targeted: [] };
        for (const c of verdict.completed) if (this.status.get(c.intent) === 'open') this.setStatus(c.intent, 'completed', 'evidence', c.evidence);
        this.tickChecklist(after);

        if (finalTurn || this.open.length === 0) break;
        if (this.turn >= maxTurns) {
          for (const i of this.open) this.setStatus(i.id, 'unresolved', 'max_turns', `still open after ${maxTurns} agent turns`);
          end = 'max_turns';
          break;
        }
        if (this.endRequested) throw new EndRequested();

        // ---- stage 2: inferred (a question targets it)
        const handed: IntentSpec[] = [];
        let reason: 'question' | 'picked' | 'none' = 'none';
        for (const t of verdict.targeted) {
          if (this.status.get(t.intent) !== 'open') continue;
          this.setStatus(t.intent, 'inferred', 'question', t.question);
          handed.push(this.intent(t.intent));
          reason = 'question';
        }
        // ---- stage 3: provided (the judge picks one for the user to reveal)
        if (!handed.length && this.open.length && !backends.user.picksIntents) {
          const pick = await this.pick();
          this.setStatus(pick.intent, 'provided', 'picked', pick.reason);
          handed.push(this.intent(pick.intent));
          reason = 'picked';
        }

        const userReply = await backends.user.nextMessage({
          turn: this.turn,
          persona: this.o.persona,
          scenario,
          handoff: { intents: handed, reason },
          open: this.open,
          transcript: this.transcript,
          emit: (e) => this.emit(e),
          signal: this.controller.signal,
        });
        for (const id of userReply.reveals ?? []) if (this.status.get(id) === 'open') this.setStatus(id, 'provided', 'reveal', 'revealed by the user');
        if (this.open.length === 0) finalTurn = true;
        incoming = { kind: 'user', turn: this.turn + 1, text: userReply.text };
        incomingIntents = [...handed.map((i) => i.id), ...(userReply.reveals ?? [])];
      }
    } catch (err) {
      if (err instanceof EndRequested || this.endRequested) {
        end = 'ended';
        for (const i of this.open) this.setStatus(i.id, 'unresolved', 'manual', 'the session was ended by hand');
      } else if (err instanceof Aborted || this.controller.signal.aborted) {
        end = 'aborted';
        message = 'the session was stopped';
      } else {
        end = 'error';
        message = (err as Error).message;
        this.emit({ type: 'notice', turn: this.turn, level: 'error', text: message });
      }
    }

    if (end !== 'aborted') await this.gradeChecklist();
    const scored = this.scriptChecks ? { ...this.scenario, checklist: [...(this.scenario.checklist ?? []), ...this.scriptChecks.items] } : this.scenario;
    const scores = computeScores(scored, this.status, this.checklist, this.turn);
    this.emit({ type: 'score', scores });
    this.emit({ type: 'session_end', end, ...(message ? { message } : {}), turns: this.turn });
    this.o.signal?.removeEventListener('abort', this.onOuterAbort);
    return { scenario: scenario.id, end, ...(message ? { message } : {}), scores };
  }

  private intent(id: string): IntentSpec {
    return this.scenario.intents.find((i) => i.id === id)!;
  }

  private checkAbort(): void {
    const reason: unknown = this.controller.signal.reason;
    if (!this.controller.signal.aborted) return;
    if (reason instanceof EndRequested) throw reason;
    throw new Aborted('aborted');
  }

  private async assess(evidence: TurnEvidence) {
    try {
      const v = await this.o.backends.judge.assessTurn({
        turn: this.turn,
        scenario: this.scenario,
        open: this.open,
        evidence,
        transcript: this.transcript,
        emit: (e) => this.emit(e),
        signal: this.controller.signal,
      });
      const openIds = new Set(this.open.map((i) => i.id));
      const completed = v.completed.filter((c) => openIds.has(c.intent));
      const done = new Set(completed.map((c) => c.intent));
      return { completed, targeted: v.targeted.filter((t) => openIds.has(t.intent) && !done.has(t.intent)) };
    } catch (err) {
      if (this.controller.signal.aborted) throw err;
      this.emit({ type: 'judge_error', turn: this.turn, message: `intent judging failed: ${(err as Error).message}; intents stay open` });
      return { completed: [], targeted: [] };
    }
  }

  private async pick(): Promise<{ intent: string; reason: string }> {
    const open = this.open;
    try {
      const p = await this.o.backends.judge.pickNext({ turn: this.turn, scenario: this.scenario, open, transcript: this.transcript, emit: (e) => this.emit(e), signal: this.controller.signal });
      if (open.some((i) => i.id === p.intent)) return p;
      this.emit({ type: 'judge_error', turn: this.turn, message: `the judge picked \`${p.intent}\`, which is not open; using the first open intent` });
    } catch (err) {
      if (this.controller.signal.aborted) throw err;
      this.emit({ type: 'judge_error', turn: this.turn, message: `picking the next intent failed: ${(err as Error).message}; using the first open intent` });
    }
    return { intent: open[0]!.id, reason: 'first open intent in file order (fallback)' };
  }

  private sessionEvidence(snapshot: Snapshot): SessionEvidence {
    return { replies: this.replies, toolCalls: this.toolCalls, files: snapshotTexts(snapshot), apps: this.o.env.apps.snapshot() };
  }

  /** Live ticks: items graded by a rule are re-evaluated after every turn. */
  private tickChecklist(snapshot: Snapshot): void {
    const items = this.liveItems();
    if (!items.length) return;
    const scope = this.sessionEvidence(snapshot);
    for (const item of items) {
      const v = evaluateRule(item.rule!, scope);
      this.record(item, v.holds, v.detail, item.grader === 'rule' ? 'rule' : 'rubric');
    }
  }

  private liveItems(): ChecklistItemSpec[] {
    const byRules = this.o.backends.judge.rubricByRules;
    return (this.scenario.checklist ?? []).filter((c) => c.rule && (c.grader === 'rule' || byRules));
  }

  private record(item: ChecklistItemSpec, pass: boolean | null, reason: string, by: 'rule' | 'rubric' | 'script'): void {
    const prev = this.checklist.get(item.id);
    this.checklist.set(item.id, { pass, reason });
    if (prev && prev.pass === pass) return;
    this.emit({ type: 'checklist_result', turn: this.turn, item: item.id, pass, reason, by });
  }

  private async gradeChecklist(): Promise<void> {
    if (this.scriptChecks)
      for (const g of await this.scriptChecks.grade(this.toolCalls, this.turn)) this.record(g.item, g.pass, g.reason, 'script');
    const items = this.scenario.checklist ?? [];
    if (!items.length) return;
    const snapshot = this.o.env.lastSnapshot;
    this.tickChecklist(snapshot);
    const live = new Set(this.liveItems().map((i) => i.id));
    const rubric = items.filter((i) => !live.has(i.id));
    if (!rubric.length) return;
    try {
      const grades = await this.o.backends.judge.gradeRubric({
        scenario: this.scenario,
        items: rubric,
        evidence: this.sessionEvidence(snapshot),
        transcript: this.transcript,
        emit: (e) => this.emit(e),
        signal: this.controller.signal,
      });
      const byId = new Map(grades.map((g) => [g.item, g]));
      for (const item of rubric) {
        const g = byId.get(item.id);
        this.record(item, g ? g.pass : null, g ? g.reason : 'the judge returned no grade for this item', 'rubric');
      }
    } catch (err) {
      this.emit({ type: 'judge_error', turn: this.turn, message: `rubric grading failed: ${(err as Error).message}; items left ungraded` });
      for (const item of rubric) this.record(item, null, 'rubric grading failed', 'rubric');
    }
  }
}

class EndRequested extends Error {
  constructor() {
    super('ended by hand');
  }
}
