/**
 * The stdio bridge's fetch (`intentplay mcp --connect`): the SDK client hands every request its
 * connection's one signal; the bridge gives each request its own, so listeners do not pile up on
 * the shared one, while aborting the connection still stops what is in flight or streaming.
 */
import { getEventListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWithOwnSignal } from '../../src/mcp/stdio.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/json')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      return void res.write(': open\n\n'); // and never ends
    }
    // '/slow': answers only when the client gives up
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('the bridge fetch', () => {
  it('leaves no listener on the connection signal after each answered request', async () => {
    const connection = new AbortController();
    for (let i = 0; i < 50; i++)
      expect(
        await (await fetchWithOwnSignal(`${base}/json`, { signal: connection.signal })).json(),
      ).toEqual({ ok: true });
    expect(getEventListeners(connection.signal, 'abort')).toHaveLength(0);
    // What the SDK's client does without it: plain fetch keeps one per request until garbage collection.
    for (let i = 0; i < 5; i++)
      await (await fetch(`${base}/json`, { signal: connection.signal })).json();
    expect(getEventListeners(connection.signal, 'abort').length).toBeGreaterThanOrEqual(5);
  });

  it('still stops a request in flight when the connection is aborted', async () => {
    const connection = new AbortController();
    const pending = fetchWithOwnSignal(`${base}/slow`, { signal: connection.signal });
    setTimeout(() => connection.abort(new Error('closing')), 50);
    await expect(pending).rejects.toThrow('closing');
  });

  it('keeps an event stream tied to the connection: aborting it ends the stream', async () => {
    const connection = new AbortController();
    const res = await fetchWithOwnSignal(`${base}/stream`, { signal: connection.signal });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(': open');
    connection.abort(new Error('closing'));
    await expect(reader.read()).rejects.toThrow();
  });
});
