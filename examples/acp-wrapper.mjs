#!/usr/bin/env node
// An ACP adapter for an agent that has none (a LangGraph or OpenAI Agents SDK app, a script):
//   intentplay run SCENARIO --agent acp:'node examples/acp-wrapper.mjs python my_agent.py'
// Each prompt runs the wrapped command once in the session's folder, with the prompt on stdin;
// every line it prints streams back as the reply. INTENTPLAY_MCP_URL and INTENTPLAY_MCP_HEADERS
// (JSON) tell it where the scenario's tools are (any MCP client library can call them), and
// INTENTPLAY_SESSION the ACP session id, so it can keep its own memory across turns.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Readable, Writable } from 'node:stream';
import { agent, methods, ndJsonStream } from '@agentclientprotocol/sdk';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: acp-wrapper.mjs COMMAND [ARGS...]\n');
  process.exit(2);
}
const sessions = new Map(); // sessionId -> { cwd, env, child }

const app = agent({ name: 'acp-wrapper' })
  .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: { mcpCapabilities: { http: true } } }))
  .onRequest(methods.agent.session.new, ({ params }) => {
    const id = `session-${sessions.size + 1}`;
    const mcp = params.mcpServers.find((s) => s.type === 'http');
    const env = { ...process.env, INTENTPLAY_SESSION: id };
    if (mcp) Object.assign(env, { INTENTPLAY_MCP_URL: mcp.url, INTENTPLAY_MCP_HEADERS: JSON.stringify(Object.fromEntries(mcp.headers.map((h) => [h.name, h.value]))) });
    sessions.set(id, { cwd: params.cwd, env });
    return { sessionId: id };
  })
  .onNotification(methods.agent.session.cancel, ({ params }) => sessions.get(params.sessionId)?.child?.kill())
  .onRequest(methods.agent.session.prompt, async ({ params, client }) => {
    const s = sessions.get(params.sessionId);
    const text = params.prompt.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
    const child = spawn(command, args, { cwd: s.cwd, env: s.env, stdio: ['pipe', 'pipe', 'inherit'] });
    s.child = child;
    child.stdin.end(text);
    let first = true;
    for await (const line of createInterface({ input: child.stdout })) {
      const chunk = first ? line : `\n${line}`;
      first = false;
      await client.notify(methods.client.session.update, { sessionId: params.sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: chunk } } });
    }
    const code = await new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('close', resolve)));
    s.child = undefined;
    if (code === null) return { stopReason: 'cancelled' };
    if (code !== 0) throw new Error(`${command} exited with code ${code}`);
    return { stopReason: 'end_turn' };
  });

app.connect(ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
