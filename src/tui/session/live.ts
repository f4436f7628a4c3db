/**
 * A live run behind the session screen: play (a person is the user), play-as-agent
 * (a person is the agent) and watch (it runs by itself, paced). Runs each run group
 * through runGroup, every session recorded; engine events go into the session store.
 */
import path from 'node:path';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { offlineNoticeFor } from '../../session/setup.ts';
import type { BackendSpec } from '../../session/backend-spec.ts';
import type { SessionRun } from '../../session/engine.ts';
import type { IntentStatus, PermissionDecision, Role, TimedEvent } from '../../contracts/events.ts';
import { runGroup, type NextSession, type SessionRunResult } from '../../session/group.ts';
import { createHumanPorts, type HumanAgentAction } from '../../session/input-queue.ts';
import type { RunGroup } from '../../session/plan.ts';
import type { TimeToPass, WaitEnd } from '../../session/protocol.ts';
import { UserError } from '../../contracts/diagnostics.ts';
import { createToolRegistry } from '../../tools/index.ts';
import { createSessionStore } from '../../store/store.ts';
import type { ControlState, ForkLabel, SessionController, ToolHint } from './controller.ts';
import { Pacer } from './pacer.ts';
import { TakeOverUser } from './take-over.ts';
import { sessionHints } from './tool-hints.ts';
import { SessionCards, runName } from './session-cards.ts';
import { AgentSeatAids } from './agent-seat-aids.ts';
import { modeSpecs, scriptedNotice, type LiveOptions } from './live-options.ts';
import { ForkPlan } from '../../fork/plan.ts';
import { forkFromEnd } from '../../fork/run.ts';

export class LiveSession implements SessionController {
  readonly store = createSessionStore();
  readonly control: StoreApi<ControlState>;
  readonly done: Promise<SessionRunResult[]>;
  private readonly ports = createHumanPorts();
  private readonly abortController = new AbortController();
  private readonly pacer: Pacer;
  private readonly registry = createToolRegistry();
  private run: SessionRun | undefined;
  private user: TakeOverUser | undefined;
  private takenOver = false;
  private waitEnds: ((end: WaitEnd) => void) | undefined;
  private readonly cards: SessionCards;
  private readonly aids: AgentSeatAids;
  /** The forks made from this watch (`f` while paused): stopped with it, their recordings named at exit. */
  readonly forks: LiveSession[] = [];

  constructor(private readonly opts: LiveOptions) {
    const specs = modeSpecs(opts.mode, opts.setup.specs);
    this.control = createStore<ControlState>()(() => ({
      mode: opts.mode,
      running: true,
      paused: Boolean(opts.paused),
      delayMs: opts.delayMs ?? 1000,
      recordings: [],
      revealIntents: opts.mode !== 'agent' || Boolean(opts.revealIntents),
      overrides: opts.overrides !== false,
      tools: [],
      ...(!opts.participant && (scriptedNotice(opts.mode, specs.agent) ?? opts.setup.offlineNotice)
        ? { notice: scriptedNotice(opts.mode, specs.agent) ?? offlineNoticeFor(specs) }
        : {}),
      ...(opts.participant ? { participant: opts.participant } : {}),
    }));
    this.pacer = new Pacer({ paused: Boolean(opts.paused), delayMs: opts.delayMs ?? 1000 }, (s) =>
      this.control.setState(s),
    );
    if (opts.mode !== 'watch') this.pacer.release();
    this.cards = new SessionCards(this.control, this.abortController.signal);
    this.aids = new AgentSeatAids(this.control, () => this.run?.env);
    this.done = this.runAll(specs);
  }

