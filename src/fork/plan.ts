/**
 * A fork, as options for runGroup (docs/explore.md): the run group up to the parent's session,
 * the sessions before it replayed whole, the parent's own turns replayed up to the fork turn, then
 * the live backends. Every event replayed is checked against the recording as it comes: a
 * difference stops the fork with what differed, so a fork is exact or is not made.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Backends } from '../contracts/backends.ts';
import { EPHEMERAL_EVENTS, type SessionEvent, type TimedEvent } from '../contracts/events.ts';
import { given } from '../contracts/optional.ts';
import type { BackendContext } from '../session/backend-maker.ts';
import type { GroupRunOptions } from '../session/group.ts';
import type { RunGroup } from '../session/plan.ts';
import type { WaitEnd } from '../session/protocol.ts';
import type { ForkLineage, Recording } from '../session/recording.ts';
import { ForkError } from './errors.ts';
import { BACKEND_EVENTS, replayBackends } from './recorded.ts';
import type { ForkSource } from './source.ts';
import { ForkSwitch } from './switch.ts';

export interface ForkRequest {
  source: ForkSource;
  /** The user's message of turn N+1, rewritten (`--edit-user`). */
  editUser?: string;
  /** Where the fork's recording goes (its parent is named relative to its folder). */
  file: string;
}

/** What a replayed event is compared on: not its time, nor the backends a session_start names. */
function comparable(e: SessionEvent | TimedEvent): Record<string, unknown> {
  const { t: _t, wall: _w, ...rest } = e as TimedEvent;
  if (rest.type === 'session_start') {
    const { backends: _b, ...start } = rest;
    return start;
  }
  return rest;
}

/**
 * Whether a replayed event is the one recorded. A recording made before a proposal's verdict
 * opened its own turn carries the proposal's turn on it (one less): the same verdict, at the same
 * place in the session, so the state it leaves is the same and the fork is still exact.
 */
function sameEvent(want: TimedEvent, got: TimedEvent): boolean {
  const recorded = comparable(want);
  const replayed = comparable(got);
  if (isDeepStrictEqual(recorded, replayed)) return true;
  return (
    want.type === 'proposal_verdict' &&
    got.type === 'proposal_verdict' &&
    want.turn === got.turn - 1 &&
    isDeepStrictEqual({ ...recorded, turn: got.turn }, replayed)
  );
}

function checked(events: readonly TimedEvent[]): TimedEvent[] {
  return events.filter((e) => !BACKEND_EVENTS.has(e.type) && !EPHEMERAL_EVENTS.has(e.type));
}

