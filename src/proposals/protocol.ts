/**
 * The proposal protocol (docs/proposals.md): PARE's turn-taking on the shared clock. The user
 * works in the apps, one step per tick; the agent observes each tick with read-only tools and
 * may propose; the user accepts or rejects; an accepted proposal gets one execute turn with
 * every tool.
 *
 * 1. A tick starts: updates due now fire (their app records arrive as notifications, whole for
 *    the agent and truncated for the user), and the noise may add spurious ones.
 * 2. The user acts once: a screen action, a chat message, or nothing.
 * 3. The agent observes: the user's move and the notifications in one observation.
 * 4. After a proposal the user's act of the next tick (after that tick's updates) decides it: the
 *    rules user accepts one that matches the `accept` pattern of a goal not yet done (open or
 *    provided, not reached), and rejects it otherwise; a person or a model user may first look
 *    into it with other moves (gather context, at most `gather_ticks`). On accept the agent
 *    executes in that tick, then observes again from the next.
 * 5. The session ends when the activity is used up and no proposal is pending, or at max_turns.
 *
 * Only an accepted proposal's execution completes a goal: what an update or the user's own moves
 * made true is provided.
 */
import type { ProposalAnswer } from '../contracts/backends.ts';
import type { ProposalInfo, ProposalScores } from '../contracts/events.ts';
import type {
  Incoming,
  Next,
  SessionCore,
  SessionProtocol,
  TurnResult,
} from '../session/protocol.ts';
import type { ToolContext, ToolDef } from '../tools/registry.ts';
import { DEFAULT_TURN, describeDuration } from '../sim/clock.ts';
import { TimeWorld } from '../sim/world.ts';
import { Noise } from './noise.ts';
import {
  APP_SCREENS,
  appsOnPhone,
  launcherView,
  PhoneDevice,
  screenText,
} from '../apps/screens/index.ts';
import { DEFAULT_GATHER_TICKS } from './schema.ts';
import {
  isAppWrite,
  isReadOnly,
  proposalTools,
  PROPOSE_TOOL,
  WAIT_TOOL,
  withFailures,
} from './tools.ts';
import { ProposalWorld, type Proposal } from './world.ts';
import { gatheringLine } from '../contracts/proposal-events.ts';
import { proposalScores } from './scores.ts';
import { ProposalGoals } from './goals.ts';
import { fireUpdates } from './updates.ts';
import { stepOf, userActs, type UserStep } from './user-acts.ts';

export class ProposalProtocol implements SessionProtocol {
  readonly proposalInfo: ProposalInfo;
  private readonly time: TimeWorld;
  readonly world: ProposalWorld;
  private readonly noise: Noise;
  private readonly goals: ProposalGoals;
  private phone: PhoneDevice | undefined;
  private allTools: ToolDef[] = [];
  private observeTools: ToolDef[] = [];
  /** How the session ended, for the cause of a goal never reached. */
  private ended: 'resolved' | 'max_turns' | undefined;

  constructor(private readonly core: SessionCore) {
    const s = core.scenario;
    this.time = new TimeWorld(
      s,
      (e) => core.emit(e),
      () => core.turn,
    );
    this.world = new ProposalWorld(
      s.activity ?? [],
      (e) => core.emit(e),
      () => core.turn,
    );
    this.noise = new Noise(s.noise);
    this.goals = new ProposalGoals(core);
    // The apps on the phone: the session's, with an account (as PhoneDevice lists them).
    const onPhone = appsOnPhone(
      APP_SCREENS.filter((a) => (s.tools ?? []).includes(a.app)),
      core.env.apps,
    );
    this.proposalInfo = {
      steps: s.activity?.length ?? 0,
      tick: s.clock?.turn ?? DEFAULT_TURN,
      ...(s.noise ? { noise: s.noise } : {}),
      home: screenText(launcherView(onPhone)),
    };
  }

  initialStatus(): 'open' {
    return 'open';
  }

  extendTools(ctx: ToolContext, tools: ToolDef[]): ToolDef[] {
    ctx.time = this.time;
    ctx.proposals = this.world;
    const fails = () => this.noise.toolFails();
    // The user's phone uses the apps as they are: the noise's failures are the agent's.
    this.phone = new PhoneDevice(new Map(tools.map((t) => [t.name, t])), ctx, APP_SCREENS);
    this.allTools = tools.map((t) => withFailures(t, fails));
    const own = proposalTools;
    this.observeTools = [...this.allTools.filter(isReadOnly), ...own];
    return [...this.allTools, ...own];
  }

