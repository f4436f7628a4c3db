/**
 * The tool calls an acp agent reports (`tool_call`, `tool_call_update`): its own tools are
 * recorded as external calls, every update merging into the call; calls to intentplay's MCP
 * tools are recorded where they run, and only matched here (announced.ts), unless the agent
 * fails one itself before it comes, which is then recorded so that something shows it.
 */
import { ToolStepCapError, type AgentTurnInput } from '../../contracts/backends.ts';
import type { SessionUpdate, ToolCall, ToolCallUpdate } from '@agentclientprotocol/sdk';
import { MCP_SERVER_NAME } from '../../mcp/tool-server.ts';
import type { ToolSpec } from '../../tools/registry.ts';
import { AnnouncedCalls } from './announced.ts';
import { toolCallDetails, toolCallName, toolCallOutcome } from './updates.ts';

/** A tool call's update as the session streams it. */
export type ToolCallNews = Extract<
  SessionUpdate,
  { sessionUpdate: 'tool_call' | 'tool_call_update' }
>;

/** Called when recording a call hits the turn's tool-step cap. */
type OnCap = (err: ToolStepCapError) => void;

export class ToolCallTracker {
  /** What the agent said of each tool call so far (all its updates merged): a permission request may name only the id. */
  readonly known = new Map<string, Record<string, unknown>>();
  /** Calls to our tools the agent announced, matched with the MCP calls that reach us. */
  readonly announced = new AnnouncedCalls();

  /** `offered`: the tools intentplay's MCP server offers now. */
  constructor(private readonly offered: () => readonly ToolSpec[]) {}

  track(u: ToolCallNews, input: AgentTurnInput, onCap: OnCap): void {
    this.known.set(u.toolCallId, {
      ...this.known.get(u.toolCallId),
      ...(u.kind ? { kind: u.kind } : {}),
      ...toolCallDetails(u),
    });
    if (u.sessionUpdate === 'tool_call') this.started(u, input, onCap);
    else this.updated(u, input, onCap);
  }

  private started(u: ToolCall, input: AgentTurnInput, onCap: OnCap): void {
    // A call to our own MCP server is recorded where it runs (callTool), not twice: unless the agent fails it before it comes.
    const name = toolCallName(u);
    if (this.ours(u.title, name)) {
      this.announced.announce(u.toolCallId, [name, u.title]);
      if (u.status === 'failed' && this.announced.pending(u.toolCallId))
        this.blocked(u, input, onCap);
      return;
    }
    try {
      input.external.start(u.toolCallId, name, { title: u.title, ...toolCallDetails(u) });
    } catch (err) {
      if (err instanceof ToolStepCapError) onCap(err);
      return;
    }
    const outcome = toolCallOutcome(u);
    if (outcome) input.external.finish(u.toolCallId, outcome);
  }

  private updated(u: ToolCallUpdate, input: AgentTurnInput, onCap: OnCap): void {
    if (this.announced.has(u.toolCallId)) {
      if (u.status === 'failed' && this.announced.pending(u.toolCallId))
        this.blocked(u, input, onCap);
      if (u.status === 'completed') this.announced.settle(u.toolCallId);
      return;
    }
    // Agents send a call's input in later updates too (opencode does): each one merges into the recorded call.
    const details = toolCallDetails(u);
    if (Object.keys(details).length) input.external.update(u.toolCallId, details);
    const outcome = toolCallOutcome(u);
    if (outcome) input.external.finish(u.toolCallId, outcome);
  }

  /** A call to our tools the agent failed itself (Claude Code's permission mode blocks them): recorded, or nothing would show it. */
  private blocked(u: ToolCall | ToolCallUpdate, input: AgentTurnInput, onCap: OnCap): void {
    const announced = this.announced.settle(u.toolCallId) ?? toolCallName(u);
    const name = blockedName(this.known.get(u.toolCallId)?.title, announced);
    try {
      input.external.start(u.toolCallId, name, { ...this.known.get(u.toolCallId) });
    } catch (err) {
      if (err instanceof ToolStepCapError) onCap(err);
      return;
    }
    const error = toolCallOutcome(u);
    const why = error && !error.ok ? error.error : 'failed';
    input.external.finish(u.toolCallId, {
      ok: false,
      error: `the agent failed this call before it reached intentplay: ${why}`,
    });
  }

  private ours(title: string, name: string): boolean {
    return (
      title.includes(MCP_SERVER_NAME) ||
      this.offered().some((t) => t.name === name || t.name === title)
    );
  }
}

/**
 * A call to our tools the agent failed itself goes by the agent's own name for it, from its title
 * (Codex `Tool: intentplay/list_dir`, Claude Code `mcp__intentplay__write_file`), not its kind
 * (`other`): it reads as the tool it was, and a rule about our tool (`list_dir`) does not count
 * a call that never ran.
 */
function blockedName(title: unknown, fallback: string): string {
  const said = typeof title === 'string' ? title.replace(/^Tool:\s*/, '').trim() : '';
  return said.includes(MCP_SERVER_NAME) ? said : fallback;
}
