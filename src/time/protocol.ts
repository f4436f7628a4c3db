/**
 * The time protocol (docs/time.md): π-Bench's conversation on a simulated clock, beside an
 * environment that changes while the user waits.
 *
 * 1. After a turn with no intent open, the session goes dormant instead of ending while an
 *    intent is pending, or an update is still to come and something can wake the agent.
 * 2. While dormant the clock jumps to the next update or due time reminder. An active
 *    reminder (or an update's own push) wakes the agent with a monitor observation.
 * 3. A woken turn with an empty reply (or keep_silent) keeps silent; any other reply is a
 *    follow-up: it reaches the user, and opens the intents waiting for a follow-up on that
 *    update (superseding what they name); the user reveals them at once.
 * 4. With no update left, pending intents become unresolved and the session ends.
 */
import { diffApps } from '../apps/diff.ts';
import type { IntentSpec } from '../scenario/schema.ts';
import { ChatProtocol, EndRequested } from '../session/chat-protocol.ts';
import type { IntentStatus, StatusCause, TimeInfo, TimeScores, UpdateVerdict } from '../contracts/events.ts';
import type { Incoming, Next, SessionCore, SessionProtocol, TurnResult } from '../session/protocol.ts';
import type { ToolContext, ToolDef } from '../tools/registry.ts';
import { describeDuration, DEFAULT_TURN } from '../sim/clock.ts';
import { timeScores } from './scores.ts';
import { ENVIRONMENT_QUERY_PLACEHOLDER, environmentToolFor } from './tools.ts';
import { pushesToAgent, scheduleOf, TimeWorld } from './world.ts';

export class TimeProtocol implements SessionProtocol {
  private readonly chat: ChatProtocol;
  readonly world: TimeWorld;
  readonly info: TimeInfo;
  /** Verdicts of updates with an `expect`, in the order they were decided. */
  private readonly verdicts = new Map<string, UpdateVerdict>();
  /** Updates that happened and have not been decided yet (unseen, or waiting for a time reminder). */
  private undecided: string[] = [];

  constructor(private readonly core: SessionCore) {
    this.chat = new ChatProtocol(core);
    const s = core.scenario;
    this.world = new TimeWorld(
      s,
      (e) => core.emit(e),
      () => core.turn,
    );
    const clock = this.world.clock;
    this.info = {
      start: clock.iso(),
      turn: s.clock?.turn ?? DEFAULT_TURN,
      ...(s.environment ? { environment: s.environment.name } : {}),
      updates: scheduleOf(s, clock.startMs).map(({ spec, at }) => ({
        id: spec.id,
        at: clock.iso(at),
        text: spec.text,
        ...(spec.expect ? { expect: spec.expect } : {}),
        notify: spec.notify ?? 'none',
      })),
      ...(s.expect_status ? { expectStatus: s.expect_status } : {}),
    };
  }

  initialStatus(intent: IntentSpec): IntentStatus {
    return intent.after ? 'pending' : 'open';
  }

  pendingDetail(intent: IntentSpec): string {
    return `waits for a follow-up on ${intent.after?.follow_up}`;
  }

  extendTools(ctx: ToolContext, tools: ToolDef[]): ToolDef[] {
    ctx.time = this.world;
    return tools.map((t) => (t.name === ENVIRONMENT_QUERY_PLACEHOLDER ? environmentToolFor(t, this.world) : t));
  }

  beforeTurn(): { at: string } {
    this.world.silenced = false;
    return { at: this.world.clock.iso() };
  }

  agentTime(incoming: Incoming): { now: string; woken: boolean } {
    return { now: this.world.clock.iso(), woken: incoming.kind === 'monitor' };
  }

  async afterTurn(t: TurnResult): Promise<Next> {
    this.world.clock.advanceBy(this.world.clock.turnMs);
    if (t.incoming.kind === 'monitor') return this.afterWokenTurn(t, t.incoming.update);
    const next = await this.chat.afterTurn(t);
    if (next.kind === 'continue') return next;
    if (next.end === 'max_turns') {
      this.unresolvePending('max_turns', `still pending after ${this.core.maxTurns} agent turns`);
      return next;
    }
    return this.dormant();
  }

  /** Rule 3: silence or a follow-up, and an intention shift when the follow-up opens intents. */
  private async afterWokenTurn(t: TurnResult, update: string | undefined): Promise<Next> {
    const core = this.core;
    const silent = this.world.silenced || t.reply.trim() === '';
    core.emit({ type: 'wake_choice', turn: t.turn, ...(update ? { update } : {}), choice: silent ? 'keep_silent' : 'follow_up' });
    if (update) this.decide(update, silent ? 'keep_silent' : 'follow_up');
    if (silent || !update) return this.dormant();
    const opened = core.scenario.intents.filter((i) => core.statusOf(i.id) === 'pending' && i.after?.follow_up === update);
    if (!opened.length) return this.dormant();
    for (const i of opened) {
      core.setStatus(i.id, 'open', 'follow_up', `the follow-up on ${update} opened it`);
      for (const old of i.supersedes ?? []) core.setStatus(old, 'superseded', 'superseded', `replaced by ${i.id}`);
    }
    // The follow-up itself may already meet the shifted need.
    const v = await core.assess(t.evidence, opened);
    for (const c of v.completed) if (core.statusOf(c.intent) === 'open') core.setStatus(c.intent, 'completed', 'evidence', c.evidence);
    const left = opened.filter((i) => core.statusOf(i.id) === 'open');
    if (!left.length) return this.dormant();
    for (const i of left) core.setStatus(i.id, 'provided', 'follow_up', 'the user reveals it right after the follow-up');
    return { kind: 'continue', incoming: await this.chat.handOff(left, 'shift') };
  }

