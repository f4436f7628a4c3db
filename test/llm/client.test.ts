/** The per-role client through the real SDK against the local server: usage, faults, retries. */
import { describe, expect, it, vi } from 'vitest';
import { RoleClient } from '../../src/llm/client.ts';
import { ModelError } from '../../src/llm/errors.ts';
import { startOpenAIServer } from '../helpers/openai-server.ts';
import { useTestServer } from './server-hooks.ts';
import { collector, serverConfig, TEST_KEY } from './support.ts';

const server = useTestServer();

const hello = { messages: [{ role: 'user' as const, content: 'hello' }] };

describe('usage and cost', () => {
  it('streams with include_usage, counts the empty-choices usage chunk, prices it, and sends the key in the header', async () => {
    const client = new RoleClient(
      'agent',
      serverConfig(server, { prices: { 'agent-model': { input: 2, output: 8 } } }),
    );
    const c = collector();
    server.enqueue({
      content: 'Hi there, how can I help?',
      usage: { prompt_tokens: 1000, completion_tokens: 500 },
    });
    const texts: string[] = [];
    const result = await client.chat(
      { ...hello, stream: true },
      { ...c.ctx, callbacks: { onText: (t) => texts.push(t) } },
    );
    expect(result.content).toBe('Hi there, how can I help?');
    expect(texts.length).toBeGreaterThan(3); // it arrived in pieces
    expect(texts.join('')).toBe(result.content);
    const req = server.requests[0]!;
    expect(req.body.stream_options).toEqual({ include_usage: true });
    expect(req.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(c.of('usage')).toEqual([
      {
        type: 'usage',
        turn: 1,
        role: 'agent',
        model: 'agent-model',
        usage: { inputTokens: 1000, outputTokens: 500, estimated: false, costUsd: 0.006 },
      },
    ]);
  });

  it('takes usage from the last chunk with a choice, as some servers send it', async () => {
    const client = new RoleClient('agent', serverConfig(server));
    const c = collector();
    server.enqueue({
      content: 'ok',
      usage: { prompt_tokens: 7, completion_tokens: 3 },
      stream: { usage: 'last-choice' },
    });
    const r = await client.chat({ ...hello, stream: true }, c.ctx);
    expect(r.usage).toEqual({ inputTokens: 7, outputTokens: 3, estimated: false });
  });

  it('uses the non-streamed usage', async () => {
    const client = new RoleClient('judge', serverConfig(server));
    const c = collector();
    server.enqueue({ content: '{}', usage: { prompt_tokens: 11, completion_tokens: 2 } });
    const r = await client.chat(hello, c.ctx);
    expect(server.requests[0]!.body.stream).toBeFalsy();
    expect(r.usage).toEqual({ inputTokens: 11, outputTokens: 2, estimated: false });
  });

  it('estimates, and says so, when the server reports no usage', async () => {
    const client = new RoleClient('user', serverConfig(server));
    const c = collector();
    server.enqueue({ content: 'a reply of about forty characters long..', usage: null });
    const r = await client.chat({ ...hello, stream: true }, c.ctx);
    expect(r.usage.estimated).toBe(true);
    expect(r.usage.outputTokens).toBe(10);
    expect(r.usage.inputTokens).toBeGreaterThan(0);
    expect(client.totals).toMatchObject({ calls: 1, outputTokens: 10, estimated: true });
  });

  it('drops stream_options when the server refuses it, says so, and estimates usage', async () => {
    const client = new RoleClient('agent', serverConfig(server));
    const c = collector();
    server.enqueue(
      {
        status: 400,
        error: {
          message: 'Unrecognized request argument supplied: stream_options',
          type: 'invalid_request_error',
        },
      },
      { content: 'fine' },
    );
    const r = await client.chat({ ...hello, stream: true }, c.ctx);
    expect(r.content).toBe('fine');
    expect(server.requests[1]!.body.stream_options).toBeUndefined();
    expect(r.usage.estimated).toBe(true);
    expect(c.of('notice')[0]!.text).toMatch(/does not accept stream_options/);
    // Remembered for the next call.
    server.enqueue({ content: 'again' });
    await client.chat({ ...hello, stream: true }, c.ctx);
    expect(server.requests[2]!.body.stream_options).toBeUndefined();
  });
});

describe('stream quirks', () => {
  it('accepts a stream without finish_reason', async () => {
    const client = new RoleClient('agent', serverConfig(server));
    server.enqueue({ content: 'complete answer', finishReason: null });
    const r = await client.chat({ ...hello, stream: true }, collector().ctx);
    expect(r).toMatchObject({ content: 'complete answer', finishReason: null, toolCalls: [] });
  });

  it('assembles tool calls whose deltas carry no index', async () => {
    const client = new RoleClient('agent', serverConfig(server));
    server.enqueue({
      toolCalls: [
        { name: 'read_file', arguments: { path: 'notes/a.md' } },
        { name: 'list_dir', arguments: { path: '.' } },
      ],
      stream: { toolIndex: 'missing', chunkChars: 3 },
    });
    const r = await client.chat({ ...hello, stream: true }, collector().ctx);
    expect(r.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['read_file', { path: 'notes/a.md' }],
      ['list_dir', { path: '.' }],
    ]);
  });

  it('tells calls apart with neither index nor id, and gives each an id', async () => {
    const client = new RoleClient('agent', serverConfig(server));
    server.enqueue({
      toolCalls: [
        { name: 'read_file', arguments: { path: 'a' } },
        { name: 'read_file', arguments: { path: 'b' } },
      ],
      stream: { toolIndex: 'missing', toolIds: false },
    });
    const r = await client.chat({ ...hello, stream: true }, collector().ctx);
    expect(r.toolCalls.map((c) => c.arguments)).toEqual(['{"path":"a"}', '{"path":"b"}']);
    expect(new Set(r.toolCalls.map((c) => c.id)).size).toBe(2);
    expect(r.toolCalls.every((c) => /^call_\w+$/.test(c.id))).toBe(true);
  });

  it('keeps parallel calls apart when every one says index 0', async () => {
    const client = new RoleClient('agent', serverConfig(server));
    const deltas: string[] = [];
    server.enqueue({
      toolCalls: [
        { id: 'c1', name: 'read_file', arguments: { path: 'a' } },
        { id: 'c2', name: 'read_file', arguments: { path: 'b' } },
      ],
      stream: { toolIndex: 'zero' },
    });
    const r = await client.chat(
      { ...hello, stream: true },
      {
        ...collector().ctx,
        callbacks: { onToolArgs: (call, d) => deltas.push(`${call.id}:${d}`) },
      },
    );
    expect(r.toolCalls).toEqual([
      { id: 'c1', name: 'read_file', arguments: '{"path":"a"}' },
      { id: 'c2', name: 'read_file', arguments: '{"path":"b"}' },
    ]);
    expect(deltas.some((d) => d.startsWith('c2:'))).toBe(true);
  });

  it('keeps parallel calls apart when they share an id but not an index, and gives the second its own id', async () => {
    const client = new RoleClient('agent', serverConfig(server));
    server.enqueue({
      toolCalls: [
        { id: 'same', name: 'read_file', arguments: { path: 'a' } },
        { id: 'same', name: 'glob', arguments: { pattern: '*.md' } },
      ],
    });
    const r = await client.chat({ ...hello, stream: true }, collector().ctx);
    expect(r.toolCalls.map((c) => [c.name, c.arguments])).toEqual([
      ['read_file', '{"path":"a"}'],
      ['glob', '{"pattern":"*.md"}'],
    ]);
    expect(r.toolCalls[0]!.id).toBe('same');
    expect(new Set(r.toolCalls.map((c) => c.id)).size).toBe(2);
  });

  it('reads tool arguments sent as an object in a non-streamed answer', async () => {
    const client = new RoleClient('agent', serverConfig(server));
    server.enqueue({
      toolCalls: [{ name: 'glob', arguments: { pattern: '**/*.md' } }],
      argumentsAsObject: true,
    });
    const r = await client.chat(hello, collector().ctx);
    expect(JSON.parse(r.toolCalls[0]!.arguments)).toEqual({ pattern: '**/*.md' });
  });

  it('keeps what arrived when a stream ends cleanly mid-message', async () => {
    const client = new RoleClient('agent', serverConfig(server));
    server.enqueue({
      content: 'The first part and the rest',
      stream: { endAfter: 3, chunkChars: 4 },
    });
    const r = await client.chat({ ...hello, stream: true }, collector().ctx);
    expect(r.content).toBe('The firs'); // the role chunk, then 'The ' and 'firs'
    expect(r.finishReason).toBeNull();
    expect(server.requests).toHaveLength(1);
  });

  it('asks again when the connection breaks off mid-stream', async () => {
    const client = new RoleClient('agent', serverConfig(server));
    const c = collector();
    server.enqueue(
      { content: 'lost in transit', stream: { dropAfter: 2 } },
      { content: 'second try' },
    );
    const r = await client.chat({ ...hello, stream: true }, c.ctx);
    expect(r.content).toBe('second try');
    expect(server.requests).toHaveLength(2);
    expect(c.of('notice')[0]!.text).toMatch(/agent endpoint .* retrying/);
  });

  it('asks again, with a notice, when a stream holds only empty `choices` chunks', async () => {
    const client = new RoleClient('agent', serverConfig(server));
    const c = collector();
    server.enqueue(
      { content: 'never shown', stream: { emptyChoices: true } },
      { content: 'second try' },
    );
    const r = await client.chat({ ...hello, stream: true }, c.ctx);
    expect(r.content).toBe('second try');
    expect(server.requests).toHaveLength(2);
    expect(c.of('notice')[0]!.text).toMatch(/agent endpoint .*empty `choices`.* retrying/);
  });

  it('asks again when a stream goes quiet past the timeout', async () => {
    const clock = watchdogClock();
    try {
      const client = new RoleClient('agent', serverConfig(server, { timeout: 0.3 }));
      const c = collector();
      server.enqueue(
        { content: 'stalls here', stream: { stallAfter: 2 } },
        { content: 'recovered' },
      );
      const texts: string[] = [];
      const pending = client.chat(
        { ...hello, stream: true },
        { ...c.ctx, callbacks: { onText: (t) => texts.push(t) } },
      );
      await waitFor(() => texts.join('') === 'stal'); // the first piece, then silence
      // Quiet for just under the timeout: still waiting on the first answer.
      await clock.advanceTimersByTimeAsync(299);
      expect(server.requests).toHaveLength(1);
      await clock.advanceTimersByTimeAsync(1);
      const r = await pending;
      expect(r.content).toBe('recovered');
      expect(server.requests).toHaveLength(2);
      expect(c.of('notice')[0]!.text).toMatch(/timed out/);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('retries and faults', () => {
  it('honours Retry-After on 429', async () => {
    const client = new RoleClient('judge', serverConfig(server));
    const c = collector();
    server.enqueue(
      {
        status: 429,
        headers: { 'retry-after': '1' },
        error: { message: 'Rate limit reached', type: 'rate_limit' },
      },
      { content: 'ok' },
    );
    const r = await client.chat(hello, c.ctx);
    expect(r.content).toBe('ok');
    const [first, second] = server.requests;
    // The configured backoff is 1 ms: only Retry-After explains the wait.
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(950);
    expect(c.of('notice')[0]!.text).toMatch(
      /judge endpoint .* is rate limiting \(HTTP 429\).*retrying in 1\.0 s \(retry 1 of 2\)/,
    );
  });

  it('honours retry-after-ms too', async () => {
    const client = new RoleClient('judge', serverConfig(server));
    server.enqueue({ status: 503, headers: { 'retry-after-ms': '150' } }, { content: 'ok' });
    await client.chat(hello, collector().ctx);
    const [first, second] = server.requests;
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(140);
  });

  it('retries a request that times out', async () => {
    const clock = watchdogClock();
    try {
      const client = new RoleClient('user', serverConfig(server, { timeout: 0.2 }));
      const c = collector();
      server.enqueue({ content: 'too late', delayMs: NEVER }, { content: 'in time' });
      const pending = client.chat(hello, c.ctx);
      await waitFor(() => server.requests.length === 1);
      await clock.advanceTimersByTimeAsync(199);
      expect(server.requests).toHaveLength(1);
      await clock.advanceTimersByTimeAsync(1);
      const r = await pending;
      expect(r.content).toBe('in time');
      expect(c.of('notice')[0]!.text).toMatch(/user endpoint .* timed out.* retrying/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after the configured retries with a readable message', async () => {
    const client = new RoleClient('agent', serverConfig(server, { retries: 2 }));
    server.enqueue(
      ...Array.from({ length: 3 }, () => ({
        status: 500,
        error: { message: 'upstream overloaded' },
      })),
    );
    const err = await client.chat(hello, collector().ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect((err as Error).message).toBe(
      `the agent endpoint ${server.url} had a server error (HTTP 500): upstream overloaded (gave up after 2 retries)`,
    );
    expect(server.requests).toHaveLength(3);
  });

  it('explains a 401 with the role, endpoint and key variable, never the key, and does not retry', async () => {
    const client = new RoleClient('judge', serverConfig(server));
    server.enqueue({
      status: 401,
      error: {
        message: `Incorrect API key provided: ${TEST_KEY}`,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    });
    const err = (await client.chat(hello, collector().ctx).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe(
      `the judge endpoint ${server.url} rejected the API key (HTTP 401): check $OPENAI_API_KEY`,
    );
    expect(err.message).not.toContain('SECRET');
    expect(server.requests).toHaveLength(1);
  });

  it('explains a 404 with the model and endpoint, and scrubs key-like text from the server message', async () => {
    const client = new RoleClient('agent', serverConfig(server));
    server.enqueue({
      status: 404,
      error: {
        message: `The model agent-model does not exist (key ${TEST_KEY})`,
        type: 'invalid_request_error',
      },
    });
    const err = (await client.chat(hello, collector().ctx).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(
      new RegExp(
        `^the agent endpoint ${server.url} answered 404 Not Found for model \`agent-model\`: check the model name`,
      ),
    );
    expect(err.message).toContain('The model agent-model does not exist');
    expect(err.message).not.toContain('SECRET');
  });

  it('names the endpoint when nothing listens there', async () => {
    const closed = await startOpenAIServer();
    await closed.close();
    const client = new RoleClient('user', serverConfig(closed, { retries: 0 }));
    const err = (await client.chat(hello, collector().ctx).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe(`cannot reach the user endpoint ${closed.url}: ECONNREFUSED`);
  });

  it('stops at once when the signal aborts', async () => {
    const client = new RoleClient('agent', serverConfig(server));
    const c = collector();
    // The answer would come after the test's own timeout: rejecting at all is rejecting at once.
    server.enqueue({ content: 'never', delayMs: NEVER });
    const pending = client.chat({ ...hello, stream: true }, c.ctx);
    await waitFor(() => server.requests.length === 1);
    c.controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
    expect(server.requests).toHaveLength(1);
  });

  it('sends temperature and max_tokens from the config, and switches to max_completion_tokens when told', async () => {
    const client = new RoleClient(
      'agent',
      serverConfig(server, { agent: { temperature: 0.3, max_tokens: 256 } }),
    );
    server.enqueue(
      {
        status: 400,
        error: {
          message:
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        },
      },
      { content: 'ok' },
    );
    await client.chat(hello, collector().ctx);
    expect(server.requests[0]!.body).toMatchObject({ temperature: 0.3, max_tokens: 256 });
    expect(server.requests[1]!.body).toMatchObject({
      temperature: 0.3,
      max_completion_tokens: 256,
    });
    expect(server.requests[1]!.body.max_tokens).toBeUndefined();
  });
});

/** Longer than any test may take: a reply that never comes while the test runs. */
const NEVER = 60_000;

/**
 * The client's watchdog on a clock the test moves: its timers (and the SDK's) fire only when
 * told, so a timeout happens exactly when the test says, however loaded the machine. The
 * loopback server and the retry's short wait keep real time.
 */
function watchdogClock() {
  return vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
}

/** Waits on real I/O (Date.now, which no fake clock moves here). */
async function waitFor(test: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setImmediate(r));
  }
}
