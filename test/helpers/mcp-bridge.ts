/** The stdio bridge as an acp agent starts it: the real binary, `intentplay mcp --connect URL`. */
import path from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const BIN = path.resolve('bin/intentplay.js');

export function bridgeTransport(url: string, token?: string): StdioClientTransport {
  const env = { ...(process.env as Record<string, string>) };
  delete env.INTENTPLAY_MCP_TOKEN;
  if (token) env.INTENTPLAY_MCP_TOKEN = token;
  return new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--connect', url],
    env,
    stderr: 'pipe',
  });
}
