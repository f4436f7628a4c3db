/**
 * The session state the reducer (reducer.ts) builds from the events: what every screen, export
 * and report reads. Turns hold the conversation's items in the order they happened, the
 * files and apps they changed and the intent changes they caused; the rest is the latest
 * of each thing (intent statuses, checklist verdicts, usage per role, scores, the end).
 */
import type {
  AppDiff,
  BackendInfo,
  ChecklistInfo,
  FileDiff,
  IntentInfo,
  IntentStatus,
  PermissionDecision,
  PersonaCard,
  PlanEntry,
  Role,
  Scores,
  SessionEnd,
  StatusCause,
} from '../contracts/events.ts';
import type { SessionSlices } from '../contracts/paradigm-view.ts';

export interface ScenarioInfo {
  id: string;
  persona: string;
  title: string;
  index: number;
  of: number;
  trigger: { kind: 'user' | 'event'; text: string; source?: string };
  maxTurns: number;
  toolSteps: number;
  backends: Record<Role, BackendInfo>;
  /** Who the user is, when the session knows its persona. */
  personaCard?: PersonaCard;
}

export interface MessageItem {
  kind: 'message';
  turn: number;
  role: 'user' | 'agent' | 'event' | 'monitor';
  text: string;
  /** Simulated time (time scenarios). */
  at?: string;
  source?: string;
  /** Intents this user message answers or reveals. */
  intents?: string[];
}

export interface ToolItem {
  kind: 'tool';
  turn: number;
  callId: string;
  name: string;
  args: unknown;
  state: 'running' | 'ok' | 'error';
  result?: unknown;
  error?: string;
}

export interface NoticeItem {
  kind: 'notice';
  turn: number;
  level: 'info' | 'warning' | 'error';
  /** Where it came from: an engine notice, a judge failure, or a leak of hidden intents. */
  source: 'notice' | 'judge_error' | 'leak_warning';
  text: string;
}

/** A proposal of the agent (proposal scenarios), shown as a card until and after the user answers. */
export interface ProposalItem {
  kind: 'proposal';
  turn: number;
  id: string;
  summary: string;
  verdict?: 'accepted' | 'rejected';
  reason?: string;
  /** The turn the user's answer opened (older recordings give the proposal's own turn). */
  answeredIn?: number;
}

/** An external agent's plan as it last sent it in this turn (one card per turn, updated in place). */
export interface PlanItem {
  kind: 'plan';
  turn: number;
  entries: PlanEntry[];
}

/** How an external agent's request to run one of its own tools was answered. */
export interface PermissionItem {
  kind: 'permission';
  turn: number;
  callId: string;
  title: string;
  paths: string[];
  /** The tool's arguments as the agent sent them. */
  input?: unknown;
  decision: PermissionDecision;
  by: 'policy' | 'person';
  reason: string;
}

/** One line of the conversation pane, in the order it happened. */
export type ConversationItem =
  MessageItem | ToolItem | NoticeItem | ProposalItem | PlanItem | PermissionItem;

/** An external agent's permission request waiting for a person's answer. */
export interface PermissionAsk {
  turn: number;
  callId: string;
  title: string;
  kind?: string;
  paths: string[];
  /** The tool's arguments as the agent sent them. */
  input?: unknown;
}

export interface IntentChange {
  turn: number;
  from: IntentStatus;
  to: IntentStatus;
  cause: StatusCause;
  detail: string;
  /** Event sequence number of the change (to highlight fresh changes). */
  seq: number;
}

export interface IntentView {
  status: IntentStatus;
  /** The latest change; undefined while the intent has never changed. */
  last?: IntentChange;
  history: IntentChange[];
}

export interface CheckView {
  /** null: ungraded (the judge could not grade it). */
  pass: boolean | null;
  reason: string;
  by: 'rule' | 'rubric' | 'script';
  turn: number;
  seq: number;
}

export interface TurnState {
  turn: number;
  items: ConversationItem[];
  files: FileDiff[];
  apps: AppDiff[];
  changes: (IntentChange & { intent: string })[];
  ended: boolean;
  error?: string;
}

export interface RoleUsage {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** True when any count was estimated by intentplay. */
  estimated: boolean;
  calls: number;
  models: string[];
}

/** What is arriving right now but not final yet (never recorded). */
export interface StreamState {
  turn: number;
  /** The agent's reply so far. */
  text: string;
  /** Tool calls whose arguments are still streaming, by call id. */
  tools: { callId: string; name: string; args: string }[];
}

export interface SessionSummary {
  scenario: string;
  title: string;
  end: SessionEnd;
  scores?: Scores;
}

/**
 * The state of a session: the core's fields, and the slice of each installed paradigm whose
 * scenario this is (`timeline`, `phone`: src/contracts/paradigm-view.ts), under its key.
 */
export interface SessionState extends Partial<SessionSlices> {
  /** Events reduced so far (a cheap change counter). */
  seq: number;
  /** Time offset of the last timed event, in ms. */
  t: number;
  scenario?: ScenarioInfo;
  intents: IntentInfo[];
  intentStates: Record<string, IntentView>;
  checklist: ChecklistInfo[];
  checks: Record<string, CheckView>;
  /** Turns in order; turn 0 holds anything before the first agent turn. */
  turns: TurnState[];
  /** The turn in progress or last seen. */
  turn: number;
  stream: StreamState | null;
  awaiting: { turn: number; role: 'user' | 'agent' } | null;
  /** A user's message the judge is reading (a model judge), shown before it is recorded. */
  reading: { turn: number; text: string } | null;
  /** An external agent's permission request a person must answer (play and watch). */
  permissionAsk: PermissionAsk | null;
  usage: Partial<Record<Role, RoleUsage>>;
  scores?: Scores;
  end?: { end: SessionEnd; message?: string; turns: number };
  /** Earlier sessions of the same run group (episode or chain), most recent last. */
  previous: SessionSummary[];
}

export function initialSessionState(): SessionState {
  return {
    seq: 0,
    t: 0,
    intents: [],
    intentStates: {},
    checklist: [],
    checks: {},
    turns: [],
    turn: 0,
    stream: null,
    awaiting: null,
    reading: null,
    permissionAsk: null,
    usage: {},
    previous: [],
  };
}
