/**
 * Runs one run group: its sessions in order over one workspace, memory and app state,
 * each with its own backends and its own recording.
 */
import { INTENTPLAY_VERSION } from '../config/package-info.ts';
import { scrubValue } from '../config/secrets.ts';
import { given } from '../contracts/optional.ts';
import type { ResolvedConfig } from '../config/config.ts';
import type { ToolRegistry } from '../tools/registry.ts';
import { createBackends, type BackendContext } from './backend-maker.ts';
import type { BackendSpec } from './backend-spec.ts';
import type { Backends } from '../contracts/backends.ts';
import { SessionRun, type SessionResult } from './engine.ts';
import type { Role, SessionEvent, TimedEvent } from '../contracts/events.ts';
import { createGroupEnv, seedSession } from './group-env.ts';
import type { HumanPorts } from './input-queue.ts';
import type { RunGroup } from './plan.ts';
import type { TimeToPass, WaitEnd } from './protocol.ts';
import type { LoadedScenario } from '../scenario/library.ts';
import {
  Recorder,
  recordingFileName,
  RECORDING_FORMAT,
  RECORDING_VERSION,
  type ForkLineage,
} from './recording.ts';

export interface GroupRunOptions {
  specs: Record<Role, BackendSpec>;
  config: ResolvedConfig;
  registry: ToolRegistry;
  /** Keep the workspace here instead of a temporary folder. */
  workspaceDir?: string;
  /** Where recordings go; null records nothing. */
  recordingsDir: string | null;
  repeat?: number;
  seed?: number;
  maxTurns?: number;
  signal?: AbortSignal;
  human?: HumanPorts;
  /** With `human`: an acp agent's permission requests are asked on screen (false: the policy decides, as in run). */
  askPermissions?: boolean;
  date?: string;
  pace?: (turn: number) => Promise<void>;
  /** Awaited before the simulated clock jumps while the user waits (time scenarios): play mode waits for a key or the person's message. */
  paceTime?: (next: TimeToPass) => Promise<WaitEnd>;
  /** Every event, timed, as it happens (the TUI and progress displays listen here). */
  onEvent?: (event: TimedEvent, session: SessionRun) => void;
  /** Called as each session starts, so a UI can reach its controls (override, end, abort). */
  onSession?: (run: SessionRun) => void;
  /**
   * Wraps each session's backends (watch mode's take-over swaps the user for a person mid-session;
   * a fork replays, building its own through the factory with the same context).
   */
  wrapBackends?: (
    backends: Backends,
    index: number,
    ctx: BackendContext,
  ) => Backends | Promise<Backends>;
  /** A fork (src/fork): only session `index` is recorded (to `file` when given) and its header names its parent. */
  fork?: {
    index: number;
    lineage: ForkLineage;
    file?: string;
    /** The engine's hook after each judged turn of that session: the fork goes live there. */
    turnJudged: (turn: number) => void;
  };
  /** A user study's frozen protocol for each session's recording header. */
  protocol?: (scenario: LoadedScenario, index: number) => Record<string, unknown>;
  /** Stamp every recorded event with the wall clock too (user studies). */
  wallClock?: boolean;
  /** Awaited after a session of a chain when another follows (the TUI shows its result card there). */
  betweenSessions?: (ended: SessionRunResult, next: NextSession) => Promise<void>;
}

/** The session of a chain that comes next (index counts from 0, of the chain's length). */
export interface NextSession {
  id: string;
  title: string;
  index: number;
  of: number;
}

export interface SessionRunResult extends SessionResult {
  persona: string;
  group: string;
  index: number;
  repeat: number;
  recording?: string;
  durationMs: number;
}

