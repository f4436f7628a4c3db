/**
 * The three roles as interfaces (as tau2-bench and inspect_ai separate them): the engine
 * drives them, and never knows whether a model, a script, rules or a person is behind one.
 */
import type { ScreenView } from './screens.ts';
import type { EngineTypes } from './engine-types.ts';
import type { ToolOutcome, ToolSpec } from './tools.ts';
import type { BackendInfo, SessionEvent } from './events.ts';

type LoadedScenario = EngineTypes['scenario'];
type LoadedPersona = EngineTypes['persona'];
type IntentSpec = EngineTypes['intent'];
type ChecklistItemSpec = EngineTypes['checklistItem'];

/** One entry of the session's conversation, as the engine keeps it. */
export type TranscriptEntry =
  | { kind: 'user'; turn: number; text: string; at?: string }
  | { kind: 'event'; turn: number; text: string; source?: string }
  /** An observation that woke the agent (time scenarios): an update's text or a reminder's note. */
  | {
      kind: 'monitor';
      turn: number;
      text: string;
      at: string;
      update?: string;
      reminders: string[];
    }
  | { kind: 'agent'; turn: number; text: string }
  | {
      kind: 'tool';
      turn: number;
      callId: string;
      name: string;
      args: unknown;
      outcome: ToolOutcome;
    };

/** What the agent is told of an entry it did not write (a user message, an event, a monitor's observation). */
export function incomingText(entry: TranscriptEntry): string | undefined {
  if (entry.kind === 'user') return entry.at ? `[${entry.at}] ${entry.text}` : entry.text;
  if (entry.kind === 'event')
    return `[event${entry.source ? ` from ${entry.source}` : ''}]\n${entry.text}`;
  if (entry.kind === 'monitor')
    return `[monitor ${entry.at}${entry.update ? `, update ${entry.update}` : ''}]\n${entry.text}`;
  return undefined;
}

export interface ToolCallRecord {
  turn: number;
  callId: string;
  name: string;
  args: unknown;
  ok: boolean;
  result?: unknown;
  error?: string;
}

/** What stage 1 looks at: the current agent turn only (docs/engine.md, "Rules judge"). */
export interface TurnEvidence {
  turn: number;
  reply: string;
  toolCalls: ToolCallRecord[];
  /** Text files created or changed in this turn, by workspace-relative path. */
  files: ReadonlyMap<string, string>;
  /** App state after the turn. */
  apps: Record<string, unknown>;
}

/** What the checklist looks at: the whole session, and the final workspace and apps. */
export interface SessionEvidence {
  replies: string[];
  toolCalls: ToolCallRecord[];
  files: ReadonlyMap<string, string>;
  apps: Record<string, unknown>;
}

/** Events a backend may emit while it works (streaming, usage, warnings). */
export type BackendEmit = (event: SessionEvent) => void;

// ---- Agent ------------------------------------------------------------------------------

export interface AgentTurnInput {
  turn: number;
  /** What an assistant may know: never the hidden intents or checklist. */
  session: {
    scenarioId: string;
    title: string;
    date: string;
    memory: string;
    index: number;
    /** Time scenarios: the simulated time now (ISO), and whether this turn was woken by the monitor. */
    now?: string;
    woken?: boolean;
    /** Proposal scenarios: this turn observes (read, propose or wait) or executes an accepted proposal. */
    phase?: 'observe' | 'execute';
  };
  transcript: readonly TranscriptEntry[];
  tools: readonly ToolSpec[];
  /**
   * Every tool of the session, whatever this turn offers (a proposal scenario's write tools while
   * it observes): an agent that keeps one tool list is offered these, and a call to one this turn
   * does not offer answers that it is not available now.
   */
  allTools?: readonly ToolSpec[];
  /** Runs a tool through the engine: emits the events, counts the step, keeps it in the workspace. */
  callTool(name: string, args: unknown, callId?: string): Promise<ToolOutcome>;
  /** True once a call ended the turn (a proposal scenario's `propose` or `wait`): the agent stops calling tools and answers. */
  turnOver(): boolean;
  /** The episode's workspace folder (absolute): an external agent works there. */
  cwd: string;
  /** Records a tool an external agent ran by itself (its own edits, its shell): evidence like any call. */
  external: ExternalCalls;
  emit: BackendEmit;
  signal: AbortSignal;
}

