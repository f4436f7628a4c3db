/**
 * The direct way of a plain `tools/call` (node-transport.ts): a request the SDK's `Server` would
 * take as it is (one message, a tool's name, arguments as an object, no task, no related task)
 * goes straight to the tool, and its answer is the one the Server would give, to the byte. What
 * it saves is the SDK's way in, which checks each message against zod schemas eight times
 * (type guards that fail build their errors first) before the handler runs: most of our CPU on
 * the way in, and time a loaded machine stretches. Anything else takes the Server's way.
 */
import { safeParse } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import {
  CallToolResultSchema,
  ErrorCode,
  McpError,
  RELATED_TASK_META_KEY,
  type CallToolResult,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/** Runs one tool for the direct way: the tool server's own handler (tool-server.ts). */
export type CallTool = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

export interface PlainToolCall {
  id: RequestId;
  name: string;
  args: Record<string, unknown>;
}

const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** A request id or progress token as the SDK's schemas take them: text, or a safe integer. */
const isId = (v: unknown): v is RequestId => typeof v === 'string' || Number.isSafeInteger(v);

/**
 * The call when `raw` (one parsed JSON-RPC message) is a tools/call the SDK would accept and hand
 * to our handler unchanged; undefined for anything the SDK should judge itself.
 */
export function plainToolCall(raw: unknown): PlainToolCall | undefined {
  if (!isPlainObject(raw) || raw.jsonrpc !== '2.0' || raw.method !== 'tools/call') return;
  if (!isId(raw.id)) return;
  // The SDK's JSON-RPC request is strict: a key of any other name makes the message invalid.
  for (const key in raw) if (!MESSAGE_KEYS.has(key)) return;
  const params = raw.params;
  if (!isPlainObject(params) || typeof params.name !== 'string' || params.task !== undefined)
    return;
  const meta = params._meta;
  if (meta !== undefined) {
    if (!isPlainObject(meta) || meta[RELATED_TASK_META_KEY] !== undefined) return;
    if (meta.progressToken !== undefined && !isId(meta.progressToken)) return;
  }
  const args = params.arguments;
  if (args === undefined) return { id: raw.id, name: params.name, args: {} };
  // zod's copy of a record would drop an own `__proto__` key: leave such arguments to it.
  if (!isPlainObject(args) || Object.hasOwn(args, '__proto__')) return;
  return { id: raw.id, name: params.name, args };
}

let warmed = false;

/**
 * zod builds a schema's checks on its first parse, about 5 ms for the result's schema on a busy
 * machine: done when a tool server starts (before an agent can call), not in the first call.
 */
export function warmDirectCall(): void {
  if (warmed) return;
  warmed = true;
  safeParse(CallToolResultSchema, { content: [{ type: 'text', text: '' }], isError: true });
}

/** The answer the SDK's Server gives to the call: its result checked as the Server checks it, or its error. */
export async function answerDirect(
  call: PlainToolCall,
  callTool: CallTool,
): Promise<JSONRPCMessage> {
  try {
    const checked = safeParse(CallToolResultSchema, await callTool(call.name, call.args));
    if (!checked.success) {
      const why = checked.error instanceof Error ? checked.error.message : String(checked.error);
      throw new McpError(ErrorCode.InvalidParams, `Invalid tools/call result: ${why}`);
    }
    return { result: checked.data, jsonrpc: '2.0', id: call.id } as JSONRPCMessage;
  } catch (thrown) {
    const error = thrown as { code?: unknown; message?: string; data?: unknown };
    return {
      jsonrpc: '2.0',
      id: call.id,
      error: {
        code: Number.isSafeInteger(error.code) ? (error.code as number) : ErrorCode.InternalError,
        message: error.message ?? 'Internal error',
        ...(error.data !== undefined && { data: error.data }),
      },
    };
  }
}