  /** Observe turns read and propose; an execute turn may change things. */
  toolsFor(): readonly string[] {
    return (this.world.phase === 'observe' ? this.observeTools : this.allTools).map((t) => t.name);
  }

  beforeTurn(): { at: string } {
    return { at: this.time.clock.iso() };
  }

  agentTime(): { now: string; woken: boolean; phase: 'observe' | 'execute' } {
    return { now: this.time.clock.iso(), woken: false, phase: this.world.phase };
  }

  async start(): Promise<Incoming> {
    const s = this.core.scenario;
    this.core.emit({ type: 'phase', turn: 0, phase: 'observe' });
    return this.tick([s.trigger.text, this.accounts()].filter(Boolean).join('\n'));
  }

  /** The user's accounts, as PARE's agent is logged in as its user: what it needs to log in to each app. */
  private accounts(): string {
    const lines = (this.core.scenario.tools ?? []).flatMap((app) => {
      const state = this.core.env.apps.state(app) as
        { credentials?: { username: string; password: string }[] } | undefined;
      const c = state?.credentials?.[0];
      return c ? [`- ${app}: username ${c.username}, password ${c.password}`] : [];
    });
    return lines.length
      ? `You act for the user with their accounts (log in with ${'<app>'}__login):\n${lines.join('\n')}`
      : '';
  }

  /** Only an execute turn (an accepted proposal) may complete a goal. */
  mayComplete(): boolean {
    return this.world.phase === 'execute';
  }

  async afterTurn(t: TurnResult): Promise<Next> {
    const w = this.world;
    const readOnly = new Set(this.allTools.filter(isReadOnly).map((d) => d.name));
    w.readActions += t.evidence.toolCalls.filter((c) => c.ok && readOnly.has(c.name)).length;
    if (w.phase === 'observe') {
      // Writes tried with no accepted proposal to carry out: each was refused, and is counted apart.
      const writes = new Set(this.allTools.filter(isAppWrite).map((d) => d.name));
      w.writesBeforeAcceptance += t.evidence.toolCalls.filter((c) => writes.has(c.name)).length;
    }
    if (w.phase === 'execute') {
      // The user's phone shows what the agent just did (a task added to the list on screen).
      this.setPhase('observe', screenText(await this.phone!.view()));
    } else w.observeTurns++;
    return this.nextTick();
  }

  private setPhase(phase: 'observe' | 'execute', screen?: string[]): void {
    this.world.phase = phase;
    this.core.emit({ type: 'phase', turn: this.core.turn, phase, ...(screen ? { screen } : {}) });
  }

  private async nextTick(): Promise<Next> {
    if (this.core.turn >= this.core.maxTurns) return this.end('max_turns');
    if (
      !this.world.pending &&
      (this.core.backends.user.phoneAct ? !this.goals.open().length : !this.world.activityLeft)
    )
      return this.end('resolved');
    return { kind: 'continue', incoming: await this.tick('') };
  }

  private end(end: 'resolved' | 'max_turns'): Next {
    this.ended = end;
    return { kind: 'end', end };
  }