/** Tools an agent ran itself. `start` throws ToolStepCapError once the turn's tool-step cap is reached. */
export interface ExternalCalls {
  start(callId: string, name: string, args: unknown): void;
  /** What a later update says of a running call (its input, title, places): merged into the recorded call. */
  update(callId: string, args: Record<string, unknown>): void;
  finish(callId: string, outcome: ToolOutcome): void;
}

export interface AgentBackend {
  readonly info: BackendInfo;
  /** True when the agent edits files itself, not only through the engine's tools: each turn then re-reads the workspace. */
  readonly editsFiles?: boolean;
  runTurn(input: AgentTurnInput): Promise<{ reply: string }>;
  /** Called once when the session ends (an external agent's process stops here). */
  close?(): Promise<void>;
}

/** Thrown by callTool when the per-turn tool-step cap is reached; ends the turn with an error. */
export class ToolStepCapError extends Error {
  constructor(readonly cap: number) {
    super(`tool-step cap reached (${cap} tool calls in one agent turn)`);
    this.name = 'ToolStepCapError';
  }
}

// ---- User -------------------------------------------------------------------------------

/**
 * Why the user gets these intents: answered (a question), revealed (picked), or a shift of
 * intention; `thanks` and `refuse` (time scenarios) hand no intent: a follow-up met every need.
 */
export type HandoffReason = 'question' | 'picked' | 'shift' | 'thanks' | 'refuse' | 'none';
/** What a rules user says on a `thanks` (or `refuse`) handoff when the scenario writes no words of its own. */
export const DEFAULT_THANKS = 'Thank you, that is what I needed.';

export interface UserTurnInput {
  turn: number;
  persona: LoadedPersona | undefined;
  scenario: LoadedScenario;
  /** The intents this message must answer (targeted by a question) or reveal (picked). */
  handoff: { intents: IntentSpec[]; reason: HandoffReason };
  /** Intents still open after this handoff: they must not leak. */
  open: IntentSpec[];
  transcript: readonly TranscriptEntry[];
  emit: BackendEmit;
  signal: AbortSignal;
  /**
   * Which open intents a message in the user's own words states (a person's or a model user's):
   * the model judge's reading when there is one, else the offline matcher's (src/judge/stated.ts).
   */
  readStated?(text: string): Promise<string[]>;
}

/** An intent a user's message states, and the words of the message that state it (when known). */
export interface StatedIntent {
  id: string;
  words?: string;
}

export interface UserReply {
  text: string;
  /** Intents a human revealed with this message (stage 3 is theirs). */
  reveals?: string[];
  /** How each of `reveals` was told (its status detail), where the backend knows: a fork's recorded user. */
  told?: Record<string, string>;
}

/** Proposal scenarios: what the user sees when they act on the phone this tick. */
export interface PhoneTurnInput {
  turn: number;
  persona: LoadedPersona | undefined;
  scenario: LoadedScenario;
  /** The screen the user is on. */
  view: ScreenView;
  /** Notifications of this tick, as the user sees them (previews). */
  notifications: string[];
  /** Goals not reached yet. */
  open: IntentSpec[];
  emit: BackendEmit;
  signal: AbortSignal;
}

/** The user's one act of a tick: a screen action, a message to the assistant, or nothing. */
export type PhoneChoice =
  | { kind: 'screen'; app?: string | undefined; action: string; args?: Record<string, unknown> }
  | { kind: 'say'; text: string }
  | { kind: 'wait' };

