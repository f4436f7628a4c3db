/**
 * A scenario's tools as an MCP server, on the official SDK. Tools are offered with the JSON
 * Schemas the engine offers any agent, and every call goes to a `ToolSource`: under an acp
 * agent, the session's own tool path (so each call is a recorded, judged tool call); on its
 * own (`intentplay mcp`), a recorder of the calls. Arguments are not validated here: the
 * tool path checks them and records a bad call as a failed one, as for any agent.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { INTENTPLAY_VERSION } from '../config/package-info.ts';
import type { ToolOutcome, ToolSpec } from '../tools/registry.ts';

/** The name the server goes by: agents prefix our tools with it (`mcp__intentplay__read_file`). */
export const MCP_SERVER_NAME = 'intentplay';

export interface ToolSource {
  list(): readonly ToolSpec[] | Promise<readonly ToolSpec[]>;
  call(name: string, args: unknown): Promise<ToolOutcome>;
  /** Tells `listener` whenever the list changes (a proposal scenario's observe and execute turns); returns how to stop. */
  onListChanged?(listener: () => Promise<void>): () => void;
}

/** A tool's result as MCP text content (JSON for anything that is not already text). */
export function outcomeToResult(outcome: ToolOutcome): CallToolResult {
  if (!outcome.ok) return { content: [{ type: 'text', text: outcome.error }], isError: true };
  return { content: [{ type: 'text', text: resultText(outcome.result) }] };
}

/** A result as text: text as it is, nothing as `ok`, anything else as indented JSON. */
function resultText(result: unknown): string {
  if (typeof result === 'string') return result;
  return result === undefined ? 'ok' : JSON.stringify(result, null, 2);
}

// The low-level Server: our tools come with JSON Schemas from another registry, not zod shapes.
export function createToolServer(source: ToolSource): Server {
  // Clients are told when the tools change (notifications/tools/list_changed), so they list them again.
  const server = new Server(
    { name: MCP_SERVER_NAME, version: INTENTPLAY_VERSION },
    { capabilities: { tools: { listChanged: true } } },
  );
  const stop = source.onListChanged?.(() => server.sendToolListChanged().catch(() => undefined));
  if (stop) server.onclose = stop;
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await source.list()).map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: { ...t.parameters, type: 'object' as const },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (req) =>
    callToolResult(source, req.params.name, req.params.arguments ?? {}),
  );
  return server;
}

/** One tools/call's result, as the server's handler gives it (and the transport's direct way, node-transport.ts). */
export async function callToolResult(
  source: ToolSource,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  return outcomeToResult(await source.call(name, args));
}