export async function runGroup(
  group: RunGroup,
  opts: GroupRunOptions,
): Promise<SessionRunResult[]> {
  const env = createGroupEnv(opts.registry, opts.workspaceDir);
  const of = group.of ?? group.sessions.length;
  const results: SessionRunResult[] = [];
  try {
    for (const [index, scenario] of group.sessions.entries()) {
      if (opts.signal?.aborted) break;
      const started = performance.now();
      seedSession(env, scenario);
      const persona = group.library.personas.get(scenario.persona);
      const fork = opts.fork?.index === index ? opts.fork : undefined;
      // A fork records only the session it continues: the ones before it are replayed to restore the state.
      const dir = opts.fork && !fork ? null : opts.recordingsDir;
      const file =
        fork?.file ?? (dir ? recordingFileName(dir, scenario.id, opts.repeat) : undefined);
      const ctx: BackendContext = {
        scenario,
        persona,
        config: opts.config,
        ...given({ human: opts.human }),
        ...(opts.human && opts.askPermissions !== false
          ? { permissions: opts.human.permission }
          : {}),
        // An external agent's stderr is kept beside the recording.
        ...(file ? { logFile: file.replace(/\.jsonl$/, '.agent.log') } : {}),
      };
      // One date for the whole session (told to the agent, recorded in the header for a fork).
      const date = opts.date ?? new Date().toISOString().slice(0, 10);
      const created = await createBackends(opts.specs, ctx);
      const backends = opts.wrapBackends ? await opts.wrapBackends(created, index, ctx) : created;
      const recorder = file
        ? new Recorder(
            file,
            {
              format: RECORDING_FORMAT,
              version: RECORDING_VERSION,
              scenario: scenario.id,
              persona: scenario.persona,
              title: scenario.title,
              ...(scenario.category ? { category: scenario.category } : {}),
              library: group.library.root,
              group: { id: group.id, kind: group.kind, index, of },
              backends: {
                agent: backends.agent.info,
                user: backends.user.info,
                judge: backends.judge.info,
              },
              started: new Date().toISOString(),
              date,
              seed: opts.seed ?? 0,
              ...(opts.repeat !== undefined ? { repeat: opts.repeat } : {}),
              writer: `intentplay ${INTENTPLAY_VERSION}`,
              ...(opts.protocol ? { protocol: opts.protocol(scenario, index) } : {}),
              ...given({ fork: fork?.lineage }),
            },
            { wallClock: Boolean(opts.wallClock) },
          )
        : undefined;
      const t0 = performance.now();
      const emit = (raw: SessionEvent) => {
        // The one point every event passes before it is recorded, printed or drawn: secrets are blanked here.
        const event = scrubValue(raw);
        const timed = recorder
          ? recorder.write(event)
          : ({ ...event, t: Math.round(performance.now() - t0) } as TimedEvent);
        // Events are emitted only while run() runs, after `run` is assigned.
        opts.onEvent?.(timed, run);
      };
      const run: SessionRun = new SessionRun({
        scenario,
        persona,
        backends,
        env,
        emit,
        index,
        of,
        ...given({
          maxTurns: opts.maxTurns,
          signal: opts.signal,
          pace: opts.pace,
          paceTime: opts.paceTime,
          date,
          turnJudged: fork?.turnJudged,
        }),
      });
      opts.onSession?.(run);
      let result: SessionResult;
      try {
        result = await run.run();
      } finally {
        recorder?.close();
        await backends.agent.close?.();
      }
      results.push({
        ...result,
        persona: scenario.persona,
        group: group.id,
        index,
        repeat: opts.repeat ?? 0,
        ...(recorder ? { recording: recorder.path } : {}),
        durationMs: Math.round(performance.now() - started),
      });
      if (result.end === 'aborted') break;
      const next = group.sessions[index + 1];
      if (next && opts.betweenSessions && !opts.signal?.aborted)
        await opts.betweenSessions(results.at(-1)!, {
          id: next.id,
          title: next.title,
          index: index + 1,
          of: group.sessions.length,
        });
    }
  } finally {
    if (!opts.workspaceDir) env.workspace.dispose();
  }
  return results;
}