export interface ProposalAnswerInput {
  turn: number;
  persona: LoadedPersona | undefined;
  scenario: LoadedScenario;
  proposal: { id: string; summary: string };
  view: ScreenView;
  /** Notifications of this tick, as the user sees them (previews). */
  notifications: string[];
  open: IntentSpec[];
  /** The user may look into the proposal first (a move on the phone) instead of deciding now. */
  mayGather: boolean;
  emit: BackendEmit;
  signal: AbortSignal;
}

/** The user's act on a pending proposal: a verdict, or (PARE's gather context) a move on the phone first. */
export type ProposalAnswer = { accept: boolean; reason: string } | { gather: PhoneChoice };

export interface UserBackend {
  readonly info: BackendInfo;
  /** True when a person chooses what to reveal: the engine then skips stage 3. */
  readonly picksIntents: boolean;
  nextMessage(input: UserTurnInput): Promise<UserReply>;
  /** Proposal scenarios: the user's act on the phone (without it the scenario's `activity` plays). */
  phoneAct?(input: PhoneTurnInput): Promise<PhoneChoice>;
  /** Proposal scenarios: accept or reject a proposal (without it the goals' `accept` patterns decide). */
  answerProposal?(input: ProposalAnswerInput): Promise<ProposalAnswer>;
}

// ---- Judge ------------------------------------------------------------------------------

export interface JudgeTurnInput {
  turn: number;
  scenario: LoadedScenario;
  open: IntentSpec[];
  evidence: TurnEvidence;
  transcript: readonly TranscriptEntry[];
  emit: BackendEmit;
  signal: AbortSignal;
}

/** A user's message in a time scenario, to be read for a refusal (ChronosBench's FAILED). */
export interface RefusalInput {
  turn: number;
  /** What the user wrote. */
  text: string;
  /** The agent's reply it answers. */
  agentReply: string;
  emit: BackendEmit;
  signal: AbortSignal;
}

/** A user's message in their own words, to be read for the open intents it states. */
export interface StatedInput {
  turn: number;
  text: string;
  /** The intents still open: what the reading may credit (by their text, reveal and `said`). */
  open: readonly Pick<IntentSpec, 'id' | 'text' | 'reveal' | 'said'>[];
  emit: BackendEmit;
  signal: AbortSignal;
}

/** Whether a user's message refuses or cancels the task, why, and who read it so. */
export interface RefusalReading {
  refusal: boolean;
  reason: string;
  by: 'rules' | 'judge';
}

/** Stages 1 and 2 for one agent turn. An intent in both lists counts as completed. */
export interface JudgeVerdict {
  completed: { intent: string; evidence: string }[];
  targeted: { intent: string; question: string }[];
}

export interface RubricInput {
  scenario: LoadedScenario;
  items: ChecklistItemSpec[];
  evidence: SessionEvidence;
  transcript: readonly TranscriptEntry[];
  emit: BackendEmit;
  signal: AbortSignal;
}

export interface ChecklistGrade {
  item: string;
  pass: boolean | null;
  reason: string;
}

export interface JudgeBackend {
  readonly info: BackendInfo;
  /** True when rubric items are graded by their offline `rule` stand-in (the rules judge), so they can tick live. */
  readonly rubricByRules: boolean;
  assessTurn(input: JudgeTurnInput): Promise<JudgeVerdict>;
  /** Stage 3: the open intent that best fits the current stage of the task. */
  pickNext(input: Omit<JudgeTurnInput, 'evidence'>): Promise<{ intent: string; reason: string }>;
  /** Grades rubric items at session end (rule items are graded by the evidence rules). */
  gradeRubric(input: RubricInput): Promise<ChecklistGrade[]>;
  /** Time scenarios: whether a person's or model user's message refuses the task (model judges; offline rules otherwise). */
  readRefusal?(input: RefusalInput): Promise<Omit<RefusalReading, 'by'>>;
  /**
   * The open intents a person's or model user's message states (model judges; the offline
   * matcher otherwise), each with the words of the message that state it.
   */
  readStated?(input: StatedInput): Promise<StatedIntent[]>;
}

export interface Backends {
  agent: AgentBackend;
  user: UserBackend;
  judge: JudgeBackend;
}
