/**
 * Calls to intentplay's own tools as an acp agent announces them (`tool_call` updates) matched
 * with the MCP calls that reach us. A call that reaches us is recorded where it runs; one the
 * agent fails before making it is recorded from its announcement (agent.ts `blocked`). Agents
 * differ in the order: Claude Code announces first, opencode may make the MCP call before its
 * `tool_call` update arrives, so both sides wait for the other, matched by tool name.
 */

interface Announced {
  /** The agent's names for the call: its name or kind, and its title (`intentplay_propose`). */
  names: string[];
}

/** Whether the agent's name for a call (`mcp__intentplay__propose`, `intentplay_propose`, Codex's `Tool: intentplay/propose`) is our tool `tool`. */
const names = (said: string, tool: string) =>
  said === tool || ['_', '.', '/'].some((sep) => said.endsWith(`${sep}${tool}`));

export class AnnouncedCalls {
  /** Announced, not reached yet: id → what the agent called it, oldest first. */
  private readonly waiting = new Map<string, Announced>();
  /** Reached us before the agent announced them: our tool names, oldest first. */
  private readonly early: string[] = [];
  /** Announced calls that reached us: their later updates say nothing new. */
  private readonly reached = new Set<string>();

  /** The agent announced a call to our tools. */
  announce(id: string, said: string[]): void {
    const early = this.early.findIndex((tool) => said.some((s) => names(s, tool)));
    if (early >= 0) {
      this.early.splice(early, 1);
      this.reached.add(id);
    } else this.waiting.set(id, { names: said });
  }

  /** An MCP call to `tool` reached us: it settles the call announced for it (by name, else the oldest). */
  arrived(tool: string): void {
    const byName = [...this.waiting].find(([, a]) => a.names.some((s) => names(s, tool)));
    const id = byName?.[0] ?? this.waiting.keys().next().value;
    if (id === undefined) {
      this.early.push(tool);
      return;
    }
    this.waiting.delete(id);
    this.reached.add(id);
  }

  /** Whether an update of `id` is about a call to our tools (announced, reached or not). */
  has(id: string): boolean {
    return this.waiting.has(id) || this.reached.has(id);
  }

  /** Still waiting to reach us: a failure now is the agent's own. */
  pending(id: string): boolean {
    return this.waiting.has(id);
  }

  /** The call is over (failed by the agent, or completed); returns the name it was announced with. */
  settle(id: string): string | undefined {
    const name = this.waiting.get(id)?.names[0];
    this.waiting.delete(id);
    return name;
  }
}
