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
 * 4. After a proposal the user's next act is a verdict: the rules user accepts one that matches
 *    the `accept` pattern of a goal not yet reached, and rejects it otherwise. On accept the
 *    agent executes, then observes again.
 * 5. The session ends when the activity is used up and no proposal is pending, or at max_turns.
 */
import { diffApps } from '../apps/diff.ts';
import { evaluateRule } from '../judge/evidence.ts';
import { compilePattern } from '../scenario/regex.ts';
import type { IntentSpec } from '../scenario/schema.ts';
import type { PhoneChoice } from '../contracts/backends.ts';
import type { ProposalInfo, ProposalScores } from '../contracts/events.ts';
import type { Incoming, Next, SessionCore, SessionProtocol, TurnResult } from '../session/protocol.ts';
import type { ToolContext, ToolDef } from '../tools/registry.ts';
import { DEFAULT_TURN, describeDuration } from '../sim/clock.ts';
import { TimeWorld } from '../time/world.ts';
import { Noise } from './noise.ts';
import { APP_SCREENS, appsOnPhone, launcherView, PhoneDevice, screenText } from '../apps/screens/index.ts';
import type { ActivityStep, ScreenStep } from './schema.ts';
import { isReadOnly, proposalTools, PROPOSE_TOOL, WAIT_TOOL, withFailures } from './tools.ts';
import { ProposalWorld } from './world.ts';
import { proposalScores } from './scores.ts';

const PREVIEW = 48;
/** What the user sees of a notification: its first line, cut at a word near PREVIEW characters. */
const preview = (text: string) => {
  const line = text.split('\n')[0]!.trim();
  if (line.length <= PREVIEW) return line;
  const cut = line.lastIndexOf(' ', PREVIEW - 1);
  return `${line.slice(0, cut > PREVIEW / 2 ? cut : PREVIEW - 1).replace(/[\s,.;:]+$/, '')}…`;
};

