/**
 * A turn protocol decides what follows each agent turn. The engine (engine.ts) runs the
 * turns themselves: the agent, its tools, the diffs and stage 1 of the judge. π-Bench's
 * conversation (chat-protocol.ts) hands intents to the user; the time protocol
 * (src/time/protocol.ts) adds dormancy, a monitor and follow-ups on the same core. A new
 * paradigm brings its own protocol (src/contracts/paradigm.ts); protocols.ts picks the one of the
 * paradigm that plays the scenario.
 */
import type { LoadedPersona, LoadedScenario } from '../scenario/library.ts';
import type { IntentSpec } from '../scenario/schema.ts';
import type { ToolContext, ToolDef } from '../tools/registry.ts';
import type {
  Backends,
  HandoffReason,
  TranscriptEntry,
  TurnEvidence,
} from '../contracts/backends.ts';
import type { GroupEnv } from './group-env.ts';
import type {
  IntentStatus,
  ProposalInfo,
  SessionEvent,
  StatusCause,
  TimeInfo,
} from '../contracts/events.ts';

/** What starts an agent turn: a user message, the trigger event, or a monitor observation. */
export type Incoming = Extract<TranscriptEntry, { kind: 'user' | 'event' | 'monitor' }> & {
  intents?: string[];
};

export interface Verdict {
  completed: { intent: string; evidence: string }[];
  targeted: { intent: string; question: string }[];
}

/** One agent turn, as the protocol sees it after stage 1 has run. */
export interface TurnResult {
  turn: number;
  incoming: Incoming;
  reply: string;
  evidence: TurnEvidence;
  verdict: Verdict;
}

export type Next =
  { kind: 'continue'; incoming: Incoming } | { kind: 'end'; end: 'resolved' | 'max_turns' };

/** Where the clock jumps next while the user waits, and how long that is in words. */
export interface TimeToPass {
  /** The simulated time now (the last agent turn took its time: later than its messages). */
  from?: string;
  at: string;
  passed: string;
}
/** How a wait for time ended: the time passed, or the person playing the user spoke first. */
export type WaitEnd = 'time_passes' | 'user_speaks';

/** What the engine lends a protocol: intent statuses, the judge's stages and the user. */
export interface SessionCore {
  readonly scenario: LoadedScenario;
  readonly persona: LoadedPersona | undefined;
  readonly backends: Backends;
  readonly env: GroupEnv;
  readonly maxTurns: number;
  readonly transcript: readonly TranscriptEntry[];
  readonly turn: number;
  readonly endRequested: boolean;
  readonly signal: AbortSignal;
  emit(event: SessionEvent): void;
  statusOf(id: string): IntentStatus | undefined;
  setStatus(id: string, to: IntentStatus, cause: StatusCause, detail: string): void;
  /**
   * The intent is told in the user's next message (a pick, a reveal): \`provided\`, stamped with
   * the turn that message opens, where a reader sees the words that told it.
   */
  providedByNextMessage(id: string, cause: StatusCause, detail: string): void;
  intent(id: string): IntentSpec;
  open(): IntentSpec[];
  /** Stage 1 (and the questions of stage 2) over `intents` for this turn's evidence. */
  assess(evidence: TurnEvidence, intents: IntentSpec[]): Promise<Verdict>;
  /** Stage 3: the judge's pick among the open intents. */
  pick(): Promise<{ intent: string; reason: string }>;
  /**
   * While dormant, before the clock jumps: a person playing the user lets time pass here, or
   * speaks first (`user_speaks`: their message is waiting and starts the next turn).
   */
  waitForTime(next: TimeToPass): Promise<WaitEnd>;
  /**
   * The user's next message for the intents handed over: what it revealed besides, and the picks
   * withdrawn because a person took the user over before the message was written.
   */
  userMessage(
    handed: IntentSpec[],
    reason: HandoffReason,
  ): Promise<{ text: string; reveals: string[]; withdrawn: string[] }>;
}

declare module '../contracts/engine-types.ts' {
  interface EngineTypes {
    sessionCore: SessionCore;
    sessionProtocol: SessionProtocol;
  }
}

export interface SessionProtocol {
  /** An intent's status when the session starts (`pending` for one that waits on the world). */
  initialStatus(intent: IntentSpec): IntentStatus;
  /** Why an intent starts `pending`: the detail of its first status event. */
  pendingDetail?(intent: IntentSpec): string;
  /** Extra fields of session_start. */
  readonly info?: TimeInfo;
  readonly proposalInfo?: ProposalInfo;
  /** What session_start announces of a paradigm without a field of its own (`paradigms`), under its key. */
  announce?(): Readonly<Record<string, unknown>>;
  /** The first incoming message, when the protocol does not start from the trigger as it is. */
  start?(): Promise<Incoming>;
  /** The names of the tools offered in the next turn, when a turn may not use them all. */
  toolsFor?(): readonly string[];
  /** Adds to the tool context (the time world) and renames tools (query_<environment>). */
  extendTools?(ctx: ToolContext, tools: ToolDef[]): ToolDef[];
  /** Before each agent turn: the simulated time of its incoming message, if the protocol keeps one. */
  beforeTurn?(incoming: Incoming): { at?: string };
  /** After the incoming message is recorded: what the protocol read in it follows it (a refusal's notice). */
  delivered?(incoming: Incoming): void;
  /** What the agent is told about time in this turn. */
  agentTime?(
    incoming: Incoming,
  ): { now: string; woken: boolean; phase?: 'observe' | 'execute' } | undefined;
  /** False when the turn that just ran may not complete intents (a proposal scenario's observe turn). */
  mayComplete?(): boolean;
  afterTurn(result: TurnResult): Promise<Next>;
  /** Scores of the protocol's own, added to the session's under its paradigm's results key. */
  scores?(): Readonly<Record<string, unknown>>;
  /** After the session ends (for any reason), e.g. pending intents become unresolved. */
  finish?(): void;
}
