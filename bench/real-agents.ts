/**
 * What intentplay adds inside real sessions of real ACP agents (Codex, opencode, Gemini CLI,
 * Claude Code, installed as docs/agents.md says), each playing the test library's π-Bench-style,
 * time and proposal scenarios against the fake model server (a child process, so its work is not
 * counted as ours):
 *   - per MCP call, less the tool's own run time (tool_call to tool_result), two ways:
 *     from the whole request received (the last bytes of its body read from the socket) to its
 *     answer written: what intentplay does with a call, which the ≤ 2 ms target is judged on;
 *     and from the request's first bytes (its head) to the answer: the same plus the wait for
 *     the rest of the request, which is the agent's client sending it (its head and body are
 *     separate writes, and an agent descheduled between them leaves the body for later).
 *     That wait is printed apart, and so is our process's CPU time over each call;
 *   - per turn: intentplay's own part of an agent turn: from turn_start to the prompt going out,
 *     and from the agent's end of turn to turn_end (events, the workspace diff, the pipes). The
 *     first turn of a session (the agent's start-up) and turns that wait for the agent to re-list
 *     changed tools (proposal scenarios) are reported apart.
 *
 *   INTENTPLAY_AGENTS=codex,opencode,gemini,claude INTENTPLAY_AGENTS_DIR=/tmp/agents \
 *     npm run bench -- real-agents [--repeat 2]
 *
 * TRACE=FILE also writes each call's window on the clock of `node --cpu-prof`'s profiles
 * (microseconds, monotonic), to see what a profile sampled inside the slowest calls.
 */
import '../src/paradigms/index.ts';
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { subscribe } from 'node:diagnostics_channel';
import { ServerResponse, type IncomingMessage } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
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
/** performance.now() and the monotonic clock of CPU profiles at one instant, for TRACE. */
const [HR0, P0] = [Number(process.hrtime.bigint() / 1000n), now()];

/** An MCP HTTP request in flight: when its head came, its body's last bytes, the tool's run, our CPU. */
interface Flight {
  start: number;
  received?: number;
  toolStart?: number;
  toolEnd?: number;
  cpu: NodeJS.CpuUsage;
  /** What else our process reported while the call was in flight (session events, the prompt's phases). */
  events: string[];
}
/** One answered tools/call, in milliseconds. */
interface Call {
  agent: string;
  /** From the whole request received to the answer written, less the tool: the target's measure. */
  whole: number;
  /** From the request's first bytes to the answer written, less the tool. */
  fromHead: number;
  /** The same until the response's `finish` event. */
  untilFinish: number;
  /** Waiting for the rest of the request after its head. */
  body: number;
  /** The request received to the tool's start; the tool's end to the answer written. */
  wayIn: number;
  wayOut: number;
  cpu: number;
  window: [number, number];
  events: string[];
}
const requests = new Map<IncomingMessage, Flight>();
const calls: Call[] = [];
/** Garbage collection pauses (start, duration), to find those inside a call. */
const gcs: { at: number; ms: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ at: e.startTime, ms: e.duration });
}).observe({ entryTypes: ['gc'] });
/** GC pauses inside a call's window (the observer reports them later, so this is reckoned at the end). */
const gcIn = ([from, to]: [number, number]) =>
  gcs.filter((g) => g.at + g.ms > from && g.at < to).reduce((a, g) => a + g.ms, 0);
