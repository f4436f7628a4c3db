/**
 * The typed event log: the one record of a run. The engine emits these, the recorder
 * writes them, and one reducer (src/store/reducer.ts) turns them into state for every
 * consumer (TUI, reports, replay). Keep them plain JSON.
 */

/** What time and proposal scenarios add to the events (time-events.ts, proposal-events.ts). */
export { TIME_ENDINGS } from './time-events.ts';
export type {
  UpdateExpect,
  UpdateVerdict,
  UpdateInfo,
  TimeInfo,
  TaskStatusName,
  ActionErrorType,
  StatusError,
  TimeEnding,
  TimeScores,
} from './time-events.ts';
export type {
  GatherResolution,
  ProposalInfo,
  ProposalDecisions,
  ProposalScores,
} from './proposal-events.ts';
import type { UpdateExpect, UpdateVerdict, TimeInfo, TimeScores } from './time-events.ts';
import type { ProposalInfo, ProposalScores } from './proposal-events.ts';

/**
 * `pending`: waits for the agent to follow up on an update (time scenarios); `superseded`:
 * replaced by a shifted intent, and out of Proc altogether.
 */
export type IntentStatus =
  'open' | 'completed' | 'inferred' | 'provided' | 'unresolved' | 'pending' | 'superseded';
export type Role = 'agent' | 'user' | 'judge';
/**
 * `ended`: a person ended the session early; `aborted`: quit or cancelled mid-turn;
 * `judge_failed`: the session ran, but the judge failed on it, so its scores are not a result.
 */
export type SessionEnd = 'resolved' | 'max_turns' | 'error' | 'ended' | 'aborted' | 'judge_failed';

/** Why an intent changed status. */
export type StatusCause =
  | 'evidence' // stage 1: the turn's evidence satisfied it
  | 'question' // stage 2: the agent's clarification question targeted it
  | 'picked' // stage 3: the judge picked it for the user to reveal
  | 'reveal' // a human user revealed it
  | 'manual' // a human overrode it by hand
  | 'max_turns' // the session hit max_turns with it still open
  | 'follow_up' // a follow-up on an update opened it (an intention shift), and the user revealed it
  | 'superseded' // an intention shift replaced it
  | 'updates_exhausted' // still pending when no update was left
  | 'user_action' // proposal scenarios: the user reached the goal through the apps themselves
  | 'update' // proposal scenarios: an update (something that arrived) made it true, not the agent
  | 'activity_done'; // proposal scenarios: the user's activity ended with it not reached

export interface BackendInfo {
  kind: string; // openai | script | rules | human
  name?: string; // e.g. the reference trajectory for script:NAME
  model?: string;
  baseUrl?: string;
}

export interface IntentInfo {
  id: string;
  text: string;
  reveal: string;
  /** Time scenarios: pending until the agent follows up on this update. */
  after?: { follow_up: string };
  supersedes?: string[];
}

export interface PersonaCard {
  name: string;
  role: string;
  profile: string;
  style?: string;
  facts?: Record<string, string>;
  goals?: string[];
}

export interface ChecklistInfo {
  id: string;
  text: string;
  grader: 'rubric' | 'rule';
  hasRule: boolean;
}

export interface FileDiff {
  path: string;
  change: 'added' | 'modified' | 'deleted';
  additions: number;
  deletions: number;
  /** Unified diff of the file (empty for binary files). */
  patch: string;
}

export interface AppDiff {
  app: string;
  /** Unified diff of the app's state as pretty JSON. */
  patch: string;
  additions: number;
  deletions: number;
  /** The same change as a person reads it (absent in recordings made before it existed). */
  changes?: AppChange[];
  /** Bookkeeping paths that changed too but are left out of `changes` (login tokens, id counters...). */
  hidden?: string[];
}

/** One record added, removed or changed in an app's state. */
export interface AppChange {
  kind: 'added' | 'removed' | 'changed';
  /** The kind of record (`task`, `expense`), or the state key for a value outside any collection. */
  what: string;
  /** The record's title or name (`#id` when it has none); empty for a value outside any collection. */
  name: string;
  /** Where an added or removed record sits, when it names one (`project Shopping`). */
  parent?: string;
  /** For a changed record, each changed field with its old and new value as short JSON. */
  fields?: FieldChange[];
}