  /** One tick: the clock moves, updates fire, the user acts once; returns what the agent's turn starts from. */
  private async tick(prefix: string): Promise<Incoming> {
    const core = this.core;
    const w = this.world;
    const clock = this.time.clock;
    const user = core.backends.user;
    if (w.tick > 0) {
      // A user who acts on the phone is asked each tick anyway: no separate wait for time.
      if (!user.phoneAct)
        await core.waitForTime({
          from: clock.iso(),
          at: clock.iso(clock.now + clock.turnMs),
          passed: describeDuration(clock.turnMs),
        });
      clock.advanceBy(clock.turnMs);
    }
    w.tick++;
    core.emit({ type: 'tick', turn: core.turn, tick: w.tick, at: clock.iso() });
    const { seen, previews } = fireUpdates(core, this.time, this.noise, this.goals);
    const notes = seen.length ? `Notifications:\n${seen.map((n) => `- ${n}`).join('\n')}` : '';
    const pending = w.pending;
    if (pending) {
      // The user's one act of this tick is about the pending proposal.
      const answer = await this.answer(pending, previews);
      if ('gather' in answer) {
        pending.gathered++;
        const move = await this.userActs(stepOf(answer.gather), pending.id);
        return this.observation([prefix, gatheringLine(pending.id), move, notes]);
      }
      this.decide(pending, answer);
      if (answer.accept) {
        this.setPhase('execute');
        const go = `Yes, please go ahead with ${pending.id}: ${pending.summary}`;
        return {
          kind: 'user',
          turn: core.turn + 1,
          text: [go, notes].filter(Boolean).join('\n\n'),
        };
      }
      const why = user.answerProposal ? `: ${answer.reason}` : '';
      return this.observation([
        prefix,
        `The user rejected your proposal ${pending.id}${why}.`,
        notes,
      ]);
    }
    const step = user.phoneAct
      ? stepOf(
          await user.phoneAct({
            turn: core.turn,
            persona: core.persona,
            scenario: core.scenario,
            view: await this.phone!.view(),
            notifications: previews,
            open: this.goals.open(),
            emit: (e) => core.emit(e),
            signal: core.signal,
          }),
        )
      : w.nextStep();
    return this.observation([prefix, await this.userActs(step), notes]);
  }

  private observation(parts: string[]): Incoming {
    return {
      kind: 'monitor',
      turn: this.core.turn + 1,
      text: parts.filter(Boolean).join('\n'),
      at: this.time.clock.iso(),
      reminders: [],
    };
  }

  /** The user's answer to a pending proposal: a person's or model's own, else the rules user's by the goals' accept patterns. */
  private async answer(p: Proposal, previews: string[]): Promise<ProposalAnswer> {
    const core = this.core;
    const user = core.backends.user;
    if (!user.answerProposal) {
      const goal = this.goals.servedBy(p);
      return {
        accept: Boolean(goal),
        reason: goal
          ? `it matches goal ${goal.id}, not yet done`
          : 'it matches no goal the user still has',
      };
    }
    return user.answerProposal({
      turn: core.turn,
      persona: core.persona,
      scenario: core.scenario,
      proposal: { id: p.id, summary: p.summary },
      view: await this.phone!.view(),
      notifications: previews,
      open: this.goals.open(),
      mayGather: p.gathered < (core.scenario.gather_ticks ?? DEFAULT_GATHER_TICKS),
      emit: (e) => core.emit(e),
      signal: core.signal,
    });
  }

  private decide(p: Proposal, answer: { accept: boolean; reason: string }): void {
    this.world.pending = undefined;
    p.verdict = answer.accept ? 'accepted' : 'rejected';
    const goal = answer.accept ? this.goals.servedBy(p) : undefined;
    this.core.emit({
      type: 'proposal_verdict',
      // The answer opens the next turn (the agent hears it then): the proposal's own turn ended
      // with it still waiting. Recordings before this carry the proposal's turn.
      turn: this.core.turn + 1,
      proposal: p.id,
      verdict: p.verdict,
      reason: answer.reason,
      ...(goal ? { goal: goal.id } : {}),
    });
  }

  /** The user's one act this tick; returns how it reads to the agent. */
  private userActs(step: UserStep | undefined, gathering?: string): Promise<string> {
    return userActs(this.core, this.phone!, this.goals, step, gathering);
  }

  finish(): void {
    // A session the user's activity ended (resolved) leaves its unreached goals for that reason, not max_turns.
    const cause = this.ended === 'resolved' ? 'activity_done' : 'max_turns';
    const detail =
      cause === 'max_turns'
        ? 'never reached: the session hit max_turns'
        : "never reached: the user's activity ended";
    for (const i of this.core.scenario.intents)
      if (this.core.statusOf(i.id) === 'open')
        this.core.setStatus(i.id, 'unresolved', cause, detail);
  }

  scores(): { proposals: ProposalScores } {
    return {
      proposals: proposalScores(
        this.world,
        this.goals.all(),
        this.core.env.apps.snapshot(),
        this.core.scenario.noise,
      ),
    };
  }
}

export { PROPOSE_TOOL, WAIT_TOOL };
