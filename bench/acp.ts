/**
 * What the ACP and MCP plumbing adds per agent turn, beyond the agent's own time. The test agent
 * (test/fixtures/acp-agent.mjs, on the official SDKs) runs as a real subprocess in `--bench` mode:
 *   - per turn: the wall time of one prompt (our events, JSON-RPC over the pipes both ways, the
 *     SDKs on both sides) minus the time the agent spends in its prompt handler;
 *   - per MCP call: the agent's round trip to our tool server (Streamable HTTP on loopback, the
 *     SDK client in the agent, our server, the engine's tool path) minus the tool's own run time.
 * Besides wall times, the CPU time each side spends per call (process.cpuUsage: intentplay's
 * process, tool included, and the agent's), which a loaded machine moves far less than wall time.
 * The agent's start (process, initialize, session/new) is reported apart: it is paid once per session.

 * With --pause MS, a further --paused-calls calls each come MS after the one before, as an agent's
 * calls do while its model thinks: the cost of a call on a connection that sat idle.
 * With --stdio-mcp the agent says it cannot speak MCP over HTTP, so it reaches the tool server
 * through the stdio bridge intentplay starts for such agents (`intentplay mcp --connect`, the
 * built CLI: run `npm run build` first): one more process and hop per call.
 *
 *   npm run bench -- acp [--turns 300] [--calls 300] [--pause 6000 --paused-calls 10] [--stdio-mcp]
 */
import '../src/paradigms/index.ts'; // installs the paradigms, as the command line's entry does
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AcpAgent } from '../src/agent/acp/agent.ts';
import type { AgentTurnInput, TranscriptEntry } from '../src/contracts/backends.ts';
import { createToolRegistry } from '../src/tools/index.ts';
import { MemoryStore } from '../src/tools/memory.ts';
import { invokeTool, ToolRegistry, type ToolContext } from '../src/tools/registry.ts';
import { AppStateHost } from '../src/apps/index.ts';
import { Workspace } from '../src/workspace/workspace.ts';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const TURNS = arg('--turns', 300);
const CALLS = arg('--calls', 300);
const PAUSE_MS = arg('--pause', 0);
const PAUSED_CALLS = arg('--paused-calls', 10);
const WARMUP = 20;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const fmt = (xs: number[]) =>
  `median ${quantile(xs, 0.5).toFixed(2)} ms · p95 ${quantile(xs, 0.95).toFixed(2)} ms`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'ip-bench-acp-'));
const workspace = Workspace.create(path.join(dir, 'ws'));
workspace.writeText('notes/a.md', 'hello\n');
const registry = createToolRegistry();
const listDir = registry.resolve('list_dir')!;
const ctx: ToolContext = { workspace, memory: new MemoryStore(), apps: new AppStateHost() };
const toolMs: number[] = [];
const transcript: TranscriptEntry[] = [];
const controller = new AbortController();
let n = 0;
const input = (text: string): AgentTurnInput => {
  transcript.push({ kind: 'user', turn: ++n, text });
  return {
    turn: n,
    session: { scenarioId: 'bench/acp', title: 'bench', date: '2026-01-01', memory: '', index: 0 },
    transcript,
    tools: [ToolRegistry.spec(listDir)],
    turnOver: () => false,
    callTool: async (name, args) => {
      const t0 = performance.now();
      const out = await invokeTool(registry.resolve(name), name, args, ctx);
      toolMs.push(performance.now() - t0);
      return out;
    },
    cwd: workspace.root,
    external: { start: () => undefined, update: () => undefined, finish: () => undefined },
    emit: () => undefined,
    signal: controller.signal,
  };
};

const STDIO = process.argv.includes('--stdio-mcp');
const agent = new AcpAgent({
  command: `${process.execPath} ${path.resolve('test/fixtures/acp-agent.mjs')} --bench${STDIO ? ' --stdio-mcp' : ''}`,
});
const t0 = performance.now();
await agent.runTurn(input('hello'));
const startMs = performance.now() - t0;

const turnOverhead: number[] = [];
for (let i = 0; i < WARMUP + TURNS; i++) {
  const w0 = performance.now();
  const { reply } = await agent.runTurn(input(`turn ${i}`));
  const wall = performance.now() - w0;
  const own = (JSON.parse(reply) as { ownMs: number }).ownMs;
  if (i >= WARMUP) turnOverhead.push(wall - own);
}

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const ours0 = process.cpuUsage();
const { reply } = await agent.runTurn(input(`calls=${WARMUP + CALLS}`));
const oursPerCall = cpuMs(process.cpuUsage(ours0)) / (WARMUP + CALLS);
const calls = JSON.parse(reply) as { mcpMs: number[]; cpuMs: number };
const agentPerCall = calls.cpuMs / (WARMUP + CALLS);
const mcpMs = calls.mcpMs.slice(WARMUP);
const tools = toolMs.slice(-CALLS);
const callOverhead = mcpMs.map((ms, i) => ms - (tools[i] ?? 0));
let pausedOverhead: number[] = [];
if (PAUSE_MS > 0) {
  const paused = JSON.parse(
    (await agent.runTurn(input(`calls=${PAUSED_CALLS} pause=${PAUSE_MS}`))).reply,
  ) as { mcpMs: number[] };
  const pausedTools = toolMs.slice(-PAUSED_CALLS);
  pausedOverhead = paused.mcpMs.map((ms, i) => ms - (pausedTools[i] ?? 0));
}
await agent.close();
workspace.dispose();
rmSync(dir, { recursive: true, force: true });

console.log(
  `acp agent start (spawn, initialize, tool server, session/new, first prompt): ${startMs.toFixed(0)} ms, once per session`,
);
console.log(`per turn, beyond the agent's own time (${TURNS} prompts): ${fmt(turnOverhead)}`);
console.log(
  `per MCP tool call${STDIO ? ' through the stdio bridge' : ''}, beyond the tool's own time (${CALLS} calls): ${fmt(callOverhead)} (the tool itself: ${fmt(tools)})`,
);
if (PAUSE_MS > 0)
  console.log(
    `per MCP tool call ${PAUSE_MS} ms after the one before (${PAUSED_CALLS} calls): ${fmt(pausedOverhead)}`,
  );
console.log(
  `CPU per MCP call: ${oursPerCall.toFixed(2)} ms in intentplay (server and tool), ${agentPerCall.toFixed(2)} ms in the agent (its SDK client)`,
);
