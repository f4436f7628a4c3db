/**
 * What a person playing the agent types: a reply, or a tool call.
 *   /write_file path=plan.md content="# Plan\nMonday: oats"
 *   /write_file {"path": "plan.md", "content": "# Plan"}
 *   //text  sends a reply that starts with "/"
 * Values are JSON when they parse as JSON (numbers, true, "quoted\nstrings"), else text.
 */
import { errorMessage } from '../../contracts/errors.ts';
import type { HumanAgentAction } from '../../session/input-queue.ts';
import type { ToolHint } from './controller.ts';

export type Parsed = { ok: true; action: HumanAgentAction } | { ok: false; error: string };

export function parseAgentInput(text: string, tools: readonly ToolHint[] = []): Parsed {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: 'type a reply, or /tool_name key=value … to call a tool' };
  if (trimmed.startsWith('//')) return { ok: true, action: { kind: 'reply', text: trimmed.slice(1) } };
  if (!trimmed.startsWith('/')) return { ok: true, action: { kind: 'reply', text } };
  const m = /^\/([A-Za-z0-9_.:-]+)\s*(.*)$/s.exec(trimmed);
  if (!m) return { ok: false, error: 'a tool call is /tool_name key=value …' };
  const name = m[1]!;
  if (tools.length && !tools.some((t) => t.name === name)) {
    return { ok: false, error: `no tool ${name}; this session has ${tools.map((t) => t.name).join(', ')}` };
  }
  const rest = m[2]!.trim();
  if (rest.startsWith('{')) {
    try {
      return { ok: true, action: { kind: 'tool', name, args: JSON.parse(rest) as unknown } };
    } catch (err) {
      return { ok: false, error: `the arguments are not JSON: ${errorMessage(err)}` };
    }
  }
  const args: Record<string, unknown> = {};
  const pair = /([A-Za-z_][\w.-]*)=("(?:[^"\\]|\\.)*"|\S+)\s*/gy;
  let pos = 0;
  while (pos < rest.length) {
    pair.lastIndex = pos;
    const p = pair.exec(rest);
    if (!p) return { ok: false, error: `cannot read the arguments from “${rest.slice(pos)}”; write key=value or key="text with spaces"` };
    args[p[1]!] = parseValue(p[2]!);
    pos = pair.lastIndex;
  }
  return { ok: true, action: { kind: 'tool', name, args } };
}

function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** The input a picked tool starts with: its name and its parameters to fill in. */
export function toolTemplate(tool: ToolHint): { text: string; cursor: number } {
  // Empty quoted values parse as they are, so sending the template untouched is a valid call; the cursor waits in the first quotes.
  const text = `/${tool.name}${tool.params.map((p) => ` ${p.name}=""`).join('')}`;
  const first = text.indexOf('=""');
  return { text: tool.params.length ? text : `${text} `, cursor: first >= 0 ? first + 2 : text.length + 1 };
}
