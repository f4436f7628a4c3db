/**
 * The engine: one session. It runs each agent turn (the agent, its tools, the workspace and
 * app diffs, stage 1 of the judge) and leaves what follows a turn to the scenario's protocol
 * (protocols.ts): π-Bench's conversation, or the time protocol's dormancy and follow-ups.
 * It reports everything as typed events and knows nothing of any UI.
 */
import { errorMessage } from '../contracts/errors.ts';
import type { LoadedPersona, LoadedScenario } from '../scenario/library.ts';
import { DEFAULT_MAX_TURNS, DEFAULT_TOOL_STEPS, DEFAULT_TOOLS, type ChecklistItemSpec, type IntentSpec } from '../scenario/schema.ts';
import { evaluateRule } from '../judge/evidence.ts';
import { computeScores } from '../judge/scores.ts';
import { invokeTool, ToolRegistry, type ToolContext, type ToolDef, type ToolOutcome } from '../tools/registry.ts';
import { Workspace, snapshotTexts, type Snapshot } from '../workspace/workspace.ts';
import { diffApps } from '../apps/diff.ts';
import { openScriptChecks, type ScriptChecks } from '../pibench/script-checks.ts';
import {
  ToolStepCapError,
  type Backends,
  type ExternalCalls,
  type HandoffReason,
  type SessionEvidence,
  type ToolCallRecord,
  type TranscriptEntry,
  type TurnEvidence,
} from '../contracts/backends.ts';
import type { EventSink, IntentStatus, PersonaCard, Scores, SessionEnd, SessionEvent, StatusCause } from '../contracts/events.ts';
import type { GroupEnv } from './group-env.ts';
import { EndRequested } from './chat-protocol.ts';
import type { Incoming, SessionCore, SessionProtocol, TurnResult, Verdict } from './protocol.ts';
import { protocolFor } from './protocols.ts';

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
  /** Awaited before the simulated clock jumps while the user waits (time scenarios): play mode waits for a key. */
  paceTime?: (next: { at: string; passed: string }) => Promise<void>;
}

export interface SessionResult {
  scenario: string;
  end: SessionEnd;
  message?: string;
  scores: Scores;
}

class Aborted extends Error {}

/** The tools of one session, as every turn offers and runs them. */
interface TurnTools {
  ctx: ToolContext;
  tools: ReadonlyMap<string, ToolDef>;
  specs: ReturnType<typeof ToolRegistry.spec>[];
  steps: number;
}

/** Another spelling of an offered tool (an MCP prefix) runs it; a tool the scenario does not offer is unknown. */
function offeredAlias(def: ToolDef | undefined, offered: ReadonlyMap<string, ToolDef>): ToolDef | undefined {
  return def && offered.get(def.name) === def ? def : undefined;
}

export class SessionRun implements SessionCore {
  private readonly o: SessionOptions;
  private readonly status = new Map<string, IntentStatus>();
  readonly transcript: TranscriptEntry[] = [];
  private readonly replies: string[] = [];
  private readonly toolCalls: ToolCallRecord[] = [];
  private readonly checklist = new Map<string, { pass: boolean | null; reason: string }>();
  /** A π-Bench task's rule-script checks (its extra checklist items), if it has a script. */
  private scriptChecks: ScriptChecks | undefined;
  private readonly controller = new AbortController();
  private readonly protocol: SessionProtocol;
  turn = 0;
  endRequested = false;
  readonly maxTurns: number;
  private callSeq = 0;
  /** Judge failures (an endpoint down, an answer that makes no sense): the session is then not a result. */
  private readonly judgeFailures: string[] = [];
  /** Forwards the caller's abort; removed at the end so a long-lived signal does not collect listeners. */
  private readonly onOuterAbort: () => void;

  constructor(options: SessionOptions) {
    this.o = options;
    this.maxTurns = options.maxTurns ?? options.scenario.limits?.max_turns ?? DEFAULT_MAX_TURNS;
    this.protocol = protocolFor(this);
    for (const intent of options.scenario.intents) this.status.set(intent.id, this.protocol.initialStatus(intent));
    this.onOuterAbort = () => this.controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', this.onOuterAbort, { once: true });
  }

  // ---- the core a protocol works with (SessionCore)

