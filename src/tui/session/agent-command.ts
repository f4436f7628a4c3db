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
  if (!trimmed)
    return { ok: false, error: 'type a reply, or /tool_name key=value … to call a tool' };
  if (trimmed.startsWith('//'))
    return { ok: true, action: { kind: 'reply', text: trimmed.slice(1) } };
  if (!trimmed.startsWith('/')) return { ok: true, action: { kind: 'reply', text } };
  const m = /^\/([A-Za-z0-9_.:-]+)\s*(.*)$/s.exec(trimmed);
  if (!m) return { ok: false, error: 'a tool call is /tool_name key=value …' };
  const name = m[1]!;
  if (tools.length && !tools.some((t) => t.name === name)) {
    return {
      ok: false,
      error: `no tool ${name}; this session has ${tools.map((t) => t.name).join(', ')}`,
    };
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
    if (!p)
      return {
        ok: false,
        error: `cannot read the arguments from “${rest.slice(pos)}”; write key=value or key="text with spaces"`,
      };
    // An optional parameter left as the picker put it (key="") is not given.
    const optional = tools
      .find((t) => t.name === name)
      ?.params.some((x) => x.name === p[1] && !x.required);
    if (!(optional && p[2] === '""')) args[p[1]!] = parseValue(p[2]!);
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

/**
 * The input a picked tool starts with: its name and its parameters to fill in. A required one gets
 * a value of its type (`""`, `0`, `[]`, an enum's first value), an optional one `""`, which means
 * "not given": sent untouched, the template is a valid call. The cursor waits in the first value.
 */
export function toolTemplate(tool: ToolHint): { text: string; cursor: number } {
  const head = `/${tool.name}`;
  if (!tool.params.length) return { text: `${head} `, cursor: head.length + 1 };
  const first = tool.params[0]!;
  const blank = (p: ToolHint['params'][number]) => (p.required ? (p.blank ?? '""') : '""');
  const text = `${head}${tool.params.map((p) => ` ${p.name}=${blank(p)}`).join('')}`;
  // In the quotes of a text value, or selecting nothing before any other value.
  const at = head.length + 1 + first.name.length + 1;
  return { text, cursor: blank(first) === '""' ? at + 1 : at };
}
