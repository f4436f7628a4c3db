/**
 * A live run behind the session screen: play (a person is the user), play-as-agent
 * (a person is the agent) and watch (it runs by itself, paced). Runs each run group
 * through runGroup, every session recorded; engine events go into the session store.
 */
import path from 'node:path';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { offlineNoticeFor, type SessionSetup } from '../../session/setup.ts';
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
import type {
  ControlState,
  ForkLabel,
  ParticipantView,
  SessionController,
  SessionMode,
  ToolHint,
} from './controller.ts';
import type { LoadedScenario } from '../../scenario/library.ts';
import { Pacer } from './pacer.ts';
import { TakeOverUser } from './take-over.ts';
import { sessionHints } from './tool-hints.ts';
import { toolTemplate } from './agent-command.ts';
import { templateValues, type TemplateWorld } from './template-values.ts';
import { ForkPlan, type ForkRequest } from '../../fork/plan.ts';
import { forkFromEnd } from '../../fork/run.ts';

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
  /** Whether each session opens on its card (default true; a plain transcript has no screen to show it on). */
  /** False where no one can answer (watch --plain): an acp agent's permission requests follow the policy, as in run. */
  askPermissions?: boolean;
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

/** Playing the user against a script: said on screen, since the agent will not read what the person types. */
export function scriptedNotice(
  mode: LiveOptions['mode'],
  specs: Record<Role, BackendSpec>,
): string | undefined {
  if (mode !== 'play' || specs.agent.kind !== 'script') return undefined;
  const name = specs.agent.name ? `script:${specs.agent.name}` : 'script';
  return `The agent is scripted (${name}) and will not read what you type. For real play: --agent openai, or --agent human to play the agent yourself.`;
}

/** What the last result card calls the run: the episode, the chain, or how many groups ran. */
export function runName(groups: readonly RunGroup[]): string {
  const [only] = groups;
  if (!only) return 'the fork';
  if (groups.length > 1) return `this run of ${groups.length} groups`;
  if (only.kind === 'chain')
    return only.sessions.length > 1 ? `${only.id} and the sessions before it` : only.id;
  const title = only.library.episodes.get(only.id)?.title;
  return `episode ${only.id}${title ? ` · ${title}` : ''}`;
}

