/**
 * The engine: one session. It runs each agent turn (the agent, its tools, the workspace and
 * app diffs, stage 1 of the judge) and leaves what follows a turn to the scenario's protocol
 * (protocols.ts) of the paradigm that plays it: π-Bench's conversation, the time protocol's
 * dormancy and follow-ups, the proposal protocol's observe and propose.
 * It reports everything as typed events and knows nothing of any UI.
 */
import { errorMessage } from '../contracts/errors.ts';
import { given } from '../contracts/optional.ts';
import type { LoadedPersona, LoadedScenario } from '../scenario/library.ts';
import { DEFAULT_MAX_TURNS, type IntentSpec } from '../scenario/schema.ts';
import {
  ToolStepCapError,
  type Backends,
  type HandoffReason,
  type ToolCallRecord,
  type TranscriptEntry,
  type TurnEvidence,
} from '../contracts/backends.ts';
import type { IntentStatus, SessionEnd, SessionEvent, StatusCause } from '../contracts/events.ts';
import { SessionGrading } from './grading.ts';
import { TurnToolCalls, sessionToolsFor, toolStepsOf, type SessionTools } from './tool-calls.ts';
import type { GroupEnv } from './group-env.ts';
import { EndRequested } from './chat-protocol.ts';
import type {
  Incoming,
  SessionCore,
  SessionProtocol,
  TimeToPass,
  TurnResult,
  Verdict,
  WaitEnd,
} from './protocol.ts';
import { protocolFor } from './protocols.ts';
import { openingEvents, triggerIncoming } from './session-start.ts';
import { agentTurnInput } from './agent-session.ts';
import { beforeTurn, diffTurn, turnEvidence, type BeforeTurn, type TurnDiff } from './turn-diff.ts';
import type { SessionOptions, SessionResult } from './session-options.ts';
import { IntentStatuses } from './intent-statuses.ts';
import { askUser } from './user-message.ts';

export type { SessionOptions, SessionResult } from './session-options.ts';

class Aborted extends Error {}

export class SessionRun implements SessionCore {
  /** The turn whose pace was already awaited while the user waited for time (see waitForTime). */
  private pacedFor = 0;
  private readonly o: SessionOptions;
  private readonly status = new IntentStatuses((event) => this.emit(event));
  readonly transcript: TranscriptEntry[] = [];
  readonly replies: string[] = [];
  readonly toolCalls: ToolCallRecord[] = [];
  private readonly grading = new SessionGrading(this);
  private readonly controller = new AbortController();
  private readonly protocol: SessionProtocol;
  turn = 0;
  endRequested = false;
  private finished = false;
  private agentWorking = false;
  private takeOverDue = false;
  readonly maxTurns: number;
  private callSeq = 0;
  /** Forwards the caller's abort; removed at the end so a long-lived signal does not collect listeners. */
  private readonly onOuterAbort: () => void;

  constructor(options: SessionOptions) {
    this.o = options;
    this.maxTurns = options.maxTurns ?? options.scenario.limits?.max_turns ?? DEFAULT_MAX_TURNS;
    this.protocol = protocolFor(this);
    for (const intent of options.scenario.intents)
      this.status.start(intent.id, this.protocol.initialStatus(intent));
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
    return this.status.open(this.scenario.intents);
  }

  statusOf(id: string): IntentStatus | undefined {
    return this.status.get(id);
  }

  setStatus(id: string, to: IntentStatus, cause: StatusCause, detail: string): void {
    this.status.set(this.turn, id, to, cause, detail);
  }

