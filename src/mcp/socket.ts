/**
 * The session's tool server on a private Unix socket, for the stdio bridge (`intentplay mcp
 * --connect`): the bridge pipes its stdin and stdout to the socket byte for byte, and the SDK's
 * own `Server` reads and writes newline-delimited JSON-RPC there (its stdio transport), so a
 * bridged call costs no HTTP request and no parsing in the bridge. The socket sits in a 0700
 * temporary folder, and a connection's first line must be the session's token (which the bridge
 * reads from its environment, never from its command line); a connection without it gets every
 * request answered "unauthorized" and reaches no tool.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createToolServer, type ToolSource } from './tool-server.ts';

export interface SocketToolServer {
  path: string;
  close(): Promise<void>;
}

/** The longest first line read while waiting for the token. */
const MAX_TOKEN_LINE = 4096;

const digest = (s: string) => createHash('sha256').update(s).digest();
const sameToken = (given: string, token: string) => timingSafeEqual(digest(given), digest(token));

/** Answers each request on the connection with `unauthorized`, as the HTTP server would. */
function refuseAll(socket: Socket): void {
  createInterface({ input: socket, crlfDelay: Infinity }).on('line', (line) => {
    let id: unknown;
    try {
      id = (JSON.parse(line) as { id?: unknown }).id;
    } catch {
      return;
    }
    if (id === undefined) return;
    const error = { code: -32000, message: "the session's tool server: unauthorized" };
    socket.write(`${JSON.stringify({ jsonrpc: '2.0', id, error })}\n`);
  });
}

/** Calls `then` with the connection's first line once it has come, the rest put back. */
function firstLine(socket: Socket, then: (line: string | undefined) => void): void {
  let head = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf(10);
    if (end < 0 && head.length <= MAX_TOKEN_LINE) return;
    socket.off('data', onData);
    socket.pause();
    if (end < 0) return then(undefined);
    socket.unshift(head.subarray(end + 1));
    then(head.subarray(0, end).toString('utf8').replace(/\r$/, ''));
  };
  socket.on('data', onData);
}

export async function serveSocket(
  source: ToolSource,
  opts: { token?: string } = {},
): Promise<SocketToolServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-mcp-'));
  const socketPath = path.join(dir, 'mcp.sock');
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    open.add(socket);
    socket.setNoDelay(true);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => open.delete(socket));
    firstLine(socket, (line) => {
      if (line === undefined || (opts.token !== undefined && !sameToken(line, opts.token)))
        return refuseAll(socket);
      const tools = createToolServer(source);
      // The SDK's stdio transport, reading and writing the socket instead of stdin and stdout.
      const transport = new StdioServerTransport(socket, socket);
      socket.on('close', () => void tools.close());
      void tools.connect(transport).then(() => socket.resume());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