  private async runAll(specs: Record<Role, BackendSpec>): Promise<SessionRunResult[]> {
    const all: SessionRunResult[] = [];
    try {
      const plan = this.opts.fork ? new ForkPlan(await this.opts.fork) : undefined;
      // The screen says what it shows is a fork, of which recording and from which turn.
      if (plan) this.control.setState({ forkOf: forkOf(plan) });
      const forked = plan?.options(this.abortController.signal);
      for (const group of plan ? [plan.group] : this.opts.groups) {
        if (this.abortController.signal.aborted) break;
        const results = await runGroup(group, {
          specs,
          config: this.opts.setup.config,
          registry: this.registry,
          recordingsDir: this.opts.recordingsDir ?? path.resolve('recordings'),
          signal: this.abortController.signal,
          human: this.ports,
          ...(this.opts.askPermissions === false ? { askPermissions: false } : {}),
          pace: this.opts.pace ?? this.pace,
          // A fork's replayed turns end each wait at once as the recording did (time passed, or
          // the person spoke and cut it short). Watching, time passes at the pace until a person
          // takes over; then it waits for them.
          ...(this.opts.mode === 'play' || this.opts.mode === 'watch'
            ? {
                paceTime: (next: TimeToPass): Promise<WaitEnd> =>
                  plan && !plan.live ? plan.replayedWait() : this.waitForTime(next),
              }
            : {}),
          ...(this.opts.maxTurns ? { maxTurns: this.opts.maxTurns } : {}),
          ...(this.opts.workspaceDir ? { workspaceDir: this.opts.workspaceDir } : {}),
          ...(this.opts.date ? { date: this.opts.date } : {}),
          ...(this.opts.protocol ? { protocol: this.opts.protocol, wallClock: true } : {}),
          ...forked,
          // A fork's replayed turns run at once; its live turns at the session's pace.
          ...(plan
            ? { pace: (turn: number) => (plan.live ? this.pace(turn) : Promise.resolve()) }
            : {}),
          onSession: (run) => (this.run = run),
          // A stage (--vs, --present) owns the pace and shows no card: it says what comes between.
          betweenSessions: (_ended: SessionRunResult, next: NextSession) => {
            // A fork's earlier sessions are replayed unseen: nothing to hold between them.
            if (plan) return Promise.resolve();
            return this.opts.pace
              ? (this.opts.between?.() ?? Promise.resolve())
              : this.cards.holdBetween(next);
          },
          onEvent: (event) => {
            if (!plan || plan.observe(event)) this.onEvent(group, event);
          },
          wrapBackends: async (created, index, ctx) => {
            const b = (await forked?.wrapBackends?.(created, index, ctx)) ?? created;
            if (this.opts.mode !== 'watch') return b;
            // A stage (--vs, --present) paces by itself: its simulated user writes without this
            // wait, as a fork's replayed turns do (a paused watch's fork opens at its fork turn).
            const hold = (turn: number) =>
              plan && !plan.live ? Promise.resolve() : this.pacer.beforeUser(turn);
            this.user = new TakeOverUser(b.user, this.ports, this.opts.pace ? undefined : hold);
            if (this.takenOver) this.user.takeOver();
            return { ...b, user: this.user };
          },
        });
        plan?.check();
        all.push(...results);
        this.control.setState((s) => ({
          recordings: [
            ...s.recordings,
            ...results.flatMap((r) => (r.recording ? [r.recording] : [])),
          ],
        }));
      }
    } catch (err) {
      this.control.setState({
        error:
          err instanceof UserError
            ? err.message
            : `internal error: ${(err as Error).stack ?? String(err)}`,
      });
      if (!(err instanceof UserError)) throw err;
    } finally {
      this.control.setState({ running: false });
    }
    void this.showFinalCard();
    return all;
  }

  private onEvent(group: RunGroup, event: TimedEvent): void {
    if (event.type === 'session_start') {
      // A stage (--vs, --present) owns the pace and shows no card.
      if (!this.opts.pace && this.opts.openingCard !== false) this.cards.open();
      this.nameScript(event.backends.agent);
      const scenario = group.sessions.find((s) => s.id === event.scenario);
      // The protocol may offer tools `tools:` does not name (a proposal scenario's propose and wait).
      if (scenario) this.control.setState({ tools: sessionHints(this.registry, scenario) });
    }
    this.aids.observe(event);
    if (
      this.opts.mode === 'agent' &&
      (event.type === 'session_start' ||
        event.type === 'workspace_diff' ||
        event.type === 'awaiting_input')
    )
      this.aids.listFiles();
    this.store.getState().dispatch(event);
    this.opts.onEvent?.(event);
  }

  /** The input a picked tool starts with, filled from the workspace, the apps and the reminders now. */
  toolTemplate(tool: ToolHint): { text: string; cursor: number } {
    return this.aids.template(tool);
  }

  /**
   * Play, or a watch once a person has taken over: the person playing the user decides when the
   * waiting is over (a key), so they can read first; or they speak while they wait (sendUser), and
   * the agent answers them before time passes. Watching before that, time passes at the pace.
   */
  private waitForTime(next: TimeToPass): Promise<WaitEnd> {
    if (this.control.getState().mode !== 'play') return Promise.resolve('time_passes');
    this.control.setState({ waitingForTime: next });
    return new Promise<WaitEnd>((resolve) => {
      this.waitEnds = (end) => {
        this.waitEnds = undefined;
        this.control.setState({ waitingForTime: undefined });
        resolve(end);
      };
    });
  }

  passTime(): void {
    this.waitEnds?.('time_passes');
  }