export interface FieldChange {
  field: string;
  from: string;
  to: string;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** True when counted by intentplay because the server reported none. */
  estimated: boolean;
  costUsd?: number;
}

export interface Scores {
  proc: number;
  comp: number | null; // null when no checklist item could be graded
  turns: number;
  intents: Record<string, IntentStatus>;
  checklist: Record<string, boolean | null>;
  graded: number;
  passed: number;
  ungraded: number;
  /** Time scenarios only (absent elsewhere). */
  time?: TimeScores;
  /** Proposal scenarios only (absent elsewhere). */
  proposals?: ProposalScores;
  /** Any paradigm's own scores, under its results key (src/contracts/paradigm.ts). */
  [paradigmKey: string]: unknown;
}

/** One step of an external agent's plan. */
export interface PlanEntry {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
  priority?: 'high' | 'medium' | 'low';
}

/** `always`: allowed, and the agent was told it need not ask again for this kind of tool. */
export type PermissionDecision = 'allowed' | 'always' | 'denied';

export type SessionEvent =
  | {
      type: 'session_start';
      scenario: string;
      persona: string;
      title: string;
      /** Position in the run group (episode or dependency chain), 0-based, and its size. */
      index: number;
      of: number;
      trigger: { kind: 'user' | 'event'; text: string; source?: string };
      intents: IntentInfo[];
      checklist: ChecklistInfo[];
      maxTurns: number;
      toolSteps: number;
      backends: Record<Role, BackendInfo>;
      /** Time scenarios only. */
      time?: TimeInfo;
      /** Proposal scenarios only. */
      proposals?: ProposalInfo;
      /**
       * What the protocol of a paradigm without a field above announces, under its own key: its
       * slice of the session state starts from it (src/contracts/paradigm-view.ts).
       */
      paradigms?: Readonly<Record<string, unknown>>;
      /** Who the user is (for the person playing them: their profile, style and facts). */
      personaCard?: PersonaCard;
    }
  | { type: 'turn_start'; turn: number }
  /**
   * A message in the conversation. `role: event` is an environment trigger delivered to the
   * agent; `role: monitor` an observation that woke the agent (time scenarios). `at`: the
   * simulated time, in time scenarios.
   */
  | {
      type: 'message';
      turn: number;
      role: 'user' | 'agent' | 'event' | 'monitor';
      text: string;
      source?: string;
      intents?: string[];
      at?: string;
    }
  /** Streaming text of the agent's reply in progress (ephemeral: not recorded). */
  | { type: 'agent_delta'; turn: number; text: string }
  /** Streaming arguments of a tool call in progress (ephemeral: not recorded). */
  | { type: 'tool_delta'; turn: number; callId: string; name: string; args: string }
  | { type: 'tool_call'; turn: number; callId: string; name: string; args: unknown }
  | {
      type: 'tool_result';
      turn: number;
      callId: string;
      name: string;
      ok: boolean;
      result?: unknown;
      error?: string;
      /** The call's input as it ended, when an external agent sent it (or more of it) after the call started. */
      args?: unknown;
    }
  | { type: 'workspace_diff'; turn: number; files: FileDiff[] }
  | { type: 'app_diff'; turn: number; apps: AppDiff[] }
  | { type: 'turn_end'; turn: number; error?: string }
  | {
      type: 'intent_status';
      turn: number;
      intent: string;
      from: IntentStatus;
      to: IntentStatus;
      cause: StatusCause;
      /** The evidence, question or note behind the change. */
      detail: string;
    }
  | {
      type: 'checklist_result';
      turn: number;
      item: string;
      pass: boolean | null;
      reason: string;
      by: 'rule' | 'rubric' | 'script';
    }
  | { type: 'usage'; turn: number; role: Role; model: string; usage: Usage }
  | { type: 'judge_error'; turn: number; message: string }
  | { type: 'leak_warning'; turn: number; intents: string[]; terms: string[] }
  | {
      type: 'notice';
      turn: number;
      level: 'info' | 'warning' | 'error';
      text: string;
      /** The final task status a good agent now ends with, when the notice changes it (a refusal). */
      expectStatus?: 'in_progress' | 'completed' | 'failed';
    }
  /** The engine waits for a person (human user or human agent). Ephemeral. */
  | { type: 'awaiting_input'; turn: number; role: 'user' | 'agent' }
  /**
   * A model judge reads a user's message for the open intents it states. Ephemeral: a screen
   * shows the message at once, marked as being read; its `message` event follows the reading.
   */
  | { type: 'reading_message'; turn: number; text: string }
  /** The simulated clock jumped while the user waited (time scenarios). */
  | { type: 'clock'; turn: number; from: string; to: string; passed: string }
  /** A scheduled update happened. `seen`: it woke the agent. */
  | {
      type: 'update';
      turn: number;
      update: string;
      at: string;
      text: string;
      seen: boolean;
      pushed: 'none' | 'agent' | 'user' | 'both';
    }
  | {
      type: 'reminder';
      turn: number;
      action: 'set' | 'fired' | 'cancelled';
      id: string;
      note: string;
      at?: string;
      condition?: string;
    }
  /** The monitor woke the agent: on an update (via reminders or a push), or on a time reminder. */
  | {
      type: 'wake';
      turn: number;
      at: string;
      update?: string;
      reminders: string[];
      pushed: boolean;
    }
  /** What the agent did on a woken turn. */
  | { type: 'wake_choice'; turn: number; update?: string; choice: 'follow_up' | 'keep_silent' }
  /** How an update with an `expect` was handled. */
  | {
      type: 'update_verdict';
      turn: number;
      update: string;
      expect: UpdateExpect;
      verdict: UpdateVerdict;
    }
  | { type: 'task_status'; turn: number; status: 'in_progress' | 'completed' | 'failed' }
  /** Proposal scenarios: a tick of the user's activity starts. */
  | { type: 'tick'; turn: number; tick: number; at: string }
  /** A notification: whole for the agent, `preview` (truncated) for the user. `spurious`: noise. */
  | {
      type: 'notification';
      turn: number;
      app: string;
      text: string;
      preview: string;
      spurious: boolean;
    }
  /** What the user did this tick: a screen action, a chat message, or nothing. */
  | {
      type: 'user_action';
      turn: number;
      kind: 'screen' | 'say' | 'wait';
      app?: string;
      action?: string;
      args?: Record<string, unknown>;
      ok: boolean;
      text: string;
      screen?: string[];
      /** The user looked into this pending proposal with the move before deciding (PARE's gather context). */
      gathering?: string;
    }
  /** The agent proposed to help (an observe turn). */
  | { type: 'proposal'; turn: number; proposal: string; summary: string }
  | {
      type: 'proposal_verdict';
      turn: number;
      proposal: string;
      verdict: 'accepted' | 'rejected';
      reason: string;
      goal?: string;
    }
  /** The agent's next turn observes (read-only tools, propose, wait) or executes an accepted proposal (all tools). */
  | {
      type: 'phase';
      turn: number;
      phase: 'observe' | 'execute';
      /** Back to observing: the user's screen now, with what the agent changed. */ screen?: string[];
    }
  /** An external agent's plan (acp), whole, each time it changes. */
  | { type: 'plan'; turn: number; entries: PlanEntry[] }
  /** An external agent (acp) asks to run one of its own tools; a person must answer. Ephemeral. */
  | {
      type: 'permission_request';
      turn: number;
      callId: string;
      title: string;
      kind?: string;
      paths: string[];
      input?: unknown;
    }
  /** How an external agent's permission request was answered, and by whom. */
  | {
      type: 'permission';
      turn: number;
      callId: string;
      title: string;
      kind?: string;
      paths: string[];
      /** The tool's arguments as the agent sent them (the request's rawInput, or an earlier update's). */
      input?: unknown;
      decision: PermissionDecision;
      by: 'policy' | 'person';
      reason: string;
    }
  | { type: 'score'; scores: Scores }
  | { type: 'session_end'; end: SessionEnd; message?: string; turns: number };

export type SessionEventType = SessionEvent['type'];
export type EventOf<T extends SessionEventType> = Extract<SessionEvent, { type: T }>;

/** Events that exist only to animate a live screen; the recorder drops them. */
export const EPHEMERAL_EVENTS: ReadonlySet<SessionEventType> = new Set([
  'agent_delta',
  'tool_delta',
  'awaiting_input',
  'reading_message',
  'permission_request',
]);

/**
 * An event as recorded: with its time offset from the session start, in ms (monotonic), and in
 * user studies also the wall clock (`wall`, ISO).
 */
export type TimedEvent = SessionEvent & { t: number; wall?: string };

export type EventSink = (event: SessionEvent) => void;
