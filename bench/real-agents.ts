/**
 * What intentplay adds inside real sessions of real ACP agents (Codex, opencode, Gemini CLI,
 * Claude Code, installed as docs/agents.md says), each playing the test library's π-Bench-style,
 * time and proposal scenarios against the fake model server (a child process, so its work is not
 * counted as ours):
 *   - per MCP call: from the moment our HTTP server gets a tools/call request to the moment its
 *     answer is written to the socket, less the tool's own run time (tool_call to tool_result);
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
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { subscribe } from 'node:diagnostics_channel';
import { ServerResponse, type IncomingMessage } from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { resolveConfig } from '../src/config/config.ts';
import type { SessionEvent } from '../src/contracts/events.ts';
import { runGroup } from '../src/session/group.ts';
import { planRuns } from '../src/session/plan.ts';
import { createToolRegistry } from '../src/tools/index.ts';
import { realAgentCommand, RECIPE_FLAGS, requestedAgents } from '../test/helpers/real-agents.ts';

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
/**
 * MCP HTTP requests in flight: when the request's head arrived, when its body had been read, when
 * the engine's tool call started and ended, and our CPU at the start. A call's wall time splits
 * into: waiting for the body, our way in (body read to the tool's start), the tool, our way out
 * (the tool's end to the answer sent).
 */
interface Call {
  start: number;
  bodyEnd?: number;
  toolStart?: number;
  toolEnd?: number;
  cpu: NodeJS.CpuUsage;
}
const requests = new Map<IncomingMessage, Call>();
const perCall: number[] = [];
const cpuPerCall: number[] = [];
const bodyWait: number[] = [];
const wayIn: number[] = [];
const wayOut: number[] = [];
/** Garbage collection pauses (start, duration), to find those inside a call. */
const gcs: { at: number; ms: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ at: e.startTime, ms: e.duration });
}).observe({ entryTypes: ['gc'] });
/** The slowest calls, each with its parts, for the tail. */
const slow: { agent: string; ms: number; window: [number, number]; parts: string }[] = [];
/** GC pauses inside a call's window (the observer reports them later, so this is reckoned at the end). */
const gcIn = ([from, to]: [number, number]) =>
  gcs.filter((g) => g.at + g.ms > from && g.at < to).reduce((a, g) => a + g.ms, 0);
let currentAgent = '';
subscribe('http.server.request.start', (m) => {
  const { request } = m as { request: IncomingMessage };
  if (request.url !== '/mcp' || request.method !== 'POST') return;
  const call: Call = { start: now(), cpu: process.cpuUsage() };
  requests.set(request, call);
  request.once('end', () => (call.bodyEnd = now()));
});
/**
 * When our answer is written: `end()` hands it to the socket at once, while the response's
 * `finish` waits for the write's callback, one turn of our event loop later (on a loaded machine,
 * after the process is scheduled again). The agent has its answer from the first.
 */
const answered = new WeakMap<IncomingMessage, number>();
const end = ServerResponse.prototype.end;
ServerResponse.prototype.end = function (this: ServerResponse, ...args: unknown[]) {
  if (requests.has(this.req)) answered.set(this.req, now());
  return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
} as typeof end;
const untilFinish: number[] = [];
subscribe('http.server.response.finish', (m) => {
  const { request } = m as { request: IncomingMessage };
  const r = requests.get(request);
  if (!r) return;
  requests.delete(request);
  if (r.toolStart === undefined || r.toolEnd === undefined) return;
  const end = answered.get(request) ?? now();
  untilFinish.push(now() - r.start - (r.toolEnd - r.toolStart));
  const ms = end - r.start - (r.toolEnd - r.toolStart);
  perCall.push(ms);
  // CPU time of our process over the call, the tool included: what a loaded machine moves least.
  const cpu = process.cpuUsage(r.cpu);
  cpuPerCall.push((cpu.user + cpu.system) / 1000);
  const body = (r.bodyEnd ?? r.start) - r.start;
  const parts = [body, r.toolStart - (r.bodyEnd ?? r.start), end - r.toolEnd];
  bodyWait.push(parts[0]!);
  wayIn.push(parts[1]!);
  wayOut.push(parts[2]!);
  slow.push({
    agent: currentAgent,
    ms,
    window: [r.start, end],
    parts: `body ${parts[0]!.toFixed(2)} · in ${parts[1]!.toFixed(2)} · out ${parts[2]!.toFixed(2)} · cpu ${((cpu.user + cpu.system) / 1000).toFixed(2)} ms`,
  });
});
const onTool = (e: SessionEvent) => {
  if (e.type !== 'tool_call' && e.type !== 'tool_result') return;
  // The call belongs to the request in flight that made it (one at a time: the script calls one by one).
  for (const r of requests.values()) {
    if (e.type === 'tool_call' && r.toolStart === undefined) {
      r.toolStart = now();
      break;
    }
    if (e.type === 'tool_result' && r.toolStart !== undefined && r.toolEnd === undefined) {
      r.toolEnd = now();
      break;
    }
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
  if (turn.first) firstTurn.push(ours);
  else if (turn.relist) relistTurn.push(ours);
  else perTurn.push(ours);
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
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
for (const agent of agents) {
  currentAgent = agent;
  const [calls0, turns0, start] = [perCall.length, perTurn.length, os.loadavg()[0]!];
  const command = realAgentCommand(agent, { dir, url: models.url, scratch });
  for (let i = 0; i < REPEAT; i++)
    for (const s of SCENARIOS)
      for (const group of planRuns([path.join(LIB, `${s}.yaml`)], { noDeps: true }))
        await runGroup(group, {
          specs: {
            agent: { kind: 'acp', name: command, timeoutMs: 180_000, ...RECIPE_FLAGS[agent] },
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
console.log(`  the same until the response's finish event: ${fmt(untilFinish)}`);
console.log(`all agents: our CPU per MCP call, the tool included: ${fmt(cpuPerCall)}`);
console.log(`all agents: per turn, intentplay's part: ${fmt(perTurn)}`);
console.log(`  of a call: waiting for its body ${fmt(bodyWait)}`);
console.log(`  of a call: body read to the tool's start ${fmt(wayIn)}`);
console.log(`  of a call: the tool's end to the answer written ${fmt(wayOut)}`);
console.log(`  of a call: garbage collection inside it ${fmt(slow.map((c) => gcIn(c.window)))}`);
loop.disable();
console.log(
  `event loop delay over the runs: median ${(loop.percentile(50) / 1e6).toFixed(2)} ms · p95 ${(loop.percentile(95) / 1e6).toFixed(2)} ms · max ${(loop.max / 1e6).toFixed(2)} ms`,
);
console.log('the slowest calls:');
for (const c of slow.sort((a, b) => b.ms - a.ms).slice(0, 8))
  console.log(
    `  ${c.agent} ${c.ms.toFixed(2)} ms: ${c.parts} · gc ${gcIn(c.window).toFixed(2)} ms`,
  );
console.log(`first turns (the agent's start-up included): ${fmt(firstTurn)}`);
console.log(`turns after the tools changed (waiting for a re-list included): ${fmt(relistTurn)}`);
