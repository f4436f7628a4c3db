/** Reading an ACP agent's tool-call updates, and what each prompt starts with. */
import type { ToolCall, ToolCallUpdate } from '@agentclientprotocol/sdk';
import type { AgentTurnInput } from '../../contracts/backends.ts';
import type { ToolOutcome } from '../../tools/registry.ts';

/** A tool call's name as recorded: the agent's name for it, else its kind (`edit`, `execute`, …). */
export function toolCallName(tc: ToolCall | ToolCallUpdate): string {
  return tc.name || tc.kind || 'other';
}

/** What a tool-call message says of the call's input: its title, raw input and places, each only when sent. */
export function toolCallDetails(tc: ToolCall | ToolCallUpdate): Record<string, unknown> {
  return {
    ...(tc.title ? { title: tc.title } : {}),
    ...(tc.rawInput !== undefined && tc.rawInput !== null ? { input: tc.rawInput } : {}),
    ...(tc.locations?.length ? { paths: tc.locations.map((l) => l.path) } : {}),
  };
}

function contentText(tc: ToolCall | ToolCallUpdate): string {
  const parts: string[] = [];
  for (const c of tc.content ?? []) {
    if (c.type === 'content' && c.content.type === 'text') parts.push(c.content.text);
    else if (c.type === 'diff') parts.push(`edited ${c.path}`);
    else if (c.type === 'terminal') parts.push(`terminal ${c.terminalId}`);
  }
  return parts.join('\n');
}

/** The outcome of a finished call (undefined while it runs). */
export function toolCallOutcome(tc: ToolCall | ToolCallUpdate): ToolOutcome | undefined {
  if (tc.status === 'completed') {
    const text = contentText(tc);
    return {
      ok: true,
      result: tc.rawOutput !== undefined && tc.rawOutput !== null ? tc.rawOutput : text || 'done',
    };
  }
  if (tc.status === 'failed') return { ok: false, error: contentText(tc) || 'failed' };
  return undefined;
}

/** What the agent is told besides the messages: the date once, and a proposal scenario's phase each turn. */
export function turnPreamble(input: AgentTurnInput, first: boolean): string {
  const s = input.session;
  const lines: string[] = [];
  if (first)
    lines.push(
      `[intentplay] ${s.now ? `It is ${s.now}` : `Today is ${s.date}`}. Your working folder is ${input.cwd}; the scenario's apps, memory and other tools are on the MCP server "intentplay".`,
    );
  if (s.phase === 'observe')
    lines.push(
      '[observe] You may read, propose help to the user (the propose tool) or wait; act only once the user accepts a proposal.',
    );
  if (s.phase === 'execute')
    lines.push('[execute] The user accepted your proposal: carry it out now.');
  return lines.join('\n');
}
