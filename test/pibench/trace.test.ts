import { describe, expect, it } from 'vitest';
import type { ToolCallRecord, TranscriptEntry } from '../../src/contracts/backends.ts';
import {
  extractToolTrace,
  renderTraces,
  renderTurnTrace,
  TOOL_TEXT_LIMIT,
  valueAtPath,
} from '../../src/pibench/trace.ts';

const calls: ToolCallRecord[] = [
  {
    turn: 1,
    callId: 'a',
    name: 'gmail__login',
    args: { username: 'me@x.test', password: 'pw' },
    ok: true,
    result: { response: { access_token: 'tok-1' } },
  },
  {
    turn: 1,
    callId: 'b',
    name: 'gmail__send_email',
    args: { email_addresses: ['a@x.test'], subject: 'Draft 1' },
    ok: true,
    result: { response: { email_id: 1 } },
  },
  {
    turn: 1,
    callId: 'c',
    name: 'gmail__send_email',
    args: { email_addresses: ['b@x.test'], subject: 'Final' },
    ok: true,
    result: { response: { email_id: 2 } },
  },
  {
    turn: 2,
    callId: 'd',
    name: 'write_file',
    args: { path: 'summary.md', content: 'x'.repeat(TOOL_TEXT_LIMIT + 50) },
    ok: false,
    error: 'disk full',
  },
];

const transcript: TranscriptEntry[] = [
  { kind: 'event', turn: 1, text: '{"event":"storm"}', source: 'city_weather_feed' },
  ...calls
    .filter((c) => c.turn === 1)
    .map((c): TranscriptEntry => ({
      kind: 'tool',
      turn: 1,
      callId: c.callId,
      name: `mcp_appworld_${c.name}`,
      args: c.args,
      outcome: { ok: true, result: c.result },
    })),
  { kind: 'agent', turn: 1, text: 'Sent. Anything else?' },
  { kind: 'user', turn: 2, text: 'Also write the summary.' },
  {
    kind: 'tool',
    turn: 2,
    callId: 'd',
    name: 'write_file',
    args: calls[3]!.args,
    outcome: { ok: false, error: 'disk full' },
  },
  { kind: 'agent', turn: 2, text: 'I could not write it.' },
];

const pibench = {
  tools: [
    {
      name: 'mcp_appworld_gmail__send_email',
      call: ['email_addresses.0', 'subject', 'cc'],
      result: ['response.email_id'],
    },
    { name: 'mcp_appworld_gmail__show_outbox_threads', call: ['access_token'] },
  ],
  files_read: ['summary.md', 'dispatch.md'],
};

describe('what π-Bench’s rubric grader sees of a turn', () => {
  it('reads dotted paths, array indexes included', () => {
    expect(valueAtPath({ response: { items: [{ id: 7 }] } }, 'response.items.0.id')).toEqual({
      found: true,
      value: 7,
    });
    expect(valueAtPath({ response: {} }, 'response.missing')).toEqual({ found: false });
  });

  it('extracts the listed paths from the last call of each listed tool, with or without the MCP prefix', () => {
    expect(
      extractToolTrace(
        calls.filter((c) => c.turn === 1),
        pibench.tools,
      ),
    ).toEqual([
      {
        tool: 'mcp_appworld_gmail__send_email',
        called: true,
        values: [
          { path: 'call.email_addresses.0', status: 'ok', value: 'b@x.test' },
          { path: 'call.subject', status: 'ok', value: 'Final' },
          { path: 'call.cc', status: 'missing' },
          { path: 'result.response.email_id', status: 'ok', value: 2 },
        ],
      },
      {
        tool: 'mcp_appworld_gmail__show_outbox_threads',
        called: false,
        values: [{ path: 'call.access_token', status: 'missing' }],
      },
    ]);
  });

  it('renders the turn’s messages, the tool trace extracts and the files_read files', () => {
    const files = new Map([['summary.md', '# Summary\nAll riders informed.']]);
    const text = renderTurnTrace({ turn: 1, transcript, toolCalls: calls, files, pibench });
    expect(text).toBe(
      [
        '<turn index="1">',
        '<messages>',
        '[environment: city_weather_feed]\n{"event":"storm"}',
        '[tool call] mcp_appworld_gmail__login {"username":"me@x.test","password":"pw"}',
        '[tool result] mcp_appworld_gmail__login: {"response":{"access_token":"tok-1"}}',
        '[tool call] mcp_appworld_gmail__send_email {"email_addresses":["a@x.test"],"subject":"Draft 1"}',
        '[tool result] mcp_appworld_gmail__send_email: {"response":{"email_id":1}}',
        '[tool call] mcp_appworld_gmail__send_email {"email_addresses":["b@x.test"],"subject":"Final"}',
        '[tool result] mcp_appworld_gmail__send_email: {"response":{"email_id":2}}',
        '[assistant]\nSent. Anything else?',
        '</messages>',
        '<tool_trace_extracts>',
        '<tool name="mcp_appworld_gmail__send_email" status="called">',
        'call.email_addresses.0 (ok): b@x.test',
        'call.subject (ok): Final',
        'call.cc (missing)',
        'result.response.email_id (ok): 2',
        '</tool>',
        '<tool name="mcp_appworld_gmail__show_outbox_threads" status="not_called"/>',
        '</tool_trace_extracts>',
        '<files_read>',
        '<file path="summary.md" status="ok">\n# Summary\nAll riders informed.\n</file>',
        '<file path="dispatch.md" status="missing"/>',
        '</files_read>',
        '</turn>',
      ].join('\n'),
    );
  });

  it('renders one trace per agent turn, cutting long tool text and showing tool errors', () => {
    const traces = renderTraces({ transcript, toolCalls: calls, files: new Map(), pibench: {} });
    expect(traces.map((t) => t.turn)).toEqual([1, 2]);
    const second = traces[1]!.text;
    expect(second).toContain('[user]\nAlso write the summary.');
    expect(second).toContain('… [');
    expect(second).toContain('[tool error] write_file: disk full');
    expect(second).not.toContain('<tool_trace_extracts>');
    expect(second).not.toContain('Sent. Anything else?');
  });
});
