/**
 * What an acp agent's own tool calls leave in the recording: every update merges into the call,
 * against the test agent on the official ACP SDK (test/fixtures/acp-agent.mjs).
 */
import { describe, expect, it } from 'vitest';
import { createHumanPorts } from '../../src/session/input-queue.ts';
import { toolCallsFromEvents } from '../../src/pibench/tool-records.ts';
import { readRecording } from '../../src/session/recording.ts';
import { createPlainFormatter } from '../../src/tui/plain.ts';
import { acp, runAcp } from './helpers.ts';

describe("an acp agent's own tool calls", () => {
  it('keep the input, title and place the agent sent only after the call started', async () => {
    const run = await runAcp(acp('--late-input'));
    expect(run.results[0]!.end).toBe('resolved');
    const rec = readRecording(run.results[0]!.recording!);
    const bash = toolCallsFromEvents(rec.events).find((c) => c.callId === 'bash-1');
    expect(bash).toMatchObject({
      name: 'execute',
      ok: true,
      args: {
        title: 'ls -la notes',
        input: { command: 'ls -la notes', description: 'List the notes folder' },
        paths: [expect.stringMatching(/notes$/)],
      },
      result: { output: 'total 0', exit: 0 },
    });
    // the recorded result event carries the merged input, for replays and reports
    const result = rec.events.find((e) => e.type === 'tool_result' && e.callId === 'bash-1');
    expect(result).toMatchObject({ args: { input: { command: 'ls -la notes' } } });
  });

  it('are approved knowing what: the permission records the tool and its arguments, not only the title', async () => {
    const run = await runAcp(acp('--ask-mcp'));
    expect(run.results[0]!.end).toBe('resolved');
    const rec = readRecording(run.results[0]!.recording!);
    const asked = rec.events.filter((e) => e.type === 'permission');
    // a generic title with the input sent in the call's earlier update, and a request that carries its own
    expect(asked.map((p) => [p.title, p.kind, p.input])).toEqual([
      ['Approve MCP tool call', 'other', { path: '.' }],
      ['Write notes.md', 'edit', { path: expect.stringMatching(/notes\.md$/) }],
      ['Read /etc/hostname', 'read', undefined],
    ]);
  });

  it('are shown by the tool and its arguments when Codex wraps them in an MCP elicitation; the request is recorded whole', async () => {
    const run = await runAcp(acp('--ask-codex --quiet'));
    expect(run.results[0]!.end).toBe('resolved');
    const rec = readRecording(run.results[0]!.recording!);
    const asked = rec.events.find((e) => e.type === 'permission' && e.callId === 'call_cx1');
    // the recording keeps what the agent sent, wrapper and all
    expect(asked).toMatchObject({
      title: 'Approve MCP tool call',
      decision: 'allowed',
      input: {
        turn_id: expect.any(String),
        server_name: 'intentplay',
        request: { _meta: { tool_params: { path: 'notes.md' } } },
      },
    });
    // the transcript names the tool and its arguments, each value cut with a mark, never the JSON
    const line = createPlainFormatter()(asked!).join('\n');
    expect(line).toMatch(
      /^ {2}⚿ allowed: write_file on intentplay \(inside the workspace\) with path: notes\.md · content: # Notes↵↵- Gear budget: 600 RMB↵- Pack light, .*…$/,
    );
    expect(line).not.toContain('turn_id');
    expect(line.length).toBeLessThan(220);
    // allowed, the agent made the call it asked about
    const calls = toolCallsFromEvents(rec.events);
    expect(calls.find((c) => c.name === 'write_file')).toMatchObject({ ok: true });
  });

  it('denied, a call Codex then reports failed goes by the tool it was, and no rule counts it as made', async () => {
    const ports = createHumanPorts();
    const run = await runAcp(acp('--ask-codex --quiet'), {
      human: ports,
      onEvent: (e) => {
        if (e.type === 'permission_request') ports.permission.push('denied');
      },
    });
    const calls = toolCallsFromEvents(readRecording(run.results[0]!.recording!).events);
    expect(calls.find((c) => c.callId === 'call_cx1')).toMatchObject({
      name: 'intentplay/write_file',
      ok: false,
      error: 'the agent failed this call before it reached intentplay: failed',
    });
    expect(calls.some((c) => c.name === 'write_file')).toBe(false);
  });

  it('leave a trace when the agent fails a call to our tools before making it', async () => {
    const run = await runAcp(acp('--self-block'));
    expect(run.results[0]!.end).toBe('resolved');
    const calls = toolCallsFromEvents(readRecording(run.results[0]!.recording!).events);
    expect(calls.find((c) => c.callId === 'mcp-blocked')).toMatchObject({
      ok: false,
      args: { title: 'mcp__intentplay__write_file', input: { path: 'notes.md' } },
      error:
        'the agent failed this call before it reached intentplay: blocked by the permission mode',
    });
    // the calls that did reach intentplay are recorded once each, where they ran
    expect(calls.map((c) => c.name)).toEqual(['mcp__intentplay__write_file', 'list_dir', 'edit']);
  });
});

describe('an acp agent that refuses to start', () => {
  it('says the error\'s data and its last stderr lines, not only "Internal error"', async () => {
    const run = await runAcp(acp('--refuse-init-data'));
    expect(run.results[0]!.end).toBe('error');
    const message = run.results[0]!.message!;
    expect(message).toContain(
      'the acp agent did not start: Internal error: {"details":"Untrusted workspace: run gemini once to trust it"}',
    );
    expect(message).toContain('warning: the folder is not trusted; MCP servers are ignored');
  });

  it('record once a call to our tools that reached intentplay before the agent announced it, and failed', async () => {
    const run = await runAcp(acp('--announce-late --quiet'));
    const reads = run
      .of('tool_result')
      .filter((e) => e.name === 'read_file' || e.callId === 'late-1');
    // the one record is the call as it ran, with our error; no second record saying it never reached us
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ name: 'read_file', ok: false });
    expect(run.of('tool_result').map((e) => e.error ?? '')).not.toContainEqual(
      expect.stringContaining('before it reached intentplay'),
    );
  });
});
