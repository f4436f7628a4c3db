/**
 * The agent of `intentplay mcp SCENARIO`: whoever connects to the tool server. Its one turn
 * lasts as long as the server runs; every call the client makes is a tool call of that turn,
 * recorded and judged like any agent's. Calls that arrive before the turn starts wait for it.
 */
import { errorMessage } from '../contracts/errors.ts';
import type { AgentBackend, AgentTurnInput } from '../contracts/backends.ts';
import type { BackendInfo } from '../contracts/events.ts';
import type { ToolOutcome, ToolSpec } from '../tools/registry.ts';
import type { ToolSource } from './tool-server.ts';

export class ServedAgent implements AgentBackend {
  readonly info: BackendInfo = { kind: 'mcp', name: 'a client of intentplay mcp' };
  private turn: AgentTurnInput | undefined;
  private ready!: (input: AgentTurnInput) => void;
  private readonly started = new Promise<AgentTurnInput>((resolve) => (this.ready = resolve));
  private finish: (() => void) | undefined;
  private closed = false;

  /** What the MCP server offers and runs: the session's tools, once its turn has started. */
  readonly source: ToolSource = {
    list: async (): Promise<readonly ToolSpec[]> => (await this.started).tools,
    call: async (name: string, args: unknown): Promise<ToolOutcome> => {
      const turn = this.turn ?? (await this.started);
      if (this.closed) return { ok: false, error: 'the session has ended' };
      try {
        return await turn.callTool(name, args);
      } catch (err) {
        return { ok: false, error: errorMessage(err) };
      }
    },
  };

  runTurn(input: AgentTurnInput): Promise<{ reply: string }> {
    this.turn = input;
    this.ready(input);
    if (this.closed) return Promise.resolve({ reply: '' });
    return new Promise((resolve) => {
      this.finish = () => resolve({ reply: '' });
      input.signal.addEventListener('abort', this.finish, { once: true });
    });
  }

  /** The client is gone (or the server stops): the turn ends, and with it the session. */
  end(): void {
    this.closed = true;
    this.finish?.();
  }
}
