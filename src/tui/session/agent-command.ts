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
import { EMPTY_WORLD, templateValues, type TemplateValues } from './template-values.ts';

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
  const params = tools.find((t) => t.name === name)?.params ?? [];
  const toFill: string[] = [];
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
    // A value left as key="" is not given: an optional one is left out, one to fill is asked for.
    const param = params.find((x) => x.name === p[1]);
    if (p[2] !== '""' || !param || (param.required && !param.fill)) args[p[1]!] = parseValue(p[2]!);
    else if (param.required) toFill.push(param.name);
    pos = pair.lastIndex;
  }
  if (toFill.length) return { ok: false, error: fillIn(name, toFill) };
  return { ok: true, action: { kind: 'tool', name, args } };
}

/** What enter says when a template's value to fill is still empty. */
function fillIn(tool: string, names: readonly string[]): string {
  const app = tool.includes('__') ? tool.slice(0, tool.indexOf('__')) : undefined;
  const login = app && names.includes('access_token') ? `: log in first (/${app}__login)` : '';
  return `fill in ${names.join(', ')}${login}`;
}

function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * The input a picked tool starts with: its name and its required parameters with the values
 * given (JSON text), in the tool's order; a value to fill is `""` and the cursor waits in the
 * first of them, else at the end of `cursorAt`'s value, else at the end. Optional parameters are
 * left out (the picker lists them).
 */
export function toolTemplate(
  tool: ToolHint,
  values: TemplateValues = templateValues(tool, EMPTY_WORLD),
): { text: string; cursor: number } {
  let text = `/${tool.name}`;
  let cursor: number | undefined;
  let cursorAt: number | undefined;
  for (const p of tool.params) {
    const value = values.given[p.name] ?? (values.toFill.includes(p.name) ? '""' : undefined);
    if (value === undefined) continue;
    text += ` ${p.name}=`;
    if (cursor === undefined && values.toFill.includes(p.name)) cursor = text.length + 1;
    text += value;
    // In the quotes of a text value, at its end.
    if (p.name === values.cursorAt)
      cursorAt = value.startsWith('"') ? text.length - 1 : text.length;
  }
  if (!tool.params.some((p) => p.required)) text += ' ';
  return { text, cursor: cursor ?? cursorAt ?? text.length };
}
