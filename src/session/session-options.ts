/** What a session is started with, and what it ends with. */
import type { LoadedPersona, LoadedScenario } from '../scenario/library.ts';
import type { Backends } from '../contracts/backends.ts';
import type { EventSink, Scores, SessionEnd } from '../contracts/events.ts';
import type { GroupEnv } from './group-env.ts';
import type { TimeToPass, WaitEnd } from './protocol.ts';

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
  /** Awaited before the simulated clock jumps while the user waits (time scenarios), after the pace: a person playing the user waits for a key or speaks. */
  paceTime?: (next: TimeToPass) => Promise<WaitEnd>;
  /** Called when a turn is judged (stage 1 and the checklist's ticks), before the protocol's step: a fork goes live here. */
  turnJudged?: (turn: number) => void;
}

export interface SessionResult {
  scenario: string;
  end: SessionEnd;
  message?: string;
  scores: Scores;
}