let currentAgent = '';
subscribe('http.server.request.start', (m) => {
  const { request } = m as { request: IncomingMessage };
  if (request.url !== '/mcp' || request.method !== 'POST') return;
  const flight: Flight = { start: now(), cpu: process.cpuUsage(), events: [] };
  requests.set(request, flight);
  // The HTTP parser pushes each piece of the body as it reads it from the socket. (A 'data'
  // listener here would start the body flowing before the server listens for it.)
  const push = request.push;
  request.push = function (this: IncomingMessage, chunk: unknown, ...rest: unknown[]) {
    if (chunk !== null) flight.received = now();
    return (push as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof push;
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
subscribe('http.server.response.finish', (m) => {
  const { request } = m as { request: IncomingMessage };
  const r = requests.get(request);
  if (!r) return;
  requests.delete(request);
  if (r.toolStart === undefined || r.toolEnd === undefined) return;
  const tool = r.toolEnd - r.toolStart;
  const at = answered.get(request) ?? now();
  const received = r.received ?? r.start;
  // CPU time of our process over the call, the tool included: what a loaded machine moves least.
  const cpu = process.cpuUsage(r.cpu);
  calls.push({
    agent: currentAgent,
    whole: at - received - tool,
    fromHead: at - r.start - tool,
    untilFinish: now() - r.start - tool,
    body: received - r.start,
    wayIn: r.toolStart - received,
    wayOut: at - r.toolEnd,
    cpu: (cpu.user + cpu.system) / 1000,
    window: [r.start, at],
    events: r.events,
  });
});
const inFlight = (what: string) => {
  for (const r of requests.values()) r.events.push(`${(now() - r.start).toFixed(2)} ${what}`);
};
const onTool = (e: SessionEvent) => {
  inFlight(e.type);
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
  const { phase } = m as { phase: 'sent' | 'stopped' | 'cancelled' };
  if (phase !== 'cancelled') turn[phase] = now();
  inFlight(`prompt ${phase}`);
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

/** The per-call lines, for one agent's calls or all. */
const callLines = (cs: Call[], indent: string) => [
  `${indent}per MCP call, the request received to the answer written (the target's measure): ${fmt(cs.map((c) => c.whole))}`,
  `${indent}per MCP call, the request's first bytes to the answer written: ${fmt(cs.map((c) => c.fromHead))}`,
  `${indent}  of which waiting for the rest of the request (the agent's client sending it): ${fmt(cs.map((c) => c.body))}`,
  `${indent}our CPU per MCP call, the tool included: ${fmt(cs.map((c) => c.cpu))}`,
];

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
  const [turns0, start] = [perTurn.length, os.loadavg()[0]!];
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
      ...callLines(
        calls.filter((c) => c.agent === agent),
        '  ',
      ),
      `  per turn, intentplay's part: ${fmt(perTurn.slice(turns0))}`,
    ].join('\n'),
  );
}
models.stop();
loop.disable();
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(', ');
const ms = (x: number) => x.toFixed(2);
console.log(
  [
    `load average ${load}`,
    ...byAgent,
    'all agents:',
    ...callLines(calls, '  '),
    `  per turn, intentplay's part: ${fmt(perTurn)}`,
    `  of a call: the request received to the tool's start ${fmt(calls.map((c) => c.wayIn))}`,
    `  of a call: the tool's end to the answer written ${fmt(calls.map((c) => c.wayOut))}`,
    `  of a call: until the response's finish event ${fmt(calls.map((c) => c.untilFinish))}`,
    `  of a call: garbage collection inside it ${fmt(calls.map((c) => gcIn(c.window)))}`,
    `event loop delay over the runs: median ${ms(loop.percentile(50) / 1e6)} ms · p95 ${ms(loop.percentile(95) / 1e6)} ms · max ${ms(loop.max / 1e6)} ms`,
    'the slowest calls (the request received to the answer written):',
    ...[...calls]
      .sort((a, b) => b.whole - a.whole)
      .slice(0, 8)
      .map(
        (c) =>
          `  ${c.agent} ${ms(c.whole)} ms (${ms(c.fromHead)} from its head): body ${ms(c.body)} · in ${ms(c.wayIn)} · out ${ms(c.wayOut)} · cpu ${ms(c.cpu)} · gc ${ms(gcIn(c.window))} ms\n    ${c.events.join(', ')}`,
      ),
    `first turns (the agent's start-up included): ${fmt(firstTurn)}`,
    `turns after the tools changed (waiting for a re-list included): ${fmt(relistTurn)}`,
  ].join('\n'),
);
if (process.env.TRACE) {
  const hr = (t: number) => Math.round(HR0 + (t - P0) * 1000);
  writeFileSync(
    process.env.TRACE,
    JSON.stringify(calls.map((c) => ({ ...c, hr: c.window.map(hr) }))),
  );
}
