/**
 * What an external agent's permission request asks, as a person reads it: the tool and its
 * arguments, whatever wrapping the agent puts around them. The recording keeps the request whole;
 * this is only how it is shown.
 */
import { truncate } from './text.ts';

export interface PermissionAsked {
  /** The tool to run, by name (the request's title when it names no tool of its own). */
  tool: string;
  /** The tool's arguments (undefined when the agent sent none). */
  args: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Codex (codex-acp) asks about a call to an MCP tool with the MCP elicitation it got, titled
 * "Approve MCP tool call": the tool's name is in its message, the arguments in `_meta.tool_params`.
 */
function codexMcpCall(input: unknown): PermissionAsked | undefined {
  if (!isRecord(input) || !isRecord(input.request)) return undefined;
  const { message, _meta: meta } = input.request;
  if (!isRecord(meta) || typeof message !== 'string') return undefined;
  const name = /\btool "([^"]+)"/.exec(message)?.[1];
  if (!name) return undefined;
  const server = typeof input.server_name === 'string' ? ` on ${input.server_name}` : '';
  return { tool: `${name}${server}`, args: meta.tool_params ?? {} };
}

export function permissionAsked(p: { title: string; input?: unknown }): PermissionAsked {
  return codexMcpCall(p.input) ?? { tool: p.title, args: p.input };
}

/** One argument's value on one line: text with its line ends marked, lists of words joined. */
function valueText(v: unknown): string {
  if (typeof v === 'string') return v.replace(/\r?\n/g, '↵');
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null))
    return v.map(String).join(' ');
  return JSON.stringify(v) ?? String(v);
}

/**
 * The arguments as `key: value` lines of at most `cols` cells each (a longer value is cut with
 * `…`); past `maxLines`, the last line says how many more there are.
 */
export function permissionArgLines(args: unknown, cols: number, maxLines = 4): string[] {
  if (args === undefined || args === null) return ['no arguments sent'];
  if (!isRecord(args)) return [truncate(valueText(args), cols)];
  const entries = Object.entries(args);
  if (!entries.length) return ['no arguments'];
  const shown = entries.length > maxLines ? entries.slice(0, maxLines - 1) : entries;
  const lines = shown.map(([k, v]) => truncate(`${k}: ${valueText(v)}`, cols));
  if (shown.length < entries.length) lines.push(`… and ${entries.length - shown.length} more`);
  return lines;
}

/** The arguments on one line, for transcripts: `path: notes.md · content: # Notes↵…`. */
export function permissionArgsLine(args: unknown, cols = 200): string {
  if (!isRecord(args)) return permissionArgLines(args, cols)[0]!;
  const each = Math.max(20, Math.floor(cols / Math.max(1, Object.keys(args).length)));
  return truncate(permissionArgLines(args, each, Infinity).join(' · '), cols);
}
