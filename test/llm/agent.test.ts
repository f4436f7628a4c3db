/** The openai agent through the real engine, SDK and local server: the tool loop and its edges. */
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../helpers/openai-server.ts';
import { useTestServer } from './server-hooks.ts';
import { runWith, serverConfig } from './support.ts';

const server = useTestServer();

type Msg = {
  role: string;
  content?: string | null;
  tool_calls?: { id: string; function: { name: string } }[];
  tool_call_id?: string;
};
const messagesOf = (r: RecordedRequest) => r.body.messages as Msg[];

describe('the tool-calling loop', () => {
  it('runs parallel calls in order, returns bad JSON arguments as a tool error, and streams its typing', async () => {
    server.enqueue(
      {
        toolCalls: [
          { name: 'read_file', arguments: { path: 'notes/budget.md' } },
          {
            name: 'write_memory',
            arguments: { key: 'gear', content: 'running shoes, budget 600 RMB' },
          },
        ],
        stream: { toolIndex: 'zero' },
      },
      {
        content: 'Saving a note.',
        toolCalls: [{ name: 'write_file', arguments: '{"path": "shoes.md", "content": ' }],
      },
      { content: 'Your notes say 600 RMB, so here are three pairs under 600 RMB.' },
    );
    const run = await runWith('tester/gear.yaml', { agent: 'openai' }, serverConfig(server));

    expect(run.of('tool_call').map((e) => e.name)).toEqual([
      'read_file',
      'write_memory',
      'write_file',
    ]);
    expect(run.of('tool_result').map((e) => e.ok)).toEqual([true, true, false]);
    const [first, second, third] = server.requests;
    // What was offered, and what came back, in call order.
    expect(first!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(
      expect.arrayContaining(['read_file', 'write_file', 'read_memory', 'write_memory']),
    );
    const m2 = messagesOf(second!);
    const calls = m2.at(-3)!.tool_calls!;
    expect(calls.map((c) => c.function.name)).toEqual(['read_file', 'write_memory']);
    expect(m2.slice(-2).map((m) => m.tool_call_id)).toEqual(calls.map((c) => c.id));
    expect(m2.at(-2)!.content).toContain('600 RMB');
    const badResult = messagesOf(third!).at(-1)!;
    expect(badResult.role).toBe('tool');
    expect(badResult.content).toMatch(/^error: .*the arguments were not valid JSON/);

    const reply = run.of('message').find((m) => m.role === 'agent')!.text;
    expect(reply).toBe(
      'Saving a note.\n\nYour notes say 600 RMB, so here are three pairs under 600 RMB.',
    );
    expect(
      run
        .of('agent_delta')
        .map((d) => d.text)
        .join(''),
    ).toBe(reply);
    expect(
      run
        .of('tool_delta')
        .filter((d) => d.name === 'write_memory')
        .map((d) => d.args)
        .join(''),
    ).toBe('{"key":"gear","content":"running shoes, budget 600 RMB"}');
    expect(run.results[0]).toMatchObject({
      end: 'resolved',
      scores: { intents: { I1: 'completed', I2: 'completed' } },
    });
    expect(run.of('usage').filter((u) => u.role === 'agent')).toHaveLength(3);
  });

  it('keeps the conversation across turns, and gives a later session the date and its memory but never the hidden intents', async () => {
    server.enqueue(
      { content: 'Happy to help. Which distance do you run?' },
      {
        content: 'Noted: shoes under 600 RMB.',
        toolCalls: [
          {
            name: 'write_memory',
            arguments: { key: 'gear', content: 'prefers shoes under 600 RMB' },
          },
        ],
      },
      { content: 'Three picks under 600 RMB.' },
      {
        toolCalls: [
          {
            name: 'write_file',
            arguments: {
              path: 'plan.md',
              content: '# Plan for 58 kg, cutting\nEach meal under 25 RMB\nSunday: batch cooking',
            },
          },
        ],
      },
      {
        content: 'plan.md is ready: 58 kg cutting phase, meals under 25 RMB, Sunday batch cooking.',
      },
    );
    const run = await runWith('tester/episode.yaml', { agent: 'openai' }, serverConfig(server));
    expect(run.results.map((r) => r.end)).toEqual(['resolved', 'resolved']);

    const turn2 = messagesOf(server.requests[1]!);
    expect(turn2.map((m) => [m.role, m.content])).toEqual([
      ['system', expect.any(String)],
      ['user', 'Help me pick running shoes.'],
      ['assistant', 'Happy to help. Which distance do you run?'],
      ['user', 'Keep it under 600 RMB.'],
    ]);
    const firstSystem = turn2[0]!.content!;
    expect(firstSystem).toContain('Today is 2026-01-01.');
    expect(firstSystem).toMatch(/read_file.*write_file/s);
    expect(firstSystem).toContain('write_memory');
    expect(firstSystem).not.toContain('earlier sessions:');

    const later = messagesOf(server.requests[3]!)[0]!.content!;
    expect(later).toContain('This is a later session');
    expect(later).toContain('## gear\nprefers shoes under 600 RMB');

    // Nothing hidden reached the agent before the user said it.
    const everything = server.requests.map((r) => JSON.stringify(r.body)).join('\n');
    for (const hidden of [
      'Budget is 600 RMB',
      'Save the choice to memory',
      'Use the body profile',
      'Include Sunday batch cooking',
      'Keep each meal under 25 RMB',
    ])
      expect(everything).not.toContain(hidden);
  });

  it('lets the tool-step cap end the turn, and keeps the conversation valid for the next one', async () => {
    server.respond((req) => {
      const users = messagesOf(req).filter((m) => m.role === 'user').length;
      if (users > 1) return { content: 'Stopping the search. Under 600 RMB, then.' };
      return {
        toolCalls: [
          { name: 'list_dir', arguments: { path: '.' } },
          { name: 'glob', arguments: { pattern: '**/*' } },
        ],
      };
    });
    const run = await runWith('tester/gear.yaml', { agent: 'openai' }, serverConfig(server), {
      maxTurns: 2,
    });
    const firstTurnCalls = run.of('tool_call').filter((e) => e.turn === 1);
    expect(firstTurnCalls).toHaveLength(30);
    expect(run.of('turn_end')[0]!.error).toMatch(/tool-step cap reached \(30/);
    const next = messagesOf(server.requests.at(-1)!);
    const answered = new Set(next.filter((m) => m.role === 'tool').map((m) => m.tool_call_id));
    for (const m of next) for (const c of m.tool_calls ?? []) expect(answered.has(c.id)).toBe(true);
    expect(next.at(-1)).toMatchObject({ role: 'user' });
    expect(
      run
        .of('message')
        .filter((m) => m.role === 'agent')
        .at(-1)!.text,
    ).toBe('Stopping the search. Under 600 RMB, then.');
  });

  it('stops mid-stream when the session is aborted', async () => {
    server.enqueue({
      content: 'a long answer that streams slowly, piece by piece, for a while',
      stream: { chunkDelayMs: 50, chunkChars: 2 },
    });
    const controller = new AbortController();
    const run = await runWith('tester/gear.yaml', { agent: 'openai' }, serverConfig(server), {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'agent_delta') controller.abort();
      },
    });
    expect(run.results[0]).toMatchObject({ end: 'aborted' });
    expect(run.of('agent_delta').length).toBeLessThan(5);
  });

  it('ends the session with a readable error when the model keeps failing, and records no key', async () => {
    const { mkdtempSync, readdirSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(tmpdir(), 'intentplay-rec-'));
    server.enqueue({
      status: 401,
      error: { message: 'Incorrect API key provided: sk-test-SECRET-0123456789abcdef' },
    });
    const run = await runWith('tester/gear.yaml', { agent: 'openai' }, serverConfig(server), {
      recordingsDir: dir,
    });
    expect(run.results[0]).toMatchObject({
      end: 'error',
      message: `the agent endpoint ${server.url} rejected the API key (HTTP 401): check $OPENAI_API_KEY`,
    });
    const recording = readFileSync(path.join(dir, readdirSync(dir)[0]!), 'utf8');
    expect(recording).toContain('rejected the API key');
    expect(recording).not.toContain('SECRET');
  });

  it('when the agent fails mid-turn, what its tool calls wrote is in the diff and counts in the final grading', async () => {
    server.enqueue(
      {
        toolCalls: [
          {
            name: 'write_file',
            arguments: { path: 'plan.md', content: '# Plan\nSunday: batch cooking\n' },
          },
        ],
      },
      { status: 400, error: { message: 'the model crashed' } },
    );
    const run = await runWith('tester/plan.yaml', { agent: 'openai' }, serverConfig(server), {
      noDeps: true,
    });
    expect(run.results[0]).toMatchObject({ end: 'error' });
    expect(run.of('workspace_diff')).toEqual([
      expect.objectContaining({
        turn: 1,
        files: [expect.objectContaining({ path: 'plan.md', change: 'added' })],
      }),
    ]);
    expect(run.results[0]!.scores.checklist).toMatchObject({ C1: true, C2: true });
  });
});