  /** Rules 1, 2 and 4: wait for the world, or end. */
  private async dormant(): Promise<Next> {
    const core = this.core;
    const w = this.world;
    if (core.endRequested) throw new EndRequested();
    if (core.turn >= core.maxTurns) {
      this.unresolvePending('max_turns', `still pending after ${core.maxTurns} agent turns`);
      return { kind: 'end', end: 'max_turns' };
    }
    for (;;) {
      const pending = core.scenario.intents.some((i) => core.statusOf(i.id) === 'pending');
      if (!w.updatesLeft) {
        this.unresolvePending('updates_exhausted', 'no update was left to follow up on');
        return { kind: 'end', end: 'resolved' };
      }
      if (!pending && !w.hasActiveReminder() && !w.hasPushLeft()) return { kind: 'end', end: 'resolved' };
      const ev = w.nextEvent()!;
      const at = ev.kind === 'update' ? ev.update.at : ev.at;
      await core.waitForTime({ at: w.clock.iso(at), passed: describeDuration(at - w.clock.now) });
      if (core.endRequested) throw new EndRequested();
      const from = w.clock.iso();
      const moved = w.clock.advanceTo(at);
      if (moved > 0) core.emit({ type: 'clock', turn: core.turn, from, to: w.clock.iso(), passed: describeDuration(moved) });

      if (ev.kind === 'reminder') {
        w.fire(ev.reminder);
        const update = this.takeLatestUndecided();
        core.emit({
          type: 'wake',
          turn: core.turn,
          at: w.clock.iso(),
          ...(update ? { update } : {}),
          reminders: [ev.reminder.id],
          pushed: false,
        });
        return this.wake(`Reminder (${ev.reminder.id}): ${ev.reminder.note}`, update, [ev.reminder.id]);
      }

      const u = w.applyNext();
      if (u.spec.apps) {
        const before = core.env.apps.snapshot();
        core.env.apps.arrive(u.spec.apps);
        const apps = diffApps(before, core.env.apps.snapshot());
        if (apps.length) core.emit({ type: 'app_diff', turn: core.turn, apps });
      }
      const watching = w.watching();
      const pushed = pushesToAgent(u.spec);
      const seen = watching.length > 0 || pushed;
      core.emit({
        type: 'update',
        turn: core.turn,
        update: u.spec.id,
        at: w.clock.iso(),
        text: u.spec.text,
        seen,
        pushed: u.spec.notify ?? 'none',
      });
      this.undecided.push(u.spec.id);
      if (!seen) continue;
      for (const r of watching) w.fire(r);
      const update = this.takeLatestUndecided();
      core.emit({
        type: 'wake',
        turn: core.turn,
        at: w.clock.iso(),
        ...(update ? { update } : {}),
        reminders: watching.map((r) => r.id),
        pushed,
      });
      const note = watching.length ? `\n(${watching.map((r) => `reminder ${r.id}: ${r.note}`).join('; ')})` : '';
      return this.wake(
        `${u.spec.text}${note}`,
        update,
        watching.map((r) => r.id),
      );
    }
  }

  private wake(text: string, update: string | undefined, reminders: string[]): Next {
    return {
      kind: 'continue',
      incoming: { kind: 'monitor', turn: this.core.turn + 1, text, at: this.world.clock.iso(), ...(update ? { update } : {}), reminders },
    };
  }

  /** The newest update not yet decided is the one a wake is about; older ones went by unseen. */
  private takeLatestUndecided(): string | undefined {
    const latest = this.undecided.pop();
    for (const id of this.undecided) this.decide(id, 'unseen');
    this.undecided = [];
    return latest;
  }

  private decide(updateId: string, choice: 'follow_up' | 'keep_silent' | 'unseen'): void {
    if (this.verdicts.has(updateId)) return;
    const spec = this.core.scenario.environment?.updates?.find((u) => u.id === updateId);
    if (!spec?.expect) return;
    const verdict: UpdateVerdict =
      spec.expect === 'follow_up'
        ? choice === 'follow_up'
          ? 'hit'
          : 'missed'
        : choice === 'follow_up'
          ? 'false'
          : choice === 'keep_silent'
            ? 'kept'
            : 'unwatched';
    this.verdicts.set(updateId, verdict);
    this.core.emit({ type: 'update_verdict', turn: this.core.turn, update: updateId, expect: spec.expect, verdict });
  }

  private unresolvePending(cause: StatusCause, detail: string): void {
    for (const i of this.core.scenario.intents)
      if (this.core.statusOf(i.id) === 'pending') this.core.setStatus(i.id, 'unresolved', cause, detail);
  }

  finish(): void {
    this.unresolvePending('updates_exhausted', 'still pending when the session ended');
    // Updates that never reached the agent, and those still to come, count as unseen.
    for (const id of this.undecided) this.decide(id, 'unseen');
    this.undecided = [];
    for (const u of this.core.scenario.environment?.updates ?? []) this.decide(u.id, 'unseen');
  }

  scores(): { time?: TimeScores } {
    const s = this.core.scenario;
    if (!s.environment?.updates?.length) return {};
    return { time: timeScores(s, this.verdicts, this.world.taskStatus) };
  }
}
