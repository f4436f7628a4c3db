/**
 * The `acp:'COMMAND'` agent: any agent that speaks the Agent Client Protocol, run as a
 * subprocess (docs/agents.md). One ACP session per intentplay session, its cwd the episode's
 * workspace and intentplay's tool server in its `mcpServers`; each turn's new messages are one
 * `session/prompt`. Streamed text becomes the live reply, the agent's own tools and its MCP
 * calls become tool calls, plans are shown, permission requests follow permissions.ts. Starting
 * the process, its connection and its session is connect.ts.
 */
import { channel } from 'node:diagnostics_channel';
import { methods, type SessionUpdate } from '@agentclientprotocol/sdk';
import { errorMessage } from '../../contracts/errors.ts';
import {
  incomingText,
  ToolStepCapError,
  type AgentBackend,
  type AgentTurnInput,
} from '../../contracts/backends.ts';
import type { BackendInfo, PermissionDecision } from '../../contracts/events.ts';
import type { InputQueue } from '../../session/input-queue.ts';
import { MCP_SERVER_NAME } from '../../mcp/tool-server.ts';
import type { ToolOutcome, ToolSpec } from '../../tools/registry.ts';
import { AgentClock } from './clock.ts';
import { failure, failureReason, startAgent, type Live } from './connect.ts';
import { ReplyText } from './reply.ts';
import type { AgentProcess } from './process.ts';
import { ToolCallTracker } from './tool-calls.ts';
import { turnPreamble } from './updates.ts';

export interface AcpAgentOptions {
  command: string;
  /** How long one prompt may take (default 300 s); also bounds start-up. */
  timeoutMs?: number;
  /** Present when a person is at the screen: permission requests are asked there. */
  permissions?: InputQueue<PermissionDecision>;
  logFile?: string;
  /**
   * Every tool of the session in one list that never changes, for an agent that keeps the list it
   * got first (Codex ignores tools/list_changed): a tool a turn does not allow (a proposal
   * scenario's write tools while it observes) answers that it is not available now.
   */
  oneToolList?: boolean;
}

const DEFAULT_TIMEOUT_MS = 300_000;
/** When a prompt goes to the agent and when its answer ends, for benchmarks inside real sessions (bench/real-agents.ts). */
export const promptTiming = channel('intentplay:acp:prompt');
/** How long a prompt waits for the agent to list its tools again after they changed. */
const RELIST_WAIT_MS = 1000;
/** … and how long after it listed them, before the prompt goes. */
const RELIST_SETTLE_MS = 300;

export class AcpAgent implements AgentBackend {
  readonly info: BackendInfo;
  readonly editsFiles = true;
  private live: Live | undefined;
  /** The process while it starts: a deadline, a quit or close() stops it too. */
  private starting: AgentProcess | undefined;
  /** The turn in progress: MCP calls and permission requests belong to it. */
  private turn: AgentTurnInput | undefined;
  private offered: readonly ToolSpec[] = [];
  /** With oneToolList: the list served all session long. */
  private oneList: readonly ToolSpec[] | undefined;
  private warnedNoRelist = false;
  /** The tool servers' clients to tell when the offered tools change (MCP notifications/tools/list_changed). */
  private readonly listChanged = new Set<() => Promise<void>>();
  private seen = 0;
  /** Set while a turn waits for the agent to list its tools again after list_changed. */
  private relisted: (() => void) | undefined;
  /** How many times the agent listed our tools. */
  private lists = 0;
  /** Whether the agent ever listed or called our tools: one that never does cannot use the scenario's tools. */
  private reachedTools = false;
  private warnedUnreached = false;
  private capError: ToolStepCapError | undefined;
  private readonly always = new Set<string>();
  /** The agent's tool calls as it reports them: its own recorded, ours matched to the MCP calls. */
  private readonly calls = new ToolCallTracker(() => this.offered);
  private readonly timeoutMs: number;
  /** The deadline under way: it stops while the person decides a permission request. */
  private clock: AgentClock | undefined;
  /** The reply of the prompt under way. */
  private reply = new ReplyText();