/** An event as a refusal quotes it: its JSON, cut. */
function short(e: unknown): string {
  const text = JSON.stringify(e);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/** Why the fork is refused where a replayed event differs from the recorded one. */
function differed(where: string, got: TimedEvent, want: TimedEvent): string {
  const turn = 'turn' in got ? ` at turn ${got.turn}` : '';
  // A wait its user cut short by speaking, replayed by a caller that let time pass instead.
  if (want.type === 'turn_start' && got.type === 'clock')
    return `${where}: at turn ${got.turn} its user spoke while waiting for time, and this replay let the time pass instead, so the state cannot be restored exactly`;
  return `${where}: replaying it gave a different ${got.type}${turn} than it recorded (recorded ${short(comparable(want))}, replayed ${short(comparable(got))}); the scenario or intentplay changed since, so the state cannot be restored exactly`;
}

export class ForkPlan {
  readonly group: RunGroup;
  readonly lineage: ForkLineage;
  private readonly sessions: Recording[];
  private readonly abort = new AbortController();
  private problem: string | undefined;
  private switch: ForkSwitch | undefined;
  /** Where the recording replayed was itself forked: its backends hand over there. */
  private handOvers: { turn: number; handOver: ForkSwitch }[] = [];
  /** The session being run (index in the group) and the events of it checked so far. */
  private index = -1;
  private seen = 0;
  private expected: TimedEvent[] = [];

  constructor(readonly request: ForkRequest) {
    const { source } = request;
    this.group = source.group;
    this.sessions = [...source.prior, source.parent];
    this.lineage = {
      parent: path.relative(
        path.dirname(path.resolve(request.file)),
        path.resolve(source.parent.file),
      ),
      turn: source.turn,
      ...given({ editUser: request.editUser }),
    };
  }

  /** The index of the session the fork continues. */
  get target(): number {
    return this.sessions.length - 1;
  }

  /** True once the fork plays live (after the fork turn was judged). */
  get live(): boolean {
    return Boolean(this.switch?.goneLive);
  }

  /** The options runGroup needs for the fork (the caller adds its own: signal, pace, onEvent...). */
  options(signal?: AbortSignal): Partial<GroupRunOptions> & { signal: AbortSignal } {
    const { parent } = this.request.source;
    const start = parent.events.find((e) => e.type === 'session_start');
    const scenario = this.group.sessions[this.target]!;
    const own = scenario.limits?.max_turns;
    const maxTurns = start?.type === 'session_start' ? start.maxTurns : undefined;
    // The date its agent was told; an older recording's is the day it started.
    const day = parent.header.date ?? /^\d{4}-\d{2}-\d{2}/.exec(parent.header.started)?.[0];
    return {
      signal: signal ? AbortSignal.any([signal, this.abort.signal]) : this.abort.signal,
      seed: parent.header.seed,
      ...given({ repeat: parent.header.repeat, date: day }),
      // A --max-turns override applied to every session of the parent's run.
      ...(maxTurns !== undefined && maxTurns !== own ? { maxTurns } : {}),
      wrapBackends: (live, index, ctx) => this.backendsFor(live, index, ctx),
      fork: {
        index: this.target,
        lineage: this.lineage,
        file: this.request.file,
        turnJudged: (turn) => {
          for (const h of this.handOvers) if (h.turn === turn) h.handOver.goLive();
          if (turn === this.request.source.turn) this.switch?.goLive();
        },
      },
    };
  }

  private async backendsFor(live: Backends, index: number, ctx: BackendContext): Promise<Backends> {
    const recording = this.sessions[index]!;
    // A recording that is itself a fork hands over between its own backends at its fork turns.
    const prefix = await replayBackends(recording, ctx, (turn, handOver) =>
      this.handOvers.push({ turn, handOver }),
    );
    if (index < this.target) {
      // The live agent never plays a session before the fork's: free what it holds.
      void live.agent.close?.();
      return prefix;
    }
    this.switch = new ForkSwitch(prefix, live, this.request.editUser);
    if (this.request.source.turn === 0) this.switch.goLive();
    return this.switch.backends;
  }

  /**
   * Every event of the run, as it happens: a replayed one is checked against the recording.
   * Returns whether the event belongs to the session the fork continues (what a screen shows).
   */
  readonly observe = (event: TimedEvent): boolean => {
    if (event.type === 'session_start') {
      this.index++;
      this.seen = 0;
      this.expected = checked(this.sessions[this.index]?.events ?? []);
    }
    const target = this.index === this.target;
    if (this.problem || (target && this.live)) return target;
    if (BACKEND_EVENTS.has(event.type) || EPHEMERAL_EVENTS.has(event.type)) return target;
    const want = this.expected[this.seen++];
    if (!want || !sameEvent(want, event)) this.fail(event, want);
    return target;
  };

  private fail(got: TimedEvent, want: TimedEvent | undefined): void {
    const where = path.basename(this.sessions[this.index]?.file ?? '');
    const turn = 'turn' in got ? ` at turn ${got.turn}` : '';
    this.problem = want
      ? differed(where, got, want)
      : `${where}: replaying it went on past its end (${got.type}${turn}); the state cannot be restored exactly`;
    this.abort.abort(new ForkError(this.problem));
  }

  /**
   * Time scenarios: how a wait the recording replays ended. A person (or a model user) who spoke
   * while time would have passed started the next turn at once: the recording goes on with that
   * turn, where a wait that let time pass goes on with the clock, an update or a reminder.
   */
  replayedWait(): Promise<WaitEnd> {
    const next = this.expected[this.seen];
    return Promise.resolve(next?.type === 'turn_start' ? 'user_speaks' : 'time_passes');
  }

  /** After the run: why the fork is not exact, when it is not. */
  check(): void {
    const problem =
      this.problem ??
      (this.switch?.editPending
        ? `--edit-user: turn ${this.request.source.turn + 1} did not start with a message of the user to replace`
        : undefined);
    if (!problem) return;
    // A fork that is not exact is not kept.
    rmSync(this.request.file, { force: true });
    throw new ForkError(problem);
  }
}
