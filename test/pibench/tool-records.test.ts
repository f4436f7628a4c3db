import { describe, expect, it } from 'vitest';
import type { ToolCallRecord } from '../../src/contracts/backends.ts';
import {
  toolCallsFromEvents,
  toolHistoryByTurn,
  toolRecord,
  turnToolHistory,
} from '../../src/pibench/tool-records.ts';

const call = (
  turn: number,
  name: string,
  args: unknown,
  result?: unknown,
  error?: string,
): ToolCallRecord => ({
  turn,
  callId: `c${Math.random()}`,
  name,
  args,
  ok: error === undefined,
  ...(error === undefined ? { result } : { error }),
});

describe('tool records in π-Bench’s format', () => {
  it('is {tool_name, call, result}, with the MCP prefix on AppWorld tools only', () => {
    expect(
      toolRecord(call(1, 'gmail__send_email', { subject: 'Hi' }, { response: { email_id: 3 } })),
    ).toEqual({
      tool_name: 'mcp_appworld_gmail__send_email',
      call: { subject: 'Hi' },
      result: { response: { email_id: 3 } },
    });
    expect(toolRecord(call(1, 'read_file', { path: 'a.md' }, 'text'))).toEqual({
      tool_name: 'read_file',
      call: { path: 'a.md' },
      result: 'text',
    });
  });

  it('parses JSON text arguments and results, keeps other text raw, and gives a failed call its error text', () => {
    expect(
      toolRecord(call(1, 'gmail__login', '{"username":"u"}', '{"response":{"access_token":"t"}}')),
    ).toEqual({
      tool_name: 'mcp_appworld_gmail__login',
      call: { username: 'u' },
      result: { response: { access_token: 't' } },
    });
    expect(
      toolRecord(call(1, 'gmail__login', { username: 'u' }, undefined, 'Invalid credentials'))
        .result,
    ).toBe('Invalid credentials');
  });

  it('keeps only the listed tools, and only the last call of each tool, in order of first appearance', () => {
    const calls = [
      call(1, 'gmail__login', { username: 'a' }, { response: {} }),
      call(1, 'read_file', { path: 'x' }, 'x'),
      call(1, 'gmail__send_email', { subject: 'first' }, { response: {} }),
      call(1, 'gmail__login', { username: 'b' }, { response: {} }),
      call(1, 'gmail__send_email', { subject: 'second' }, { response: {} }),
    ];
    expect(turnToolHistory(calls).map((r) => [r.tool_name, r.call])).toEqual([
      ['mcp_appworld_gmail__login', { username: 'b' }],
      ['read_file', { path: 'x' }],
      ['mcp_appworld_gmail__send_email', { subject: 'second' }],
    ]);
    expect(turnToolHistory(calls, ['mcp_appworld_gmail__send_email']).map((r) => r.call)).toEqual([
      { subject: 'second' },
    ]);
    // As in π-Bench, a bare name in the task's list does not match the prefixed calls.
    expect(turnToolHistory(calls, ['gmail__send_email'])).toEqual([]);
  });

  it('gives one history per agent turn, empty for a turn without calls', () => {
    const calls = [
      call(1, 'read_file', { path: 'a' }, 'a'),
      call(3, 'read_file', { path: 'c' }, 'c'),
    ];
    expect(
      toolHistoryByTurn(calls, 3).map((h) => h.map((r) => (r.call as { path: string }).path)),
    ).toEqual([['a'], [], ['c']]);
  });

  it('rebuilds the calls of a recorded session from its events', () => {
    const calls = toolCallsFromEvents([
      {
        type: 'tool_call',
        turn: 2,
        callId: 'x',
        name: 'mcp_appworld_gmail__login',
        args: { username: 'u' },
      },
      {
        type: 'tool_result',
        turn: 2,
        callId: 'x',
        name: 'mcp_appworld_gmail__login',
        ok: false,
        error: 'Invalid credentials',
      },
      { type: 'tool_call', turn: 2, callId: 'y', name: 'read_file', args: { path: 'a' } },
      { type: 'tool_result', turn: 2, callId: 'y', name: 'read_file', ok: true, result: 'text' },
    ]);
    expect(toolHistoryByTurn(calls, 2)).toEqual([
      [],
      [
        {
          tool_name: 'mcp_appworld_gmail__login',
          call: { username: 'u' },
          result: 'Invalid credentials',
        },
        { tool_name: 'read_file', call: { path: 'a' }, result: 'text' },
      ],
    ]);
  });
});