  /**
   * The last (or only) session's result card, once its last turn was in view a while, as between
   * sessions. A stage (--vs, --present), a study and a run that failed or was quit show none.
   */
  private async showFinalCard(): Promise<void> {
    const { error, participant } = this.control.getState();
    if (this.opts.pace || error || participant) return;
    await this.cards.lastTurnShown();
    if (this.abortController.signal.aborted || !this.store.getState().session.end) return;
    this.control.setState({ finished: { name: runName(this.opts.groups) } });
  }

  continueChain(): void {
    this.cards.continueChain();
  }

  /** A session's first turn waits until its opening card is left, then for the watch's pace. */
  private readonly pace = async (turn: number): Promise<void> => {
    await this.cards.opened();
    return this.pacer.pace(turn);
  };

  begin(): void {
    this.cards.begin();
  }

  quit(): void {
    for (const fork of this.forks) fork.quit();
    this.waitEnds?.('time_passes');
    this.cards.continueChain();
    this.begin();
    this.pacer.release();
    this.abortController.abort(new Error('quit'));
    this.run?.abort();
  }

  togglePause(): void {
    this.pacer.togglePause();
    // Resuming leaves the opening card; pausing keeps it up until a key.
    if (!this.pacer.paused) this.begin();
    else this.cards.holdOpen();
  }

  step(): void {
    this.pacer.step();
    this.begin();
  }

  faster(): void {
    this.pacer.faster();
  }

  slower(): void {
    this.pacer.slower();
  }

  /** From now on a person plays the user (the simulated user finishes any message in progress). */
  takeOver(): void {
    if (this.opts.mode !== 'watch' || this.takenOver) return;
    this.takenOver = true;
    // Recorded now, not when the person's message comes (in a time scenario's wait, much later).
    // After the turn the simulated user's last message opens, though that turn may not have begun.
    this.user?.takeOver(this.run?.tookOver(this.user.simulatedOpened) ?? false);
    this.pacer.release();
    this.begin();
    this.control.setState({ mode: 'play', paused: false, takenOver: true });
    // Against a scripted agent the person must know it will not read them (as play says from the start).
    const agent = this.store.getState().session.scenario?.backends.agent;
    this.nameScript(agent ?? modeSpecs(this.opts.mode, this.opts.setup.specs).agent);
  }

  /** Playing against a script, the notice names it as the status bar does (the one the session chose). */
  private nameScript(agent: { kind: string; name?: string }): void {
    const notice = scriptedNotice(this.control.getState().mode, agent);
    if (notice && !this.opts.participant) this.control.setState({ notice });
  }

  /**
   * Watch, paused; play, at the person's turn: stops this run (recorded as aborted) and goes on
   * from its last judged turn in a fork with the same seats, watched paused (`t` takes over, as
   * usual) or played.
   */
  fork(): SessionController | undefined {
    const c = this.control.getState();
    if (!c.running || this.opts.pace || c.takenOver || c.opening || !this.canFork())
      return undefined;
    const request = this.done.then(forkFromEnd);
    this.quit();
    const forked = new LiveSession({
      ...this.opts,
      fork: request,
      paused: this.opts.mode === 'watch',
      openingCard: false,
    });
    this.forks.push(forked);
    return forked;
  }

  /**
   * A watch forks while paused (not a fork of it); play, between turns, when it is the person's:
   * playing the user, when the agent has answered; playing the agent, when the user has spoken.
   */
  private canFork(): boolean {
    if (this.opts.mode === 'watch') return this.control.getState().paused && !this.opts.fork;
    const seat = this.opts.mode === 'agent' ? 'agent' : 'user';
    const yourTurn =
      this.store.getState().session.awaiting?.role === seat ||
      (seat === 'user' && Boolean(this.control.getState().waitingForTime));
    if (!yourTurn)
      this.control.setState({
        notice: `fork at your turn: the ${seat === 'agent' ? 'user' : 'agent'} is still working`,
      });
    return yourTurn;
  }

  sendUser(text: string, reveals: string[]): void {
    this.ports.user.push({ text, reveals });
    // Said while waiting for time: the message starts the next turn before the clock moves on.
    this.waitEnds?.('user_speaks');
  }

  answerPermission(decision: PermissionDecision): void {
    this.ports.permission.push(decision);
  }

  sendAgent(action: HumanAgentAction): void {
    this.ports.agent.push(action);
  }

  override(intent: string, to: IntentStatus): void {
    this.run?.override(intent, to);
  }

  endSession(): void {
    this.run?.requestEnd();
    this.waitEnds?.('time_passes');
  }

  gradeNow(): void {
    void this.run?.gradeNow();
  }
}

function forkOf(plan: ForkPlan): ForkLabel {
  const { source } = plan.request;
  return { parent: path.basename(source.parent.file), turn: source.turn };
}