  emit(event: SessionEvent): void {
    this.o.emit(event);
  }

  get scenario(): LoadedScenario {
    return this.o.scenario;
  }

  get persona(): LoadedPersona | undefined {
    return this.o.persona;
  }

  get backends(): Backends {
    return this.o.backends;
  }

  get env(): GroupEnv {
    return this.o.env;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  open(): IntentSpec[] {
    return this.scenario.intents.filter((i) => this.status.get(i.id) === 'open');
  }

  statusOf(id: string): IntentStatus | undefined {
    return this.status.get(id);
  }

  setStatus(id: string, to: IntentStatus, cause: StatusCause, detail: string): void {
    const from = this.status.get(id);
    if (!from || from === to) return;
    this.status.set(id, to);
    this.emit({ type: 'intent_status', turn: this.turn, intent: id, from, to, cause, detail });
  }

  intent(id: string): IntentSpec {
    return this.scenario.intents.find((i) => i.id === id)!;
  }

  // ---- what a person can do from the screen

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

  // ---- the session: start, turns (each followed by the protocol's step), finish

  async run(): Promise<SessionResult> {
    const { scenario, env } = this.o;
    const toolSteps = scenario.limits?.tool_steps ?? DEFAULT_TOOL_STEPS;
    this.scriptChecks = await openScriptChecks(scenario);
    this.emitStart(toolSteps);

    const ctx: ToolContext = { workspace: env.workspace, memory: env.memory, apps: env.apps };
    const offered = env.registry.forGroups(scenario.tools ?? DEFAULT_TOOLS);
    const tools = new Map((this.protocol.extendTools?.(ctx, offered) ?? offered).map((t) => [t.name, t]));
    const turnTools: TurnTools = { ctx, tools, specs: [...tools.values()].map((t) => ToolRegistry.spec(t)), steps: toolSteps };

    let incoming: Incoming =
      scenario.trigger.kind === 'event'
        ? { kind: 'event', turn: 1, text: scenario.trigger.text, ...(scenario.trigger.source ? { source: scenario.trigger.source } : {}) }
        : { kind: 'user', turn: 1, text: scenario.trigger.text };
    let end: SessionEnd = 'resolved';
    let message: string | undefined;

    try {
      if (this.protocol.start) incoming = await this.protocol.start();
      for (;;) {
        const result = await this.agentTurn(incoming, turnTools);
        const next = await this.protocol.afterTurn(result);
        if (next.kind === 'end') {
          end = next.end;
          break;
        }
        incoming = next.incoming;
      }
    } catch (err) {
      if (err instanceof EndRequested || this.endRequested) {
        end = 'ended';
        for (const i of this.open()) this.setStatus(i.id, 'unresolved', 'manual', 'the session was ended by hand');
      } else if (err instanceof Aborted || this.controller.signal.aborted) {
        end = 'aborted';
        message = 'the session was stopped';
      } else {
        end = 'error';
        message = errorMessage(err);
        this.emit({ type: 'notice', turn: this.turn, level: 'error', text: message });
      }
    }
    return this.finish(end, message);
  }

  private emitStart(toolSteps: number): void {
    const { scenario, backends } = this.o;
    this.emit({
      type: 'session_start',
      scenario: scenario.id,
      persona: scenario.persona,
      title: scenario.title,
      index: this.o.index ?? 0,
      of: this.o.of ?? 1,
      trigger: { kind: scenario.trigger.kind, text: scenario.trigger.text, ...(scenario.trigger.source ? { source: scenario.trigger.source } : {}) },
      intents: scenario.intents.map((i) => ({
        id: i.id,
        text: i.text,
        reveal: i.reveal ?? i.text,
        ...(i.after ? { after: i.after } : {}),
        ...(i.supersedes ? { supersedes: i.supersedes } : {}),
      })),
      checklist: [
        ...(scenario.checklist ?? []).map((c) => ({ id: c.id, text: c.text, grader: c.grader, hasRule: Boolean(c.rule) })),
        ...(this.scriptChecks?.items ?? []).map((c) => ({ id: c.id, text: c.text, grader: 'rule' as const, hasRule: true })),
      ],
      maxTurns: this.maxTurns,
      toolSteps,
      backends: { agent: backends.agent.info, user: backends.user.info, judge: backends.judge.info },
      ...(this.protocol.info ? { time: this.protocol.info } : {}),
      ...(this.protocol.proposalInfo ? { proposals: this.protocol.proposalInfo } : {}),
      ...(this.o.persona ? { personaCard: personaCard(this.o.persona) } : {}),
    });
    if (this.scriptChecks?.problem) this.emit({ type: 'notice', turn: 0, level: 'warning', text: this.scriptChecks.problem });
    for (const i of scenario.intents) {
      const s = this.status.get(i.id);
      if (s === 'pending') this.emit({ type: 'intent_status', turn: 0, intent: i.id, from: 'open', to: 'pending', cause: 'follow_up', detail: `waits for a follow-up on ${i.after?.follow_up}` });
    }
  }

  /** One agent turn: deliver the incoming message, run the agent and its tools, diff, and judge stage 1. */
  private async agentTurn(incoming: Incoming, tt: TurnTools): Promise<TurnResult> {
    const { backends, env } = this.o;
    this.turn++;
    if (this.o.pace) await this.o.pace(this.turn);
    this.checkAbort();
    this.emit({ type: 'turn_start', turn: this.turn });
    const stamp = this.protocol.beforeTurn?.(incoming) ?? {};
    const entry = { ...incoming, turn: this.turn, ...(stamp.at && incoming.kind === 'user' ? { at: stamp.at } : {}) } as Incoming;
    delete entry.intents;
    this.transcript.push(entry);
    this.emit({
      type: 'message',
      turn: this.turn,
      role: incoming.kind === 'event' ? 'event' : incoming.kind === 'monitor' ? 'monitor' : 'user',
      text: incoming.text,
      ...(incoming.kind === 'event' && incoming.source ? { source: incoming.source } : {}),
      ...(incoming.intents?.length ? { intents: incoming.intents } : {}),
      ...(stamp.at ? { at: stamp.at } : {}),
    });

    const before = env.lastSnapshot;
    const appsBefore = env.apps.snapshot();
    const turnCalls: ToolCallRecord[] = [];
    let steps = 0;
    // A protocol may offer fewer tools in a turn (an observe turn reads but does not write).
    const names = this.protocol.toolsFor?.();
    const offeredNow = names ? new Set(names) : undefined;
    const specs = offeredNow ? tt.specs.filter((s) => offeredNow.has(s.name)) : tt.specs;
    const callTool = async (name: string, args: unknown, callId?: string): Promise<ToolOutcome> => {
      this.checkAbort();
      if (steps >= tt.steps) throw new ToolStepCapError(tt.steps);
      steps++;
      const id = callId ?? `call_${++this.callSeq}`;
      this.emit({ type: 'tool_call', turn: this.turn, callId: id, name, args });
      const def = tt.tools.get(name) ?? offeredAlias(env.registry.resolve(name), tt.tools);
      const outcome: ToolOutcome =
        def && offeredNow && !offeredNow.has(def.name)
          ? { ok: false, error: `${def.name} is not available in this turn: observe and propose first; you can act once the user accepts` }
          : await invokeTool(def, name, args, tt.ctx);
      const record: ToolCallRecord = { turn: this.turn, callId: id, name: def?.name ?? name, args, ok: outcome.ok, ...(outcome.ok ? { result: outcome.result } : { error: outcome.error }) };
      turnCalls.push(record);
      this.toolCalls.push(record);
      this.transcript.push({ kind: 'tool', turn: this.turn, callId: id, name, args, outcome });
      this.emit({ type: 'tool_result', turn: this.turn, callId: id, name, ok: outcome.ok, ...(outcome.ok ? { result: outcome.result } : { error: outcome.error }) });
      return outcome;
    };
    // Tools an external agent ran by itself: recorded like the engine's own, counted against the same cap.
    const pending = new Map<string, { name: string; args: unknown }>();
    const external: ExternalCalls = {
      start: (callId, name, args) => {
        if (steps >= tt.steps) throw new ToolStepCapError(tt.steps);
        steps++;
        pending.set(callId, { name, args });
        this.emit({ type: 'tool_call', turn: this.turn, callId, name, args });
      },
      finish: (callId, outcome) => {
        const call = pending.get(callId);
        if (!call) return;
        pending.delete(callId);
        const record: ToolCallRecord = { turn: this.turn, callId, name: call.name, args: call.args, ok: outcome.ok, ...(outcome.ok ? { result: outcome.result } : { error: outcome.error }) };
        turnCalls.push(record);
        this.toolCalls.push(record);
        this.transcript.push({ kind: 'tool', turn: this.turn, callId, name: call.name, args: call.args, outcome });
        this.emit({ type: 'tool_result', turn: this.turn, callId, name: call.name, ok: outcome.ok, ...(outcome.ok ? { result: outcome.result } : { error: outcome.error }) });
      },
    };
    const unfinished = () => {
      for (const id of [...pending.keys()]) external.finish(id, { ok: false, error: 'did not finish before the turn ended' });
    };
    let reply = '';
    let turnError: string | undefined;
    const time = this.protocol.agentTime?.(incoming);
    try {
      ({ reply } = await backends.agent.runTurn({
        turn: this.turn,
        session: {
          scenarioId: this.scenario.id,
          title: this.scenario.title,
          date: time?.now.slice(0, 10) ?? this.o.date ?? new Date().toISOString().slice(0, 10),
          memory: env.memory.render(),
          index: this.o.index ?? 0,
          ...(time ? { now: time.now, woken: time.woken, ...(time.phase ? { phase: time.phase } : {}) } : {}),
        },
        transcript: this.transcript,
        tools: specs,
        callTool,
        cwd: env.workspace.root,
        external,
        emit: (e) => this.emit(e),
        signal: this.controller.signal,
      }));
    } catch (err) {
      unfinished();
      if (!(err instanceof ToolStepCapError)) {
        // The agent failed mid-turn: what its successful tool calls wrote is still shown, and graded at the end.
        this.diffTurn(before, appsBefore);
        throw err;
      }
      turnError = err.message;
    }
    unfinished();
    this.replies.push(reply);
    this.transcript.push({ kind: 'agent', turn: this.turn, text: reply });
    this.emit({ type: 'message', turn: this.turn, role: 'agent', text: reply });
    const { after, diffs, appsAfter } = this.diffTurn(before, appsBefore);
    if (turnError) this.emit({ type: 'notice', turn: this.turn, level: 'error', text: turnError });
    this.emit({ type: 'turn_end', turn: this.turn, ...(turnError ? { error: turnError } : {}) });

    // ---- stage 1: completed
    const changed = new Set(diffs.filter((d) => d.change !== 'deleted').map((d) => d.path));
    const evidence: TurnEvidence = { turn: this.turn, reply, toolCalls: turnCalls, files: snapshotTexts(after, changed), apps: appsAfter };
    const open = this.open();
    const verdict = open.length ? await this.assess(evidence, open) : { completed: [], targeted: [] };
    for (const c of verdict.completed) if (this.status.get(c.intent) === 'open') this.setStatus(c.intent, 'completed', 'evidence', c.evidence);
    this.tickChecklist(after);
    return { turn: this.turn, incoming, reply, evidence, verdict };
  }

  private judgeFailed(message: string): void {
    this.judgeFailures.push(message);
    this.emit({ type: 'judge_error', turn: this.turn, message });
  }

  /** The turn's workspace and app diffs, emitted; the workspace snapshot moves on. */
  private diffTurn(before: Snapshot, appsBefore: Record<string, unknown>): { after: Snapshot; diffs: ReturnType<typeof Workspace.diff>; appsAfter: Record<string, unknown> } {
    const env = this.o.env;
    // An agent that edits files itself wrote around the workspace's methods: walk the tree.
    const after = env.workspace.snapshot(before, Boolean(this.o.backends.agent.editsFiles));
    env.lastSnapshot = after;
    const diffs = Workspace.diff(before, after);
    if (diffs.length) this.emit({ type: 'workspace_diff', turn: this.turn, files: diffs });
    const appsAfter = env.apps.snapshot();
    const appDiffs = diffApps(appsBefore, appsAfter);
    if (appDiffs.length) this.emit({ type: 'app_diff', turn: this.turn, apps: appDiffs });
    return { after, diffs, appsAfter };
  }

  private async finish(end: SessionEnd, message: string | undefined): Promise<SessionResult> {
    this.protocol.finish?.();
    if (end !== 'aborted') await this.gradeChecklist();
    // A session the judge failed on ran to its end, but its statuses and grades are not the judge's: not a result.
    if (this.judgeFailures.length && (end === 'resolved' || end === 'max_turns')) {
      const n = this.judgeFailures.length;
      message = `the judge failed ${n} time${n === 1 ? '' : 's'} (${this.judgeFailures[0]}): this session is not a result`;
      end = 'judge_failed';
    }
    const scored = this.scriptChecks ? { ...this.scenario, checklist: [...(this.scenario.checklist ?? []), ...this.scriptChecks.items] } : this.scenario;
    const scores = { ...computeScores(scored, this.status, this.checklist, this.turn), ...this.protocol.scores?.() };
    this.emit({ type: 'score', scores });
    this.emit({ type: 'session_end', end, ...(message ? { message } : {}), turns: this.turn });
    this.o.signal?.removeEventListener('abort', this.onOuterAbort);
    return { scenario: this.scenario.id, end, ...(message ? { message } : {}), scores };
  }

  private checkAbort(): void {
    const reason: unknown = this.controller.signal.reason;
    if (!this.controller.signal.aborted) return;
    if (reason instanceof EndRequested) throw reason;
    throw new Aborted('aborted');
  }

  // ---- the judge's stages and the user, for the protocols

  async assess(evidence: TurnEvidence, intents: IntentSpec[]): Promise<Verdict> {
    try {
      const v = await this.o.backends.judge.assessTurn({
        turn: this.turn,
        scenario: this.scenario,
        open: intents,
        evidence,
        transcript: this.transcript,
        emit: (e) => this.emit(e),
        signal: this.controller.signal,
      });
      const openIds = new Set(intents.map((i) => i.id));
      const completed = v.completed.filter((c) => openIds.has(c.intent));
      const done = new Set(completed.map((c) => c.intent));
      return { completed, targeted: v.targeted.filter((t) => openIds.has(t.intent) && !done.has(t.intent)) };
    } catch (err) {
      if (this.controller.signal.aborted) throw err;
      this.judgeFailed(`intent judging failed: ${errorMessage(err)}; intents stay open`);
      return { completed: [], targeted: [] };
    }
  }

  async pick(): Promise<{ intent: string; reason: string }> {
    const open = this.open();
    try {
      const p = await this.o.backends.judge.pickNext({ turn: this.turn, scenario: this.scenario, open, transcript: this.transcript, emit: (e) => this.emit(e), signal: this.controller.signal });
      if (open.some((i) => i.id === p.intent)) return p;
      this.judgeFailed(`the judge picked \`${p.intent}\`, which is not open; using the first open intent`);
    } catch (err) {
      if (this.controller.signal.aborted) throw err;
      this.judgeFailed(`picking the next intent failed: ${errorMessage(err)}; using the first open intent`);
    }
    return { intent: open[0]!.id, reason: 'first open intent in file order (fallback)' };
  }

  async waitForTime(next: { at: string; passed: string }): Promise<void> {
    if (this.o.paceTime) await this.o.paceTime(next);
    this.checkAbort();
  }

  async userMessage(handed: IntentSpec[], reason: HandoffReason): Promise<{ text: string; reveals: string[] }> {
    const reply = await this.o.backends.user.nextMessage({
      turn: this.turn,
      persona: this.o.persona,
      scenario: this.scenario,
      handoff: { intents: handed, reason },
      open: this.open(),
      transcript: this.transcript,
      emit: (e) => this.emit(e),
      signal: this.controller.signal,
    });
    const reveals = reply.reveals ?? [];
    for (const id of reveals) if (this.status.get(id) === 'open') this.setStatus(id, 'provided', 'reveal', 'revealed by the user');
    return { text: reply.text, reveals };
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
      this.judgeFailed(`rubric grading failed: ${errorMessage(err)}; items left ungraded`);
      for (const item of rubric) this.record(item, null, 'rubric grading failed', 'rubric');
    }
  }
}

function personaCard(p: LoadedPersona): PersonaCard {
  return {
    name: p.name,
    role: p.role,
    profile: p.profile,
    ...(p.style ? { style: p.style } : {}),
    ...(p.facts ? { facts: p.facts } : {}),
    ...(p.goals ? { goals: p.goals } : {}),
  };
}
