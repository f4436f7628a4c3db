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
 *    A person playing the user may speak instead of letting time pass: the agent answers them.
 * 4. With no update left, pending intents become unresolved and the session ends.
 * 5. A follow-up on an update that expects one, leaving no intent open or pending, meets every
 *    need: the user thanks (or refuses), the agent answers once more, and the session ends.
 * 6. After every response the task status is checked against the expected one (measures.ts).
 */
import { diffApps } from '../apps/diff.ts';
import type { IntentSpec } from '../scenario/schema.ts';
import { ChatProtocol, EndRequested } from '../session/chat-protocol.ts';
import type {
  IntentStatus,
  StatusCause,
  TimeInfo,
  TimeScores,
  UpdateVerdict,
} from '../contracts/events.ts';
import type {
  Incoming,
  Next,
  SessionCore,
  SessionProtocol,
  TurnResult,
} from '../session/protocol.ts';
import type { ToolContext, ToolDef } from '../tools/registry.ts';
import { describeDuration, DEFAULT_TURN } from '../sim/clock.ts';
import { ResponseLedger, shapeOf, type Decision, type ReplyTo } from './measures.ts';
import { readRefusal, type RefusalNotice } from './refusal.ts';
import { timeScores, type SessionOutcome } from './scores.ts';
import { ENVIRONMENT_QUERY_PLACEHOLDER, environmentToolFor } from './tools.ts';
import { pushesToAgent, scheduleOf, TimeWorld } from '../sim/world.ts';

/** An update's verdict by what it expected and what the agent did (or whether it saw the update at all). */
const VERDICTS: Record<
  'follow_up' | 'keep_silent',
  Record<'follow_up' | 'keep_silent' | 'unseen', UpdateVerdict>
> = {
  follow_up: { follow_up: 'hit', keep_silent: 'missed', unseen: 'missed' },
  keep_silent: { follow_up: 'false', keep_silent: 'kept', unseen: 'unwatched' },
};

export class TimeProtocol implements SessionProtocol {
  private readonly chat: ChatProtocol;
  readonly world: TimeWorld;
  readonly info: TimeInfo;
  /** Verdicts of updates with an `expect`, in the order they were decided. */
  private readonly verdicts = new Map<string, UpdateVerdict>();
  readonly ledger: ResponseLedger;
  private tools = new Map<string, ToolDef>();
  /** The user's message that starts the next turn, when rule 6 names it (thanks, refusal, shift). */
  private replyTo: { turn: number; kind: ReplyTo } | undefined;
  /** The notice of a refusal read in the user's next message, recorded right after that message. */
  private refusalNotice: RefusalNotice | undefined;
  /** The agent's last reply: what a message the user sends while waiting answers. */
  private lastReply = '';
  /** How the protocol ended the session; undefined while it runs (or when something else ended it). */
  private outcome: SessionOutcome | undefined;

