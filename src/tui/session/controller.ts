/**
 * What a session screen drives. Live sessions (play, play-as-agent, watch) and replays
 * implement it; the screen reads both stores through selectors and calls these methods
 * from key actions. Methods a mode does not support are simply absent.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { NextSession } from '../../session/group.ts';
import type { IntentStatus, PermissionDecision } from '../../contracts/events.ts';
import type { HumanAgentAction } from '../../session/input-queue.ts';
import type { TimeToPass } from '../../session/protocol.ts';
import type { SessionStore } from '../../store/store.ts';
import type { BranchRow } from '../../fork/branches.ts';

export type { BranchRow };

export type SessionMode = 'play' | 'agent' | 'watch' | 'replay';

export interface ToolHint {
  name: string;
  description: string;
  /** The tool group (an app's tools: the app's name). */
  group?: string;
  /** Changes nothing: a proposal scenario's observe turn offers these (and propose, wait). */
  readOnly?: boolean;
  /** Offered while a proposal scenario's agent observes (read-only tools, propose and wait). */
  observes?: boolean;
  /**
   * `blank`: a value of the parameter's type its tool accepts (JSON text: `0`, `[]`, an enum's
   * first value). `fill`: sent as `""` it is not given, and enter asks for it (a path, an id, a token).
   */
  params: { name: string; required: boolean; blank?: string; fill?: boolean }[];
}

export interface ControlState {
  mode: SessionMode;
  /** A live session is in progress (quitting asks first). */
  running: boolean;
  paused: boolean;
  /** Watch mode: wait between agent turns, in ms. */
  delayMs: number;
  replay?: {
    turn: number;
    lastTurn: number;
    changeTurns: readonly number[];
    file: string;
    complete: boolean;
    /** The turns forks of this recording left from (beside it on disk). */
    forkTurns?: readonly number[];
    /** Its tree: the parent (for a fork) and the forks, each openable (`t`). */
    tree?: readonly BranchRow[];
  };
  /** Recordings written so far. */
  recordings: string[];
  /** Shown above the panes: e.g. that everything runs offline. */
  notice?: string;
  /** Agent mode: whether the person playing the agent may see the hidden intents and checklist. */
  revealIntents: boolean;
  /** Agent mode: the tools the agent has in this session. */
  tools: ToolHint[];
  /** A failure that stopped the run (shown, and printed at exit). */
  error?: string;
  /** Watch: a person took over the user; from then on they hold that seat. */
  takenOver?: boolean;
  /** Play: whether the person may set intent statuses by hand (`--no-overrides` turns it off, as a study would). */
  overrides?: boolean;
  /** Play, time scenarios: the session is dormant and waits for the person to let time pass. */
  waitingForTime?: TimeToPass;
  /** A session of a chain has ended and the next waits: the screen shows the result card. */
  between?: NextSession;
  /**
   * The run's last (or only) session has ended and its last turn was seen: the screen shows its
   * result card, with a summary of every session when the run had several (an episode, a chain).
   */
  finished?: FinishedRun;
  /** A session has started and waits on its opening card (title, persona, request) before its first turn. */
  opening?: boolean;
  /** Playing the agent: every file in the workspace now (refreshed as the session goes), as `list_dir` would show them. */
  workspaceFiles?: string[];
  /** A live fork: the recording it goes on from and the turn it left at (said on screen). */
  forkOf?: ForkLabel;
  /** A user study's participant plays: what they may see (no backends, and no verdicts unless allowed). */
  participant?: ParticipantView;
}

/** What the last result card calls the run: `episode researcher · Lin Chen's week`. */
export interface FinishedRun {
  name: string;
}

export interface ForkLabel {
  /** The parent recording's file name. */
  parent: string;
  turn: number;
}

/** What a study participant sees: their goals as a card or the live intents, and the judge's verdicts or not. */
export interface ParticipantView {
  intents: 'goals' | 'live';
  verdicts: boolean;
}

export interface SessionController {
  readonly store: SessionStore;
  readonly control: StoreApi<ControlState>;
  /** Stops a live run (recorded as aborted); a replay just closes. */
  quit(): void;
  togglePause?(): void;
  step?(): void;
  faster?(): void;
  slower?(): void;
  takeOver?(): void;
  /** Leaves the result card between two sessions of a chain: the next session starts. */
  continueChain?(): void;
  /** Leaves a session's opening card: its first turn runs. */
  begin?(): void;
  sendUser?(text: string, reveals: string[]): void;
  sendAgent?(action: HumanAgentAction): void;
  /** Playing the agent: the input a picked tool starts with, filled from what the session holds now. */
  toolTemplate?(tool: ToolHint): { text: string; cursor: number };
  /** Answers an external agent's permission request (acp agents). */
  answerPermission?(decision: PermissionDecision): void;
  override?(intent: string, to: IntentStatus): void;
  endSession?(): void;
  gradeNow?(): void;
  /** Play, time scenarios: let the simulated time pass to the next update. */
  passTime?(): void;
  goToTurn?(turn: number): void;
  /** Replay: the turns whose conversation holds `query` (ignoring case), ascending. */
  searchTurns?(query: string): number[];
  /** Replay, paused watch: a live session that goes on from the end of the turn on screen (a fork); undefined when it cannot. */
  fork?(): SessionController | undefined;
  /** Replay: the replay of a recording of its tree (a fork, or the parent), at the turn where they part. */
  openBranch?(row: BranchRow): SessionController | undefined;
  /** What the screen's body shows now: the panes on screen, or the card or overlay over them, and the layout (a study logs it as exposure). */
  screenShows?(parts: readonly string[], layout: string): void;
}