  constructor(private readonly opts: AcpAgentOptions) {
    this.info = { kind: 'acp', name: opts.command };
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async runTurn(input: AgentTurnInput): Promise<{ reply: string }> {
    this.turn = input;
    // A proposal scenario offers other tools when it executes than when it observes: the agent is told before its prompt.
    const tools = this.opts.oneToolList ? (this.oneList ??= oneList(input)) : input.tools;
    const changed = names(tools) !== names(this.offered);
    this.offered = tools;
    if (changed && this.live) await this.toolsChanged(input);
    this.capError = undefined;
    // Quitting while the agent starts (it may never answer `initialize`) stops its process.
    const stopStarting = () => void this.starting?.stop();
    input.signal.addEventListener('abort', stopStarting, { once: true });
    try {
      const live =
        this.live ?? (this.live = await this.withDeadline(this.start(input), 'to start'));
      input.signal.removeEventListener('abort', stopStarting);
      const first = this.seen === 0;
      const entries = input.transcript.slice(this.seen).flatMap((e) => incomingText(e) ?? []);
      this.seen = input.transcript.length;
      const text = [turnPreamble(input, first), ...entries].filter(Boolean).join('\n\n');
      return await this.withDeadline(this.prompt(live, text, input), 'to answer');
    } catch (err) {
      // Quit, ended by hand, failed, late or capped: what the agent had said is kept, not only its end.
      const said = this.reply.cutShort();
      if (said)
        input.emit({
          type: 'notice',
          turn: input.turn,
          level: input.signal.aborted ? 'info' : 'warning',
          text: said,
        });
      throw err;
    } finally {
      this.reply = new ReplyText();
      input.signal.removeEventListener('abort', stopStarting);
      this.turn = undefined;
    }
  }

  /**
   * The offered tools changed: the agent's MCP clients are told (notifications/tools/list_changed),
   * and its prompt waits until one lists them again, at most RELIST_WAIT_MS. Without the wait an
   * agent that re-lists in the background (opencode) sends its first model request with the old list.
   */
  private async toolsChanged(input: AgentTurnInput): Promise<void> {
    if (!this.listChanged.size) return;
    let timer: NodeJS.Timeout | undefined;
    const relisted = new Promise<void>((resolve) => {
      this.relisted = resolve;
      timer = setTimeout(resolve, RELIST_WAIT_MS);
    });
    const listed = this.lists;
    await Promise.all([...this.listChanged].map((l) => l()));
    await relisted;
    clearTimeout(timer);
    this.relisted = undefined;
    // Listing is not using: Gemini CLI needs a moment to put the new list into its chat.
    if (this.lists > listed) await new Promise((resolve) => setTimeout(resolve, RELIST_SETTLE_MS));
    else if (!this.warnedNoRelist) {
      this.warnedNoRelist = true;
      input.emit({
        type: 'notice',
        turn: input.turn,
        level: 'warning',
        text: `the agent did not list intentplay's tools again after they changed (notifications/tools/list_changed): it still has the last turn's tools, so it may not carry out this turn. For an agent that keeps its first list (Codex), run with --one-tool-list`,
      });
    }
  }

  async close(): Promise<void> {
    const starting = this.starting;
    this.starting = undefined;
    await starting?.stop();
    const live = this.live;
    this.live = undefined;
    if (!live) return;
    live.session.dispose();
    live.conn.close();
    await Promise.all([live.proc.stop(), live.tools.close()]);
  }

  // ---- start: process, initialize, tool server, session/new (connect.ts)

  private async start(input: AgentTurnInput): Promise<Live> {
    let proc: AgentProcess | undefined;
    try {
      return await startAgent({
        command: this.opts.command,
        cwd: input.cwd,
        ...(this.opts.logFile ? { logFile: this.opts.logFile } : {}),
        spawned: (p) => (this.starting = proc = p),
        permissions: () => ({
          turn: this.turn,
          known: this.calls.known,
          always: this.always,
          person: this.opts.permissions,
          held: (wait) => this.clock?.held(wait) ?? wait,
        }),
        tools: {
          list: () => {
            this.reachedTools = true;
            this.lists++;
            this.relisted?.();
            return this.offered;
          },
          call: (name, args) => this.callTool(name, args),
          onListChanged: (listener) => {
            this.listChanged.add(listener);
            return () => this.listChanged.delete(listener);
          },
        },
      });
    } finally {
      if (proc && this.starting === proc) this.starting = undefined;
    }
  }

  // ---- one prompt

  private async prompt(
    live: Live,
    text: string,
    input: AgentTurnInput,
  ): Promise<{ reply: string }> {
    const failed = failure(live.proc, live.conn);
    // Quitting cancels the prompt; an agent that does not stop soon after is stopped.
    let stopper: NodeJS.Timeout | undefined;
    const onAbort = () => {
      void live.conn.agent
        .notify(methods.agent.session.cancel, { sessionId: live.session.sessionId })
        .catch(() => undefined);
      stopper = setTimeout(() => void live.proc.stop(), 2000);
    };
    input.signal.addEventListener('abort', onAbort, { once: true });
    const reply = (this.reply = new ReplyText());
    try {
      // The prompt's answer also arrives as a `stop` message below; only its failure matters here.
      if (promptTiming.hasSubscribers) promptTiming.publish({ phase: 'sent', turn: input.turn });
      const refused = live.session.prompt(text).then(() => new Promise<never>(() => undefined));
      refused.catch(() => undefined);
      for (;;) {
        const msg = await Promise.race([live.session.nextUpdate(), failed, refused]);
        if (msg.kind === 'stop') {
          if (promptTiming.hasSubscribers)
            promptTiming.publish({ phase: 'stopped', turn: input.turn });
          if (input.signal.aborted)
            throw input.signal.reason instanceof Error ? input.signal.reason : new Error('aborted');
          if (this.capError) throw this.capError;
          if (!this.reachedTools && !this.warnedUnreached) this.unreachedTools(input);
          if (msg.stopReason === 'refusal')
            input.emit({
              type: 'notice',
              turn: input.turn,
              level: 'warning',
              text: 'the agent refused to go on with this prompt',
            });
          return { reply: reply.text.trim() };
        }
        this.update(msg.update, input, live);
      }
    } catch (err) {
      if (err === this.capError || input.signal.aborted) throw err;
      const why = await failureReason(live.proc, err);
      await live.proc.stop();
      throw new Error(`the acp agent failed: ${why}${live.proc.stderrTail()}`);
    } finally {
      clearTimeout(stopper);
      input.signal.removeEventListener('abort', onAbort);
    }
  }

  /** One streamed update: text added to the reply (and shown as it comes), the rest emitted. */
  private update(u: SessionUpdate, input: AgentTurnInput, live: Live): void {
    switch (u.sessionUpdate) {
      case 'agent_message_chunk': {
        if (u.content.type !== 'text') return;
        const text = this.reply.add(u.content.text);
        if (text) input.emit({ type: 'agent_delta', turn: input.turn, text });
        return;
      }
      case 'tool_call':
        this.reply.paused();
        this.calls.track(u, input, (err) => this.cap(live, err));
        return;
      case 'tool_call_update':
        this.calls.track(u, input, (err) => this.cap(live, err));
        return;
      case 'plan':
        this.reply.paused();
        input.emit({
          type: 'plan',
          turn: input.turn,
          entries: u.entries.map((e) => ({
            content: e.content,
            status: e.status,
            priority: e.priority,
          })),
        });
        return;
      default:
        return;
    }
  }

  /** The turn's tool-step cap is reached: the prompt is cancelled and the turn ends with the cap's error. */
  private cap(live: Live, err: ToolStepCapError): void {
    if (this.capError) return;
    this.capError = err;
    void live.conn.agent
      .notify(methods.agent.session.cancel, { sessionId: live.session.sessionId })
      .catch(() => undefined);
  }

  // ---- what the agent asks of us

  /** After its first prompt the agent has neither listed nor called our tools: it is not using them. Said once. */
  private unreachedTools(input: AgentTurnInput): void {
    this.warnedUnreached = true;
    input.emit({
      type: 'notice',
      turn: input.turn,
      level: 'warning',
      text: `the agent never listed or called intentplay's tools (the \`${MCP_SERVER_NAME}\` MCP server): the scenario's apps, memory and time tools are out of its reach. Gemini CLI ignores MCP servers in a folder it does not trust (docs/agents.md)`,
    });
  }

  private async callTool(name: string, args: unknown): Promise<ToolOutcome> {
    this.reachedTools = true;
    const turn = this.turn;
    if (!turn)
      return {
        ok: false,
        error:
          'no agent turn is running: intentplay tools answer only while the agent works on a prompt',
      };
    this.calls.announced.arrived(name);
    this.reply.paused();
    try {
      const over = turn.turnOver();
      const outcome = await turn.callTool(name, args);
      // propose or wait ended an observe turn: the prompt is cancelled, as PARE's control actions
      // end the turn (once; later calls of the turn are refused). The cancel goes out before the
      // call's answer, so the agent knows its turn is over when it reads the answer: sent after,
      // an agent could start another step first, whose calls would be refused and recorded.
      if (!over && turn.turnOver()) this.cancelTurn(turn);
      return outcome;
    } catch (err) {
      if (err instanceof ToolStepCapError && this.live) this.cap(this.live, err);
      return { ok: false, error: errorMessage(err) };
    }
  }

  /** Cancels the agent's prompt of `turn`. */
  private cancelTurn(turn: AgentTurnInput): void {
    if (!this.live) return;
    if (promptTiming.hasSubscribers) promptTiming.publish({ phase: 'cancelled', turn: turn.turn });
    void this.live.conn.agent
      .notify(methods.agent.session.cancel, { sessionId: this.live.session.sessionId })
      .catch(() => undefined);
  }

  private async withDeadline<T>(work: Promise<T>, what: string): Promise<T> {
    let clock: AgentClock | undefined;
    work.catch(() => undefined); // settles after the deadline when it is late
    const late = new Promise<never>((_, reject) => {
      clock = this.clock = new AgentClock(this.timeoutMs, () => reject(new Error('late')));
    });
    try {
      return await Promise.race([work, late]);
    } catch (err) {
      if (errorMessage(err) !== 'late') throw err;
      const tail = (this.live?.proc ?? this.starting)?.stderrTail() ?? '';
      await this.close();
      throw new Error(
        `the acp agent took longer than ${Math.round(this.timeoutMs / 1000)} s ${what} (--agent-timeout), and was stopped${tail}`,
      );
    } finally {
      clock?.stop();
      if (this.clock === clock) this.clock = undefined;
    }
  }
}

const names = (tools: readonly ToolSpec[]): string => tools.map((t) => t.name).join('\n');

/** Said of a tool the first turn does not allow: while observing it answers that it is not available. */
const LATER =
  ' (Only once the user accepts a proposal of yours: while you observe, a call answers that it is not available in this turn.)';

/** Every tool of the session, those the first turn does not allow saying so. */
function oneList(input: AgentTurnInput): readonly ToolSpec[] {
  const now = new Set(input.tools.map((t) => t.name));
  return (input.allTools ?? input.tools).map((t) =>
    now.has(t.name) ? t : { ...t, description: t.description + LATER },
  );
}