  constructor(private readonly core: SessionCore) {
    this.chat = new ChatProtocol(core);
    const s = core.scenario;
    this.world = new TimeWorld(
      s,
      (e) => core.emit(e),
      () => core.turn,
    );
    const shape = shapeOf(s);
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
      // The final status a good agent ends with, for the person watching (scored scenarios only).
      ...(s.environment?.updates?.some((u) => u.expect) ? { expectStatus: shape.finalStatus } : {}),
    };
    const queryTool = s.environment ? `query_${s.environment.name}` : undefined;
    this.ledger = new ResponseLedger(shape, queryTool, () => this.tools);
  }

  initialStatus(intent: IntentSpec): IntentStatus {
    return intent.after ? 'pending' : 'open';
  }

  pendingDetail(intent: IntentSpec): string {
    return `waits for a follow-up on ${intent.after?.follow_up}`;
  }

  extendTools(ctx: ToolContext, tools: ToolDef[]): ToolDef[] {
    ctx.time = this.world;
    const out = tools.map((t) =>
      t.name === ENVIRONMENT_QUERY_PLACEHOLDER ? environmentToolFor(t, this.world) : t,
    );
    this.tools = new Map(out.map((t) => [t.name, t]));
    return out;
  }

  beforeTurn(): { at: string } {
    this.world.silenced = false;
    return { at: this.world.clock.iso() };
  }

  /** A refusal's notice follows the user's message it was read in. */
  delivered(): void {
    if (this.refusalNotice) this.core.emit(this.refusalNotice);
    this.refusalNotice = undefined;
  }

  agentTime(incoming: Incoming): { now: string; woken: boolean } {
    return { now: this.world.clock.iso(), woken: incoming.kind === 'monitor' };
  }

  async afterTurn(t: TurnResult): Promise<Next> {
    this.lastReply = t.reply;
    this.world.clock.advanceBy(this.world.clock.turnMs);
    const replyTo = this.replyTo?.turn === t.turn ? this.replyTo.kind : undefined;
    const decision = t.incoming.kind === 'monitor' ? this.decisionOf(t) : undefined;
    this.ledger.record({
      turn: t.turn,
      fromUser: t.incoming.kind !== 'monitor',
      replyTo,
      calls: t.evidence.toolCalls,
      decision,
      status: this.world.taskStatus,
    });
    if (replyTo === 'thanks' || replyTo === 'refuse')
      return this.end('resolved', true, replyTo === 'refuse');
    if (t.incoming.kind === 'monitor') return this.afterWokenTurn(t, t.incoming.update, decision!);
    const next = await this.chat.afterTurn(t);
    if (next.kind === 'continue') return this.handedOn(next.incoming, undefined, t.reply);
    if (next.end === 'max_turns') {
      this.unresolvePending('max_turns', `still pending after ${this.core.maxTurns} agent turns`);
      return this.end('max_turns');
    }
    return this.dormant();
  }

  /** A woken turn keeps silent (an empty reply, or keep_silent()) or follows up. */
  private decisionOf(t: TurnResult): Decision {
    const silent = this.world.silenced || t.reply.trim() === '';
    const update = t.incoming.kind === 'monitor' ? t.incoming.update : undefined;
    const expect = update ? this.specOf(update)?.expect : undefined;
    return { expect, choice: silent ? 'keep_silent' : 'follow_up' };
  }

  /** Rule 3: silence or a follow-up, an intention shift when it opens intents; rule 5: thanks when it meets every need. */
  private async afterWokenTurn(
    t: TurnResult,
    update: string | undefined,
    d: Decision,
  ): Promise<Next> {
    const core = this.core;
    core.emit({
      type: 'wake_choice',
      turn: t.turn,
      ...(update ? { update } : {}),
      choice: d.choice,
    });
    if (update) this.decide(update, d.choice);
    // keep_silent() wins over the words: the turn is silent, and the words after it are flagged, not sent on.
    if (this.world.silenced && t.reply.trim())
      core.emit({
        type: 'notice',
        turn: t.turn,
        level: 'warning',
        text: 'the agent called keep_silent and still replied: the turn counts as silent, and its reply is not a follow-up',
      });
    // After a false follow-up the user stays quiet, as after any follow-up that opens nothing.
    if (d.choice === 'keep_silent' || !update || d.expect === 'keep_silent') return this.dormant();
    const opened = core.scenario.intents.filter(
      (i) => core.statusOf(i.id) === 'pending' && i.after?.follow_up === update,
    );
    for (const i of opened) {
      core.setStatus(i.id, 'open', 'follow_up', `the follow-up on ${update} opened it`);
      for (const old of i.supersedes ?? [])
        core.setStatus(old, 'superseded', 'superseded', `replaced by ${i.id}`);
    }
    // The follow-up itself may already meet the shifted need.
    if (opened.length) {
      const v = await core.assess(t.evidence, opened);
      for (const c of v.completed)
        if (core.statusOf(c.intent) === 'open')
          core.setStatus(c.intent, 'completed', 'evidence', c.evidence);
    }
    const left = opened.filter((i) => core.statusOf(i.id) === 'open');
    const everyNeedMet = d.expect === 'follow_up' && !left.length && !this.anyPending();
    if ((left.length || everyNeedMet) && t.turn >= core.maxTurns) {
      // The user's message would start a turn past the limit.
      for (const i of left)
        core.setStatus(
          i.id,
          'unresolved',
          'max_turns',
          `still open after ${core.maxTurns} agent turns`,
        );
      this.unresolvePending('max_turns', `still pending after ${core.maxTurns} agent turns`);
      return this.end('max_turns');
    }
    if (left.length) {
      for (const i of left)
        core.providedByNextMessage(
          i.id,
          'follow_up',
          'the user reveals it right after the follow-up',
        );
      return this.handedOn(await this.chat.handOff(left, 'shift'), 'shift', t.reply);
    }
    if (!everyNeedMet) return this.dormant();
    const reason = core.scenario.refuse ? 'refuse' : 'thanks';
    return this.handedOn(await this.chat.handOff([], reason), reason, t.reply);
  }

  /** The user's message starts the next turn; a person's or model user's may refuse the task in any words. */
  private async handedOn(incoming: Incoming, kind: ReplyTo, agentReply: string): Promise<Next> {
    const freeWords = incoming.kind === 'user' && this.core.backends.user.info.kind !== 'rules';
    this.refusalNotice =
      kind !== 'refuse' && freeWords
        ? await readRefusal(this.core, incoming.turn, incoming.text, agentReply)
        : undefined;
    const k = this.refusalNotice ? 'refuse' : kind;
    this.replyTo = k ? { turn: incoming.turn, kind: k } : undefined;
    return { kind: 'continue', incoming };
  }

  private end(end: 'resolved' | 'max_turns', thanked = false, refused = false): Next {
    this.outcome = { end, thanked, refused };
    return { kind: 'end', end };
  }

  private anyPending(): boolean {
    return this.core.scenario.intents.some((i) => this.core.statusOf(i.id) === 'pending');
  }

  private specOf(updateId: string) {
    return this.core.scenario.environment?.updates?.find((u) => u.id === updateId);
  }

  /** Rules 1, 2 and 4: wait for the world, or end. */
  private async dormant(): Promise<Next> {
    const core = this.core;
    const w = this.world;
    if (core.endRequested) throw new EndRequested();
    if (core.turn >= core.maxTurns) {
      this.unresolvePending('max_turns', `still pending after ${core.maxTurns} agent turns`);
      return this.end('max_turns');
    }
    for (;;) {
      if (!w.updatesLeft) {
        this.unresolvePending('updates_exhausted', 'no update was left to follow up on');
        return this.end('resolved');
      }
      if (!this.anyPending() && !w.hasActiveReminder() && !w.hasPushLeft())
        return this.end('resolved');
      const ev = w.nextEvent()!;
      const at = ev.kind === 'update' ? ev.update.at : ev.at;
      const waited = await core.waitForTime({
        from: w.clock.iso(),
        at: w.clock.iso(at),
        passed: describeDuration(at - w.clock.now),
      });
      if (core.endRequested) throw new EndRequested();
      // A person playing the user may speak while they wait: their message starts the next turn, now.
      if (waited === 'user_speaks')
        return this.handedOn(await this.chat.handOff([], 'none'), undefined, this.lastReply);
      const from = w.clock.iso();
      const moved = w.clock.advanceTo(at);
      if (moved > 0)
        core.emit({
          type: 'clock',
          turn: core.turn,
          from,
          to: w.clock.iso(),
          passed: describeDuration(moved),
        });

      if (ev.kind === 'reminder') {
        // A time reminder alone wakes the agent with its note: it is about no update (one
        // that went by unseen earlier stays unseen).
        w.fire(ev.reminder);
        core.emit({
          type: 'wake',
          turn: core.turn,
          at: w.clock.iso(),
          reminders: [ev.reminder.id],
          pushed: false,
        });
        return this.wake(`Reminder (${ev.reminder.id}): ${ev.reminder.note}`, undefined, [
          ev.reminder.id,
        ]);
      }

      const u = w.applyNext();
      if (u.spec.apps) {
        const before = core.env.apps.snapshot();
        core.env.apps.arrive(u.spec.apps);
        const apps = diffApps(before, core.env.apps.snapshot());
        if (apps.length) core.emit({ type: 'app_diff', turn: core.turn, apps });
      }
      this.ledger.worldChanged();
      // Condition reminders, and a time reminder due at this very moment, watch the update.
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
      if (!seen) {
        this.decide(u.spec.id, 'unseen');
        continue;
      }
      for (const r of watching) w.fire(r);
      const update = u.spec.id;
      core.emit({
        type: 'wake',
        turn: core.turn,
        at: w.clock.iso(),
        update,
        reminders: watching.map((r) => r.id),
        pushed,
      });
      const note = watching.length
        ? `\n(${watching.map((r) => `reminder ${r.id}: ${r.note}`).join('; ')})`
        : '';
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
      incoming: {
        kind: 'monitor',
        turn: this.core.turn + 1,
        text,
        at: this.world.clock.iso(),
        ...(update ? { update } : {}),
        reminders,
      },
    };
  }

  private decide(updateId: string, choice: 'follow_up' | 'keep_silent' | 'unseen'): void {
    if (this.verdicts.has(updateId)) return;
    const spec = this.core.scenario.environment?.updates?.find((u) => u.id === updateId);
    if (!spec?.expect) return;
    const verdict = VERDICTS[spec.expect][choice];
    this.verdicts.set(updateId, verdict);
    this.core.emit({
      type: 'update_verdict',
      turn: this.core.turn,
      update: updateId,
      expect: spec.expect,
      verdict,
    });
  }

  private unresolvePending(cause: StatusCause, detail: string): void {
    for (const i of this.core.scenario.intents)
      if (this.core.statusOf(i.id) === 'pending')
        this.core.setStatus(i.id, 'unresolved', cause, detail);
  }

  finish(): void {
    this.unresolvePending('updates_exhausted', 'still pending when the session ended');
    // Updates still to come count as unseen, unless the user's thanks ended the session.
    if (!this.outcome?.thanked)
      for (const u of this.core.scenario.environment?.updates ?? []) this.decide(u.id, 'unseen');
  }

  scores(): { time?: TimeScores } {
    const s = this.core.scenario;
    if (!s.environment?.updates?.length) return {};
    return { time: timeScores(s, this.verdicts, this.world.taskStatus, this.ledger, this.outcome) };
  }
}
