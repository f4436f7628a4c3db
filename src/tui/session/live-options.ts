/**
 * What a live session is started with (play, play-as-agent, watch, a fork, a study's session)
 * and the seats each mode gives a person. Apart from live.ts so the command line can check a
 * mode's seats (stage.ts) without loading the session.
 */
import type { SessionSetup } from '../../session/setup.ts';
import type { BackendSpec } from '../../session/backend-spec.ts';
import type { Role, TimedEvent } from '../../contracts/events.ts';
import type { RunGroup } from '../../session/plan.ts';
import type { LoadedScenario } from '../../scenario/library.ts';
import { UserError } from '../../contracts/diagnostics.ts';
import type { ForkRequest } from '../../fork/plan.ts';
import type { ParticipantView, SessionMode } from './controller.ts';

export interface LiveOptions {
  groups: RunGroup[];
  setup: SessionSetup;
  mode: Exclude<SessionMode, 'replay'>;
  /** Watch: wait between agent turns (ms). */
  delayMs?: number;
  /** Watch: start paused. */
  paused?: boolean;
  revealIntents?: boolean;
  /** Play: whether statuses may be set by hand (default true). */
  overrides?: boolean;
  recordingsDir?: string;
  maxTurns?: number;
  workspaceDir?: string;
  /** Fixed date for the agent (tests). */
  date?: string;
  /** Every event as it happens (the plain transcript listens here). */
  onEvent?: (event: TimedEvent) => void;
  /** False where no one can answer (watch --plain): an acp agent's permission requests follow the policy, as in run. */
  askPermissions?: boolean;
  /** Whether each session opens on its card (default true; a plain transcript has no screen to show it on). */
  openingCard?: boolean;
  /** Watch: paces turns instead of this session's own pacer (side by side, presentation). */
  pace?: (turn: number) => Promise<void>;
  /** With `pace`: what happens between two sessions of a chain (side by side: wait for the other side). */
  between?: () => Promise<void>;
  /** A user study: the participant's view (no notice naming the backends either). */
  participant?: ParticipantView;
  /** A user study: the frozen protocol for each recording's header; with it every event also gets the wall clock. */
  protocol?: (scenario: LoadedScenario, index: number) => Record<string, unknown>;
  /** A fork (docs/explore.md): the turns before it are replayed at once, unseen but for the session it continues; `groups` is not used. */
  fork?: ForkRequest | Promise<ForkRequest>;
}

/** The backends a mode needs: play makes the person the user, unless they play the agent. */
export function modeSpecs(
  mode: LiveOptions['mode'],
  specs: Record<Role, BackendSpec>,
): Record<Role, BackendSpec> {
  if (mode === 'play') return { ...specs, user: { kind: 'human' } };
  if (mode === 'agent') {
    if (specs.user.kind === 'human')
      throw new UserError('a person can play the agent or the user, not both: drop --user human');
    return { ...specs, agent: { kind: 'human' } };
  }
  if (specs.agent.kind === 'human' || specs.user.kind === 'human')
    throw new UserError('watch runs by itself: use `intentplay play` to play a role');
  return specs;
}

/**
 * Playing the user against a script: said on screen, since the agent will not read what the
 * person types. `agent`: the session's agent (its script named as the status bar names it, once
 * the session has chosen it: the scenario's first reference when none was asked for).
 */
export function scriptedNotice(
  mode: string,
  agent: { kind: string; name?: string | undefined },
): string | undefined {
  if (mode !== 'play' || agent.kind !== 'script') return undefined;
  const name = agent.name ? `script:${agent.name}` : 'script';
  return `The agent is ${name}, a script (not a model): it will not read what you type. For real play: --agent openai, or --agent human to be the agent.`;
}