export class ProposalProtocol implements SessionProtocol {
  readonly proposalInfo: ProposalInfo;
  private readonly time: TimeWorld;
  readonly world: ProposalWorld;
  private readonly noise: Noise;
  private phone: PhoneDevice | undefined;
  private allTools: ToolDef[] = [];
  private observeTools: ToolDef[] = [];

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
    return this.tick(s.trigger.text);
  }

  async afterTurn(t: TurnResult): Promise<Next> {
    const w = this.world;
    w.readActions += t.evidence.toolCalls.filter(
      (c) => c.ok && this.observeTools.some((d) => d.name === c.name && d.group !== 'proposals'),
    ).length;
    if (w.phase === 'execute') {
      // The user's phone shows what the agent just did (a task added to the list on screen).
      this.setPhase('observe', screenText(await this.phone!.view()));
      return this.nextTick('');
    }
    w.observeTurns++;
    const p = w.pending;
    if (!p) return this.nextTick('');
    w.pending = undefined;
    const core = this.core;
    const goal = core.scenario.intents.find((i) => i.accept && core.statusOf(i.id) === 'open' && compilePattern(i.accept).test(p.summary));
    // A person or a model user answers for themselves; the rules user by the goals' accept patterns.
    const answer = core.backends.user.answerProposal
      ? await core.backends.user.answerProposal({
          turn: t.turn,
          persona: core.persona,
          scenario: core.scenario,
          proposal: { id: p.id, summary: p.summary },
          view: await this.phone!.view(),
          open: this.openGoals(),
          emit: (e) => core.emit(e),
          signal: core.signal,
        })
      : { accept: Boolean(goal), reason: goal ? `it matches goal ${goal.id}, not yet reached` : 'it matches no goal the user still has' };
    p.verdict = answer.accept ? 'accepted' : 'rejected';
    core.emit({
      type: 'proposal_verdict',
      turn: t.turn,
      proposal: p.id,
      verdict: p.verdict,
      reason: answer.reason,
      ...(goal && answer.accept ? { goal: goal.id } : {}),
    });
    if (core.turn >= core.maxTurns) return { kind: 'end', end: 'max_turns' };
    if (!answer.accept)
      return this.nextTick(`The user rejected your proposal ${p.id}${core.backends.user.answerProposal ? `: ${answer.reason}` : ''}.`);
    this.setPhase('execute');
    return { kind: 'continue', incoming: { kind: 'user', turn: t.turn + 1, text: `Yes, please go ahead with ${p.id}: ${p.summary}` } };
  }

  private setPhase(phase: 'observe' | 'execute', screen?: string[]): void {
    this.world.phase = phase;
    this.core.emit({ type: 'phase', turn: this.core.turn, phase, ...(screen ? { screen } : {}) });
  }

  private async nextTick(prefix: string): Promise<Next> {
    if (this.core.turn >= this.core.maxTurns) return { kind: 'end', end: 'max_turns' };
    if (!this.world.pending && (this.core.backends.user.phoneAct ? !this.openGoals().length : !this.world.activityLeft))
      return { kind: 'end', end: 'resolved' };
    return { kind: 'continue', incoming: await this.tick(prefix) };
  }

  /** One tick: the clock moves, updates fire, the user acts once; returns the observation. */
  private async tick(prefix: string): Promise<Incoming> {
    const core = this.core;
    const w = this.world;
    const clock = this.time.clock;
    const user = core.backends.user;
    if (w.tick > 0) {
      // A user who acts on the phone is asked each tick anyway: no separate wait for time.
      if (!user.phoneAct) await core.waitForTime({ at: clock.iso(clock.now + clock.turnMs), passed: describeDuration(clock.turnMs) });
      clock.advanceBy(clock.turnMs);
    }
    w.tick++;
    core.emit({ type: 'tick', turn: core.turn, tick: w.tick, at: clock.iso() });
    const seen: string[] = [];
    const previews: string[] = [];
    // Updates due by now fire; their app records arrive as notifications.
    for (let next = this.time.nextEvent(); next?.kind === 'update' && next.update.at <= clock.now; next = this.time.nextEvent()) {
      const u = this.time.applyNext();
      if (u.spec.apps) {
        const before = core.env.apps.snapshot();
        core.env.apps.arrive(u.spec.apps);
        const apps = diffApps(before, core.env.apps.snapshot());
        if (apps.length) core.emit({ type: 'app_diff', turn: core.turn, apps });
      }
      core.emit({
        type: 'update',
        turn: core.turn,
        update: u.spec.id,
        at: clock.iso(),
        text: u.spec.text,
        seen: true,
        pushed: u.spec.notify ?? 'agent',
      });
      const app = Object.keys(u.spec.apps ?? {})[0] ?? core.scenario.environment?.name ?? 'notification';
      core.emit({ type: 'notification', turn: core.turn, app, text: u.spec.text, preview: preview(u.spec.text), spurious: false });
      seen.push(`${app}: ${u.spec.text}`);
      previews.push(`${app}: ${preview(u.spec.text)}`);
    }
    for (const n of this.noise.notificationsFor(clock.turnMs)) {
      core.emit({ type: 'notification', turn: core.turn, app: n.app, text: n.text, preview: preview(n.text), spurious: true });
      seen.push(`${n.app}: ${n.text}`);
      previews.push(`${n.app}: ${preview(n.text)}`);
    }
    const step = user.phoneAct
      ? stepOf(
          await user.phoneAct({
            turn: core.turn,
            persona: core.persona,
            scenario: core.scenario,
            view: await this.phone!.view(),
            notifications: previews,
            open: this.openGoals(),
            emit: (e) => core.emit(e),
            signal: core.signal,
          }),
        )
      : w.nextStep();
    const move = await this.userActs(step);
    const lines = [prefix, move, seen.length ? `Notifications:\n${seen.map((n) => `- ${n}`).join('\n')}` : ''].filter(Boolean);
    return { kind: 'monitor', turn: core.turn + 1, text: lines.join('\n'), at: clock.iso(), reminders: [] };
  }

  /** The user's one act this tick; returns how it reads to the agent. */
  private async userActs(step: UserStep | undefined): Promise<string> {
    const core = this.core;
    if (!step || 'wait' in step) {
      core.emit({ type: 'user_action', turn: core.turn, kind: 'wait', ok: true, text: 'The user is not using the phone.' });
      return 'The user is not using the phone.';
    }
    if ('say' in step) {
      core.emit({ type: 'user_action', turn: core.turn, kind: 'say', ok: true, text: step.say });
      for (const id of step.reveals ?? [])
        if (core.statusOf(id) === 'open') core.setStatus(id, 'provided', 'reveal', `the user asked: “${step.say}”`);
      return `The user writes to you: “${step.say}”`;
    }
    const before = core.env.apps.snapshot();
    const outcome = await this.phone!.act(step);
    const screen = screenText(outcome.view);
    const text = outcome.ok ? (step.note ?? outcome.text) : outcome.text;
    const app = step.app ?? (outcome.view.app || 'phone');
    core.emit({
      type: 'user_action',
      turn: core.turn,
      kind: 'screen',
      app,
      action: step.action,
      ...(step.args ? { args: step.args } : {}),
      ok: outcome.ok,
      text,
      screen,
    });
    const apps = diffApps(before, core.env.apps.snapshot());
    if (apps.length) {
      core.emit({ type: 'app_diff', turn: core.turn, apps });
      this.creditUser();
    }
    return `The user, in ${app}: ${text}${outcome.ok ? '' : ' (it did not work)'}\nTheir screen:\n${screen.join('\n')}`;
  }

  /** A goal the user reached through the apps themselves is provided, not completed. */
  private creditUser(): void {
    const apps = this.core.env.apps.snapshot();
    for (const g of this.goals())
      if (this.core.statusOf(g.id) === 'open' && evaluateRule(g.done!, { replies: [], toolCalls: [], files: new Map(), apps }).holds)
        this.core.setStatus(g.id, 'provided', 'user_action', 'the user did it in the apps');
  }

  private openGoals(): IntentSpec[] {
    return this.goals().filter((g) => this.core.statusOf(g.id) === 'open');
  }

  private goals(): IntentSpec[] {
    return this.core.scenario.intents.filter((i) => i.done);
  }

  finish(): void {
    for (const i of this.core.scenario.intents)
      if (this.core.statusOf(i.id) === 'open') this.core.setStatus(i.id, 'unresolved', 'max_turns', 'never reached');
  }

  scores(): { proposals: ProposalScores } {
    return { proposals: proposalScores(this.world, this.goals(), this.core.env.apps.snapshot(), this.core.scenario.noise) };
  }
}

/** A user's act as an activity step (a screen step's app may be left to the screen showing). */
type UserStep = Exclude<ActivityStep, ScreenStep> | (Omit<ScreenStep, 'app'> & { app?: string | undefined });

function stepOf(choice: PhoneChoice): UserStep {
  if (choice.kind === 'wait') return { wait: true };
  if (choice.kind === 'say') return { say: choice.text };
  return { app: choice.app, action: choice.action, ...(choice.args ? { args: choice.args } : {}) };
}

export { PROPOSE_TOOL, WAIT_TOOL };