  providedByNextMessage(id: string, cause: StatusCause, detail: string): void {
    // Shown with the message, in the turn it opens (deliver): the words that tell it are there.
    this.status.providedBy(this.turn + 1, id, cause, detail);
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

  /**
   * A person took the user over (watch, `t`): the recording says so at that moment, after the
   * turn that ran last (while the agent works, once its reply has ended its turn), or after
   * `opened` when the simulated user has already written the message that opens it (its turn not
   * yet begun). False when the session has ended (the next one says it then).
   */
  tookOver(opened = 0): boolean {
    if (this.finished) return false;
    // Taken over while the agent works: said after its reply, which ends the turn it names.
    if (this.agentWorking) this.takeOverDue = true;
    else {
      const after = Math.max(this.turn, opened);
      this.emit({ type: 'notice', turn: this.turn, level: 'info', text: tookOverText(after) });
    }
    return true;
  }

  /** A person ends the session: it stops after the current step; open intents become unresolved. */
  requestEnd(): void {
    this.endRequested = true;
    this.controller.abort(new EndRequested());
  }

  /** Grades the checklist now, rubric items included (a person asked); the end grades again. */
  gradeNow(): Promise<void> {
    return this.grading.grade();
  }

  /** Quit: stop now. */
  abort(): void {
    this.controller.abort(new Aborted('aborted'));
  }

  // ---- the session: start, turns (each followed by the protocol's step), finish

  async run(): Promise<SessionResult> {
    const { scenario, env } = this.o;
    await this.grading.prepare();
    this.emitStart(toolStepsOf(scenario));
    const sessionTools = sessionToolsFor(env, scenario, this.protocol);

    let incoming = triggerIncoming(scenario);
    let end: SessionEnd = 'resolved';
    let message: string | undefined;

    try {
      if (this.protocol.start) incoming = await this.protocol.start();
      for (;;) {
        const result = await this.agentTurn(incoming, sessionTools);
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
        for (const i of this.open())
          this.setStatus(i.id, 'unresolved', 'manual', 'the session was ended by hand');
      } else if (err instanceof Aborted || this.controller.signal.aborted) {
        end = 'aborted';
        message = 'the session was stopped';
      } else {
        end = 'error';
        message = errorMessage(err);
        this.emit({ type: 'notice', turn: this.turn, level: 'error', text: message });
      }
    }
    const result = await this.finish(end, message);
    this.releaseRecords();
    return result;
  }

  /**
   * Empties the session's records once it has ended (its events, recording and result carry
   * what it did). V8 may hold them in its old generation, which only a full collection sweeps:
   * left full, a finished session's records kept the tool results they point to (file texts a
   * tool read, grep matches) alive through every later young collection, and a long run
   * carried that garbage into its peak memory.
   */
  private releaseRecords(): void {
    this.transcript.length = 0;
    this.toolCalls.length = 0;
    this.replies.length = 0;
  }

  private emitStart(toolSteps: number): void {
    const { scenario, backends, persona } = this.o;
    const opening = {
      scenario,
      persona,
      backends,
      protocol: this.protocol,
      index: this.o.index ?? 0,
      of: this.o.of ?? 1,
      maxTurns: this.maxTurns,
      toolSteps,
      checklist: this.grading.announced(),
    };
    const statusOf = (id: string) => this.status.get(id);
    for (const e of openingEvents(opening, this.grading.scriptProblem, statusOf)) this.emit(e);
  }

  /** One agent turn: deliver the incoming message, run the agent and its tools, diff, and judge stage 1. */
  private async agentTurn(incoming: Incoming, tools: SessionTools): Promise<TurnResult> {
    this.turn++;
    if (this.o.pace && this.pacedFor !== this.turn) await this.o.pace(this.turn);
    this.checkAbort();
    this.emit({ type: 'turn_start', turn: this.turn });
    this.deliver(incoming);
    const before = beforeTurn(this.o.env);
    const calls = new TurnToolCalls(this.turn, tools, this.callLog, this.protocol.toolsFor?.());
    let reply = '';
    let turnError: string | undefined;
    try {
      this.agentWorking = true;
      reply = await this.runAgent(incoming, calls).finally(() => (this.agentWorking = false));
    } catch (err) {
      calls.settle();
      if (!(err instanceof ToolStepCapError)) {
        // The agent failed mid-turn: what its successful tool calls wrote is still shown, and graded at the end.
        this.diffTurn(before);
        throw err;
      }
      turnError = err.message;
    }
    calls.settle();
    this.replies.push(reply);
    this.transcript.push({ kind: 'agent', turn: this.turn, text: reply });
    this.emit({ type: 'message', turn: this.turn, role: 'agent', text: reply });
    if (this.takeOverDue) {
      this.takeOverDue = false;
      this.emit({ type: 'notice', turn: this.turn, level: 'info', text: tookOverText(this.turn) });
    }
    const diff = this.diffTurn(before);
    if (turnError) this.emit({ type: 'notice', turn: this.turn, level: 'error', text: turnError });
    this.emit({ type: 'turn_end', turn: this.turn, ...given({ error: turnError }) });

    const evidence = turnEvidence(this.turn, reply, calls.calls, diff);
    const verdict = await this.stageOne(evidence);
    this.grading.tick(diff.after);
    this.o.turnJudged?.(this.turn);
    return { turn: this.turn, incoming, reply, evidence, verdict };
  }

  /** The incoming message enters the transcript and the event log, with its simulated time if the protocol keeps one. */
  private deliver(incoming: Incoming): void {
    const stamp = this.protocol.beforeTurn?.(incoming) ?? {};
    const entry = {
      ...incoming,
      turn: this.turn,
      ...(stamp.at && incoming.kind === 'user' ? { at: stamp.at } : {}),
    } as Incoming;
    delete entry.intents;
    this.transcript.push(entry);
    this.emit({
      type: 'message',
      turn: this.turn,
      role: incoming.kind,
      text: incoming.text,
      ...(incoming.kind === 'event' && incoming.source ? { source: incoming.source } : {}),
      ...(incoming.intents?.length ? { intents: incoming.intents } : {}),
      ...(stamp.at ? { at: stamp.at } : {}),
    });
    this.status.flush(this.turn);
    this.protocol.delivered?.(incoming);
  }

  /** How a turn's tool calls reach the session's records. */
  private readonly callLog = {
    emit: (e: SessionEvent) => this.emit(e),
    checkAbort: () => this.checkAbort(),
    nextCallId: () => `call_${++this.callSeq}`,
    recorded: (record: ToolCallRecord, entry: TranscriptEntry) => {
      this.toolCalls.push(record);
      this.transcript.push(entry);
    },
    resolve: (name: string) => this.o.env.registry.resolve(name),
  };

  /** The agent backend's turn; returns its reply. */
  private async runAgent(incoming: Incoming, calls: TurnToolCalls): Promise<string> {
    const input = agentTurnInput({
      turn: this.turn,
      scenario: this.scenario,
      env: this.o.env,
      index: this.o.index ?? 0,
      date: this.o.date,
      time: this.protocol.agentTime?.(incoming),
      transcript: this.transcript,
      calls,
      emit: (e) => this.emit(e),
      signal: this.controller.signal,
    });
    const { reply } = await this.o.backends.agent.runTurn(input);
    return reply;
  }

  /** Stage 1: the judge marks the open intents this turn's evidence completes. */
  private async stageOne(evidence: TurnEvidence): Promise<Verdict> {
    // A proposal scenario's observe turn completes nothing: only an accepted proposal's execution does.
    const open = this.protocol.mayComplete?.() === false ? [] : this.open();
    const verdict = open.length
      ? await this.assess(evidence, open)
      : { completed: [], targeted: [] };
    for (const c of verdict.completed)
      if (this.status.get(c.intent) === 'open')
        this.setStatus(c.intent, 'completed', 'evidence', c.evidence);
    return verdict;
  }

  /** The turn's workspace and app diffs, emitted; the workspace snapshot moves on. */
  private diffTurn(before: BeforeTurn): TurnDiff {
    // An agent that edits files itself wrote around the workspace's methods: walk the tree.
    const walk = Boolean(this.o.backends.agent.editsFiles);
    return diffTurn(this.o.env, this.turn, before, walk, (e) => this.emit(e));
  }

  private async finish(end: SessionEnd, message: string | undefined): Promise<SessionResult> {
    this.finished = true;
    // Decided for a message that never came (the session ended first): shown in the last turn.
    this.status.flush(this.turn);
    this.protocol.finish?.();
    if (end !== 'aborted') await this.grading.grade();
    // A session the judge failed on ran to its end, but its statuses and grades are not the judge's: not a result.
    const failure = this.grading.failure();
    if (failure && (end === 'resolved' || end === 'max_turns')) {
      message = failure;
      end = 'judge_failed';
    }
    const scores = { ...this.grading.scores(this.status.all), ...this.protocol.scores?.() };
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

  assess(evidence: TurnEvidence, intents: IntentSpec[]): Promise<Verdict> {
    return this.grading.assess(evidence, intents);
  }

  pick(): Promise<{ intent: string; reason: string }> {
    return this.grading.pick();
  }

  async waitForTime(next: TimeToPass): Promise<WaitEnd> {
    let end: WaitEnd = 'time_passes';
    if (this.o.pace && this.pacedFor !== this.turn + 1) {
      // Watching, the wait before the next turn comes before the clock moves: the world changes
      // once the turn on screen has been read, not while it is still being read.
      this.pacedFor = this.turn + 1;
      await this.o.pace(this.turn + 1);
    }
    // Then a person playing the user (play, or a watch taken over) decides when time passes.
    if (this.o.paceTime) end = await this.o.paceTime(next);
    this.checkAbort();
    return end;
  }

  userMessage(
    handed: IntentSpec[],
    reason: HandoffReason,
  ): Promise<{ text: string; reveals: string[]; withdrawn: string[] }> {
    return askUser(this, this.status, handed, reason);
  }
}

const tookOverText = (turn: number) => `a person took over the user after turn ${turn}`;
