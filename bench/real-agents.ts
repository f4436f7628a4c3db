/**
 * What intentplay adds inside real sessions of real ACP agents (Codex, opencode, Gemini CLI,
 * Claude Code, installed as docs/agents.md says), each playing the test library's π-Bench-style,
 * time and proposal scenarios against the fake model server (a child process, so its work is not
 * counted as ours):
 *   - per MCP call: from the moment our HTTP server gets a tools/call request to the moment its
 *     answer is sent, less the tool's own run time (tool_call to tool_result in the engine);
 *   - per turn: intentplay's own part of an agent turn: from turn_start to the prompt going out,
 *     and from the agent's end of turn to turn_end (events, the workspace diff, the pipes). The
 *     first turn of a session (the agent's start-up) and turns that wait for the agent to re-list
 *     changed tools (proposal scenarios) are reported apart.
 *
 *   INTENTPLAY_AGENTS=codex,opencode,gemini,claude INTENTPLAY_AGENTS_DIR=/tmp/agents \
 *     npm run bench -- real-agents [--repeat 2]
 */
import '../src/paradigms/index.ts';
import { spawn } from 'node:child_process';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { resolveConfig } from '../src/config/config.ts';
import type { SessionEvent } from '../src/contracts/events.ts';
import { runGroup } from '../src/session/group.ts';
import { planRuns } from '../src/session/plan.ts';
import { createToolRegistry } from '../src/tools/index.ts';
import { realAgentCommand, requestedAgents } from '../test/helpers/real-agents.ts';

const REPEAT = Number(process.argv[process.argv.indexOf('--repeat') + 1] || 2);
const LIB = path.resolve('test/fixtures/acp-lib/scenarios/tester');
const SCENARIOS = ['notes', 'watch', 'soap'];

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const fmt = (xs: number[]) =>
  `n ${xs.length} · median ${quantile(xs, 0.5).toFixed(2)} ms · p95 ${quantile(xs, 0.95).toFixed(2)} ms · max ${Math.max(...xs).toFixed(2)} ms`;

/** The fake model server in a process of its own; resolves with its URL. */
async function fakeModels(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/fake-models.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve) => lines.once('line', resolve));
  return { url, stop: () => child.kill() };
}

// ---- what we time

const now = () => performance.now();
/** MCP HTTP requests in flight (request → start), and the engine's tool time inside each. */
const requests = new Map<
  IncomingMessage,
  { start: number; cpu: NodeJS.CpuUsage; toolMs: number; tool: boolean }
>();
let toolStart = 0;
const perCall: number[] = [];
const cpuPerCall: number[] = [];
subscribe('http.server.request.start', (m) => {
  const { request } = m as { request: IncomingMessage };
  if (request.url === '/mcp' && request.method === 'POST')
    requests.set(request, { start: now(), cpu: process.cpuUsage(), toolMs: 0, tool: false });
});
subscribe('http.server.response.finish', (m) => {
  const { request } = m as { request: IncomingMessage };
  const r = requests.get(request);
  if (!r) return;
  requests.delete(request);
  if (!r.tool) return;
  perCall.push(now() - r.start - r.toolMs);
  // CPU time of our process over the call, the tool included: what a loaded machine moves least.
  const cpu = process.cpuUsage(r.cpu);
  cpuPerCall.push((cpu.user + cpu.system) / 1000);
});
const onTool = (e: SessionEvent) => {
  if (e.type === 'tool_call') toolStart = now();
  if (e.type !== 'tool_result') return;
  // The call's own time goes to the request in flight that made it (one at a time: the script calls one by one).
  for (const r of requests.values())
    if (!r.tool) {
      r.tool = true;
      r.toolMs = now() - toolStart;
      break;
    }
};

const perTurn: number[] = [];
const firstTurn: number[] = [];
const relistTurn: number[] = [];
let turn: { start: number; sent?: number; stopped?: number; first: boolean; relist: boolean } = {
  start: 0,
  first: true,
  relist: false,
};
subscribe('intentplay:acp:prompt', (m) => {
  const { phase } = m as { phase: 'sent' | 'stopped' };
  turn[phase] = now();
});
let lastPhase = '';
let phaseChanged = false;
const onTurn = (e: SessionEvent) => {
  if (e.type === 'session_start') lastPhase = '';
  // A proposal scenario's next turn offers other tools: that turn waits for the agent to list them again.
  if (e.type === 'phase') {
    phaseChanged = lastPhase !== '' && e.phase !== lastPhase;
    lastPhase = e.phase;
  }
  if (e.type === 'turn_start') {
    turn = { start: now(), first: e.turn === 1, relist: phaseChanged };
    phaseChanged = false;
  }
  if (e.type !== 'turn_end' || turn.sent === undefined || turn.stopped === undefined) return;
  const ours = turn.sent - turn.start + (now() - turn.stopped);
  (turn.first ? firstTurn : turn.relist ? relistTurn : perTurn).push(ours);
};

// ---- the runs

const { dir, agents } = requestedAgents();
if (!agents.length) {
  process.stderr.write(
    'name installed agents: INTENTPLAY_AGENTS=codex,… INTENTPLAY_AGENTS_DIR=…\n',
  );
  process.exit(2);
}
const models = await fakeModels();
const scratch = mkdtempSync(path.join(os.tmpdir(), 'ip-bench-real-'));
const byAgent: string[] = [];
for (const agent of agents) {
  const [calls0, turns0, start] = [perCall.length, perTurn.length, os.loadavg()[0]!];
  const command = realAgentCommand(agent, { dir, url: models.url, scratch });
  for (let i = 0; i < REPEAT; i++)
    for (const s of SCENARIOS)
      for (const group of planRuns([path.join(LIB, `${s}.yaml`)], { noDeps: true }))
        await runGroup(group, {
          specs: {
            agent: { kind: 'acp', name: command, timeoutMs: 180_000 },
            user: { kind: 'rules' },
            judge: { kind: 'rules' },
          },
          config: resolveConfig({}, {}),
          registry: createToolRegistry(),
          recordingsDir: path.join(scratch, 'recordings'),
          date: '2026-01-01',
          onEvent: (e) => {
            onTool(e);
            onTurn(e);
          },
        });
  byAgent.push(
    [
      `${agent} (load ${start.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}):`,
      `  per MCP call ${fmt(perCall.slice(calls0))}`,
      `  our CPU per MCP call ${fmt(cpuPerCall.slice(calls0))}`,
      `  per turn ${fmt(perTurn.slice(turns0))}`,
    ].join('\n'),
  );
}
models.stop();
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
console.log(byAgent.join('\n'));
console.log(`all agents: per MCP call, beyond the tool's own time: ${fmt(perCall)}`);
console.log(`all agents: our CPU per MCP call, the tool included: ${fmt(cpuPerCall)}`);
console.log(`all agents: per turn, intentplay's part: ${fmt(perTurn)}`);
console.log(`first turns (the agent's start-up included): ${fmt(firstTurn)}`);
console.log(`turns after the tools changed (waiting for a re-list included): ${fmt(relistTurn)}`);
