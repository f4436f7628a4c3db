/**
 * Tool calls in π-Bench's record format (docs/pibench.md): `{tool_name, call, result}`, per
 * agent turn, the way its evaluator feeds rule scripts: only the tools the task lists
 * (when it lists any), and only the last call of each tool name in the turn, in order of
 * first appearance.
 */
import type { ToolCallRecord } from '../contracts/backends.ts';
import type { SessionEvent } from '../contracts/events.ts';
import { mcpToolName } from '../scenario/pibench/tool-names.ts';

export interface PibenchToolRecord {
  /** As π-Bench's agent sees it: AppWorld tools carry the `mcp_appworld_` prefix. */
  tool_name: string;
  /** The parsed argument object. */
  call: unknown;
  /** The parsed JSON result (AppWorld style `{response: ...}`), or the raw text; a failed call gives its error text. */
  result: unknown;
}

export function toolRecord(call: ToolCallRecord): PibenchToolRecord {
  return {
    tool_name: mcpToolName(call.name),
    call: parseMaybeJson(call.args ?? null),
    result: call.ok ? parseMaybeJson(call.result ?? null) : (call.error ?? 'error'),
  };
}

function parseMaybeJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** One turn's tools_history as a rule script receives it. `listed`: the task's `objectives.tools` names. */
export function turnToolHistory(
  calls: readonly ToolCallRecord[],
  listed: readonly string[] = [],
): PibenchToolRecord[] {
  const keep = new Set(listed);
  const last = new Map<string, PibenchToolRecord>();
  for (const call of calls) {
    const record = toolRecord(call);
    if (keep.size && !keep.has(record.tool_name)) continue;
    last.set(record.tool_name, record); // Map keeps the first-insertion position
  }
  return [...last.values()];
}

/** tools_history for each agent turn 1..turns (a turn without calls gives an empty list). */
export function toolHistoryByTurn(
  calls: readonly ToolCallRecord[],
  turns: number,
  listed: readonly string[] = [],
): PibenchToolRecord[][] {
  return Array.from({ length: turns }, (_, i) =>
    turnToolHistory(
      calls.filter((c) => c.turn === i + 1),
      listed,
    ),
  );
}

/** The tool calls of a recorded session (its `tool_call`/`tool_result` events, paired by call id). */
export function toolCallsFromEvents(events: readonly SessionEvent[]): ToolCallRecord[] {
  const calls = new Map<string, ToolCallRecord>();
  for (const e of events) {
    if (e.type === 'tool_call')
      calls.set(e.callId, {
        turn: e.turn,
        callId: e.callId,
        name: e.name,
        args: e.args,
        ok: false,
        error: 'no result recorded',
      });
    else if (e.type === 'tool_result') {
      const c = calls.get(e.callId);
      if (!c) continue;
      const { error: _none, ...rest } = c;
      const args = e.args !== undefined ? { args: e.args } : {};
      calls.set(e.callId, {
        ...rest,
        ...args,
        ok: e.ok,
        ...(e.ok ? { result: e.result } : { error: e.error ?? 'error' }),
      });
    }
  }
  return [...calls.values()];
}
