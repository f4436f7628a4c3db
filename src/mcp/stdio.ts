/**
 * The tool server over stdio (`intentplay mcp SCENARIO --stdio`). The bridge an acp agent
 * without HTTP support starts is in bridge.ts.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createToolServer, type ToolSource } from './tool-server.ts';

/** Serves until stdin closes; resolves then. */
export async function serveStdio(source: ToolSource): Promise<void> {
  const server = createToolServer(source);
  const closed = new Promise<void>((resolve) => {
    const before = server.onclose;
    server.onclose = () => {
      before?.();
      resolve();
    };
  });
  await server.connect(new StdioServerTransport());
  process.stdin.on('end', () => void server.close());
  await closed;
}
