/**
 * `intentplay mcp SCENARIO` with the real binary, exercised by the official MCP SDK's client
 * over both transports: the tools and their schemas, calls that change the workspace and the
 * apps, bad calls as tool errors, and the recording of the session that judges them.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { readRecording } from '../../src/session/recording.ts';

const BIN = path.resolve('bin/intentplay.js');
const NOTES = path.resolve('test/fixtures/acp-lib/scenarios/tester/notes.yaml');
const text = (r: unknown) => (r as { content: { text: string }[] }).content[0]!.text;

function recordingIn(dir: string) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  expect(files).toHaveLength(1);
  return readRecording(path.join(dir, files[0]!));
}

describe('intentplay mcp over stdio', () => {
  it('offers the scenario tools with their JSON Schemas, runs calls in the workspace, and records and judges them', async () => {
    const rec = mkdtempSync(path.join(os.tmpdir(), 'ip-mcp-'));
    const client = new Client({ name: 'test', version: '1' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', NOTES, '--recordings', rec],
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
    await client.connect(transport);
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['read_file', 'write_file', 'list_dir', 'write_memory']),
    );
    const write = tools.find((t) => t.name === 'write_file')!;
    expect(write.inputSchema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['path', 'content']),
    });

    expect(text(await client.callTool({ name: 'list_dir', arguments: { path: '.' } }))).toContain(
      'notes/',
    );
    await client.callTool({
      name: 'write_file',
      arguments: { path: 'notes.md', content: 'Budget: 600 RMB\n' },
    });
    expect(
      text(await client.callTool({ name: 'read_file', arguments: { path: 'notes.md' } })),
    ).toContain('600 RMB');
    const escape = await client.callTool({
      name: 'read_file',
      arguments: { path: '../../etc/passwd' },
    });
    expect(escape.isError).toBe(true);
    expect(text(escape)).toMatch(/escapes the workspace/);
    const bad = await client.callTool({ name: 'write_file', arguments: { path: 42 } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/invalid arguments for write_file/);
    await client.close();

    const recording = recordingIn(rec);
    expect(recording.complete).toBe(true);
    expect(recording.header.backends.agent.kind).toBe('mcp');
    const calls = recording.events
      .filter((e) => e.type === 'tool_call')
      .map((e) => (e.type === 'tool_call' ? e.name : ''));
    expect(calls).toEqual(['list_dir', 'write_file', 'read_file', 'read_file', 'write_file']);
    const score = recording.events.find((e) => e.type === 'score');
    expect(score && score.type === 'score' && score.scores.intents).toMatchObject({
      I1: 'completed',
      I2: 'completed',
    });
    expect(score && score.type === 'score' && score.scores.checklist.C1).toBe(true);
    expect(stderr).toContain('serving tester/notes on stdio');
  }, 30_000);

  it('keeps the app tools under the names the scenario and π-Bench rule scripts use', async () => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'mcp', 'marketer/meeting-invite', '--no-record'],
        stderr: 'ignore',
      }),
    );
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names.some((n) => n.startsWith('gmail__'))).toBe(true);
    await client.close();
  }, 30_000);
});

describe('intentplay mcp over Streamable HTTP', () => {
  it('serves on 127.0.0.1, records the calls, and ends the session on Ctrl-C', async () => {
    const rec = mkdtempSync(path.join(os.tmpdir(), 'ip-mcp-http-'));
    const child = spawn(process.execPath, [BIN, 'mcp', NOTES, '--http', '0', '--recordings', rec], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    const [url, token] = await new Promise<[string, string]>((resolve, reject) => {
      child.stderr.on('data', (b: Buffer) => {
        stderr += b.toString();
        const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)[^]*Authorization: Bearer (\S+)/.exec(stderr);
        if (m) resolve([m[1]!, m[2]!]);
      });
      child.once('exit', () => reject(new Error(`exited: ${stderr}`)));
    });
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    await client.callTool({
      name: 'write_file',
      arguments: { path: 'notes.md', content: '600 RMB' },
    });
    await client.close();
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toMatch(/1 turn, Proc/);
    const recording = recordingIn(rec);
    expect(recording.events.filter((e) => e.type === 'tool_call')).toHaveLength(1);
    expect(recording.events.some((e) => e.type === 'workspace_diff')).toBe(true);
  }, 30_000);

  it('says so clearly when the port is taken', async () => {
    const first = spawn(process.execPath, [BIN, 'mcp', NOTES, '--http', '0', '--no-record'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const port = await new Promise<string>((resolve) => {
      let err = '';
      first.stderr.on('data', (b: Buffer) => {
        err += b.toString();
        const m = /127\.0\.0\.1:(\d+)/.exec(err);
        if (m) resolve(m[1]!);
      });
    });
    const second = spawn(process.execPath, [BIN, 'mcp', NOTES, '--http', port, '--no-record'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    second.stderr.on('data', (b: Buffer) => (err += b.toString()));
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    first.kill('SIGINT');
    expect(code).toBe(1);
    expect(err).toMatch(new RegExp(`cannot serve on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE`));
    expect(err).not.toMatch(/\n\s+at /); // no stack trace
  }, 30_000);
});
