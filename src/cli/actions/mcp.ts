/**
 * What `intentplay mcp` does: one session of the scenario whose agent is whoever connects.
 * Nothing but MCP goes to stdout in stdio mode; what the user should know goes to stderr.
 */
import { errorMessage } from '../../contracts/errors.ts';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { UserError } from '../../contracts/diagnostics.ts';
import { planRuns } from '../../session/plan.ts';
import { runGroup } from '../../session/group.ts';
import type { SessionRun } from '../../session/engine.ts';
import { resolveConfig } from '../../config/config.ts';
import { createToolRegistry } from '../../tools/index.ts';
import { serveHttp } from '../../mcp/http.ts';
import { bridgeStdio, pipeSocket, reachable } from '../../mcp/bridge.ts';
import { serveStdio } from '../../mcp/stdio.ts';
import { ServedAgent } from '../../mcp/served-agent.ts';
import { fmtScore } from '../../text/format.ts';

export interface McpFlags {
  stdio?: boolean;
  http?: number;
  library?: string;
  workspace?: string;
  recordings: string;
  record: boolean;
  connect?: string;
}

/** Tool calls one served session may make (the scenario's per-turn cap is for agents' turns). */
const SERVED_TOOL_STEPS = 100_000;

export async function mcpCommand(target: string | undefined, flags: McpFlags): Promise<void> {
  if (flags.connect) return bridge(flags.connect);
  if (!target)
    throw new UserError(
      'give the scenario whose tools to serve, e.g. intentplay mcp marketer/ab-headlines',
    );
  if (flags.stdio && flags.http !== undefined)
    throw new UserError('choose one of --stdio and --http');
  const groups = planRuns([target], {
    noDeps: true,
    ...(flags.library ? { library: flags.library } : {}),
  });
  const group = groups[0]!;
  if (groups.length > 1 || group.sessions.length > 1)
    throw new UserError(`${target} names more than one scenario: serve one scenario at a time`);
  const scenario = group.sessions[0]!;
  const served = new ServedAgent();
  let run: SessionRun | undefined;
  const done = runGroup(
    {
      ...group,
      sessions: [{ ...scenario, limits: { ...scenario.limits, tool_steps: SERVED_TOOL_STEPS } }],
    },
    {
      specs: { agent: { kind: 'script' }, user: { kind: 'rules' }, judge: { kind: 'rules' } },
      config: resolveConfig({}),
      registry: createToolRegistry(),
      recordingsDir: flags.record ? path.resolve(flags.recordings) : null,
      ...(flags.workspace ? { workspaceDir: path.resolve(flags.workspace) } : {}),
      wrapBackends: (b) => ({ ...b, agent: served }),
      onSession: (r) => (run = r),
    },
  );
  const stop = () => {
    run?.requestEnd();
    served.end();
  };
  if (flags.http !== undefined) {
    // Any process on the machine can reach 127.0.0.1: a client needs the token (given, or made here and printed).
    const token = process.env.INTENTPLAY_MCP_TOKEN || randomBytes(18).toString('base64url');
    let server;
    try {
      server = await serveHttp(served.source, {
        port: flags.http,
        token,
        onNotice: (t) => process.stderr.write(`intentplay mcp: ${t}\n`),
      });
    } catch (err) {
      stop();
      await done;
      throw new UserError(`cannot serve on 127.0.0.1:${flags.http}: ${errorMessage(err)}`);
    }
    process.stderr.write(
      `intentplay mcp: serving ${scenario.id} at ${server.url} (Streamable HTTP); Ctrl-C ends the session\n` +
        (process.env.INTENTPLAY_MCP_TOKEN
          ? 'clients send the header Authorization: Bearer $INTENTPLAY_MCP_TOKEN\n'
          : `clients send the header Authorization: Bearer ${token}\n`),
    );
    // SIGTERM (a supervisor, `kill`) ends the session as Ctrl-C does: the recording gets its end.
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await server.close();
  } else {
    process.stderr.write(
      `intentplay mcp: serving ${scenario.id} on stdio; the session ends when the client disconnects\n`,
    );
    await serveStdio(served.source);
  }
  stop();
  const [result] = await done;
  if (!result) return;
  const s = result.scores;
  process.stderr.write(
    `intentplay mcp: ${s.turns} turn, Proc ${fmtScore(s.proc)}, Comp ${fmtScore(s.comp)}${result.recording ? ` · recording ${result.recording}` : ''}\n`,
  );
}

async function bridge(url: string): Promise<void> {
  const token = process.env.INTENTPLAY_MCP_TOKEN;
  if (!/^https?:\/\//.test(url)) {
    const piped = await pipeSocket(url, token).catch((err: unknown) => {
      throw new UserError(`cannot reach the session's tool server at ${url}: ${errorMessage(err)}`);
    });
    return piped.done;
  }
  try {
    await reachable(url);
  } catch (err) {
    throw new UserError(`cannot reach the session's tool server at ${url}: ${errorMessage(err)}`);
  }
  await bridgeStdio(url, token).done;
}