/** Playing: how long the agent's last reply of a chain's session stays in view before the result card. */
const READ_LAST_TURN_MS = 1500;

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
  private chainGoesOn: (() => void) | undefined;
  private openTimer: NodeJS.Timeout | undefined;
  private openWaiters: (() => void)[] = [];
  /** Playing the agent: the reminders it set that are still active (a template cancels the last). */
  private reminders: string[] = [];
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
      ...(!opts.participant && (scriptedNotice(opts.mode, specs) ?? opts.setup.offlineNotice)
        ? { notice: scriptedNotice(opts.mode, specs) ?? offlineNoticeFor(specs) }
        : {}),
      ...(opts.participant ? { participant: opts.participant } : {}),
    }));
    this.pacer = new Pacer({ paused: Boolean(opts.paused), delayMs: opts.delayMs ?? 1000 }, (s) =>
      this.control.setState(s),
    );
    if (opts.mode !== 'watch') this.pacer.release();
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
              : this.holdBetween(next);
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
      if (!this.opts.pace && this.opts.openingCard !== false) this.openCard();
      const scenario = group.sessions.find((s) => s.id === event.scenario);
      // The protocol may offer tools `tools:` does not name (a proposal scenario's propose and wait).
      if (scenario) this.control.setState({ tools: sessionHints(this.registry, scenario) });
    }
    if (event.type === 'session_start') this.reminders = [];
    if (event.type === 'reminder') this.trackReminder(event);
    if (
      this.opts.mode === 'agent' &&
      (event.type === 'session_start' ||
        event.type === 'workspace_diff' ||
        event.type === 'awaiting_input')
    )
      this.listFiles();
    this.store.getState().dispatch(event);
    this.opts.onEvent?.(event);
  }

  /** The person playing the agent sees which files exist, as a list_dir call would, without spending a turn on it. */
  private listFiles(): void {
    const files = this.run?.env.workspace.listFiles();
    if (files && files.join('\n') !== this.control.getState().workspaceFiles?.join('\n'))
      this.control.setState({ workspaceFiles: files });
  }

  private trackReminder(e: Extract<TimedEvent, { type: 'reminder' }>): void {
    const over = e.action === 'cancelled' || (e.action === 'fired' && !e.condition);
    this.reminders = this.reminders.filter((id) => id !== e.id);
    if (!over) this.reminders.push(e.id);
  }

  /** The input a picked tool starts with, filled from the workspace, the apps and the reminders now. */
  toolTemplate(tool: ToolHint): { text: string; cursor: number } {
    return toolTemplate(tool, templateValues(tool, this.templateWorld()));
  }

  private templateWorld(): TemplateWorld {
    const env = this.run?.env;
    return {
      files: env?.workspace.listFiles() ?? [],
      readText: (file) => {
        try {
          const text = env?.workspace.readText(file);
          return text?.includes('\0') ? undefined : text;
        } catch {
          return undefined; // unreadable: the template names another file
        }
      },
      appState: (app) => env?.apps.state(app),
      reminders: this.reminders,
    };
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
   * Between two sessions of a chain the ended one stays on screen with its result card: a key
   * continues; watching, it also continues after three of its pace's delays unless paused.
   */
  private async holdBetween(next: NextSession): Promise<void> {
    await this.lastTurnShown();
    if (this.abortController.signal.aborted) return;
    this.control.setState({ between: next });
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const go = () => {
        if (timer) clearTimeout(timer);
        this.chainGoesOn = undefined;
        this.control.setState({ between: undefined });
        resolve();
      };
      this.chainGoesOn = go;
      const { mode, paused, delayMs } = this.control.getState();
      if (mode === 'watch' && !paused) timer = setTimeout(go, delayMs * 3);
    });
  }

  /**
   * The last (or only) session's result card, once its last turn was in view a while, as between
   * sessions. A stage (--vs, --present), a study and a run that failed or was quit show none.
   */
  private async showFinalCard(): Promise<void> {
    const { error, participant } = this.control.getState();
    if (this.opts.pace || error || participant) return;
    await this.lastTurnShown();
    if (this.abortController.signal.aborted || !this.store.getState().session.end) return;
    this.control.setState({ finished: { name: runName(this.opts.groups) } });
  }

  continueChain(): void {
    this.chainGoesOn?.();
  }

  /**
   * A session's last turn stays in view for a while before its result card covers it: watching, the
   * pace's delay; playing, a moment to read the agent's last reply. Quitting cuts it short.
   */
  private lastTurnShown(): Promise<void> {
    const { mode, delayMs } = this.control.getState();
    const wait = mode === 'watch' ? delayMs : READ_LAST_TURN_MS;
    if (wait <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, wait);
      const signal = this.abortController.signal;
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done);
    });
  }

  /** A session's first turn waits until its opening card is left, then for the watch's pace. */
  private readonly pace = async (turn: number): Promise<void> => {
    if (this.control.getState().opening)
      await new Promise<void>((resolve) => this.openWaiters.push(resolve));
    return this.pacer.pace(turn);
  };

  /**
   * Each session opens on a card (title, persona, request): a key leaves it. Watching, it is also
   * left after three of the pace's delays unless paused, and by resuming, stepping or taking over.
   */
  private openCard(): void {
    this.control.setState({ opening: true });
    const { mode, paused, delayMs } = this.control.getState();
    if (mode === 'watch' && !paused) this.openTimer = setTimeout(() => this.begin(), delayMs * 3);
  }

  begin(): void {
    clearTimeout(this.openTimer);
    if (!this.control.getState().opening) return;
    this.control.setState({ opening: false });
    for (const resolve of this.openWaiters.splice(0)) resolve();
  }

  quit(): void {
    for (const fork of this.forks) fork.quit();
    this.waitEnds?.('time_passes');
    this.chainGoesOn?.();
    this.begin();
    this.pacer.release();
    this.abortController.abort(new Error('quit'));
    this.run?.abort();
  }

  togglePause(): void {
    this.pacer.togglePause();
    // Resuming leaves the opening card; pausing keeps it up until a key.
    if (!this.pacer.paused) this.begin();
    else clearTimeout(this.openTimer);
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
    this.user?.takeOver(this.run?.tookOver() ?? false);
    this.pacer.release();
    this.begin();
    // Against a scripted agent the person must know it will not read them (as play says from the start).
    const notice = scriptedNotice('play', modeSpecs(this.opts.mode, this.opts.setup.specs));
    this.control.setState({
      mode: 'play',
      paused: false,
      takenOver: true,
      ...(notice && !this.opts.participant ? { notice } : {}),
    });
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
