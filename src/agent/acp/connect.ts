/**
 * Starting an acp agent (docs/agents.md): its process in the workspace, the ACP connection
 * (`initialize`), intentplay's tool server for it (Streamable HTTP when it says it supports HTTP,
 * else the stdio bridge) and its ACP session (`session/new`). Also how a failure reads: garbage on
 * stdout, the agent's own error (with its data), or how its process ended.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  client,
  methods,
  ndJsonStream,
  PROTOCOL_VERSION,
  type ActiveSession,
  type ClientConnection,
  type McpServer,
} from '@agentclientprotocol/sdk';
import { INTENTPLAY_VERSION, PACKAGE_ROOT } from '../../config/package-info.ts';
import { registerSecret } from '../../config/secrets.ts';
import { errorMessage } from '../../contracts/errors.ts';
import { serveHttp, type HttpToolServer } from '../../mcp/http.ts';
import { MCP_SERVER_NAME, type ToolSource } from '../../mcp/tool-server.ts';
import { AcpFiles } from './files.ts';
import { answerPermission, type PermissionContext } from './permission-request.ts';
import { AgentProcess } from './process.ts';

/** The session as the agent lives it: its process, connection, ACP session and tool server. */
export interface Live {
  proc: AgentProcess;
  conn: ClientConnection;
  session: ActiveSession;
  tools: HttpToolServer;
}

export interface StartOptions {
  command: string;
  cwd: string;
  logFile?: string;
  /** Called with the process as soon as it exists: a deadline or a quit may stop it while it starts. */
  spawned(proc: AgentProcess): void;
  /** What a permission request is answered with, read when the request comes. */
  permissions(): PermissionContext;
  /** intentplay's tools, as the agent's MCP client sees them. */
  tools: ToolSource;
}

/** Starts the agent and its ACP session; a failure stops its process and says why, with its stderr. */
export async function startAgent(o: StartOptions): Promise<Live> {
  const files = new AcpFiles(o.cwd);
  const proc = new AgentProcess(o.command, o.cwd, o.logFile);
  o.spawned(proc);
  const app = client({ name: 'intentplay' })
    .onRequest(methods.client.session.requestPermission, ({ params, signal }) =>
      answerPermission(params, signal, o.permissions()),
    )
    .onRequest(methods.client.fs.readTextFile, ({ params }) => ({
      content: files.read(params.path, params.line ?? undefined, params.limit ?? undefined),
    }))
    .onRequest(methods.client.fs.writeTextFile, ({ params }) => {
      files.write(params.path, params.content);
      return {};
    });
  const conn = app.connect(ndJsonStream(proc.stdin, proc.stdout));
  const failed = failure(proc, conn);
  try {
    const init = await Promise.race([
      conn.agent.request(methods.agent.initialize, {
        protocolVersion: PROTOCOL_VERSION,
        clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: false },
        clientInfo: { name: 'intentplay', version: INTENTPLAY_VERSION },
      }),
      failed,
    ]);
    const token = randomBytes(18).toString('base64url');
    // An agent may print its mcpServers (a log line, an error): the token is blanked like a key from everything written.
    registerSecret(token);
    const http = Boolean(init.agentCapabilities?.mcpCapabilities?.http);
    const tools = await serveHttp(o.tools, { token, socket: !http });
    try {
      const session = await Promise.race([
        conn.agent
          .buildSession({ cwd: o.cwd, mcpServers: [mcpServer(tools, token, http)] })
          .start(),
        failed,
      ]);
      return { proc, conn, session, tools };
    } catch (err) {
      await tools.close();
      throw err;
    }
  } catch (err) {
    const why = await failureReason(proc, err);
    // What it wrote on stderr just before refusing may still be in the pipe.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await proc.stop();
    throw new Error(`the acp agent did not start: ${why}${proc.stderrTail()}`);
  }
}

/** intentplay's tool server as the agent is told of it: over HTTP, or through the stdio bridge. */
function mcpServer(tools: HttpToolServer, token: string, http: boolean): McpServer {
  if (http)
    return {
      type: 'http',
      name: MCP_SERVER_NAME,
      url: tools.url,
      headers: [{ name: 'Authorization', value: `Bearer ${token}` }],
    };
  return {
    name: MCP_SERVER_NAME,
    command: process.execPath,
    args: [
      path.join(PACKAGE_ROOT, 'bin', 'intentplay.js'),
      'mcp',
      '--connect',
      tools.socket ?? tools.url,
    ],
    env: [{ name: 'INTENTPLAY_MCP_TOKEN', value: token }],
  };
}

/** Rejects when the process exits, writes garbage, or the connection closes. */
export function failure(proc: AgentProcess, conn: ClientConnection): Promise<never> {
  const failed = new Promise<never>((_, reject) => {
    void proc.exited.then((how) => reject(new Error(how)));
    void conn.closed.then(() =>
      reject(new Error(proc.garbage !== undefined ? 'garbage' : 'the connection closed')),
    );
  });
  failed.catch(() => undefined); // raced while a request is out; nobody waits on it between turns
  return failed;
}

/** Why the agent failed, in words: garbage on stdout, what it answered, or how its process ended. */
export async function failureReason(proc: AgentProcess, err: unknown): Promise<string> {
  if (proc.garbage !== undefined)
    return `it wrote something that is not an ACP message on stdout: ${JSON.stringify(proc.garbage)}`;
  const msg = errorMessage(err);
  // An agent's JSON-RPC error often says only "Internal error"; its data holds the real reason.
  const data =
    typeof err === 'object' && err && 'data' in err ? (err as { data: unknown }).data : undefined;
  if (data !== undefined && data !== null)
    return `${msg}: ${typeof data === 'string' ? data : JSON.stringify(data)}`;
  // An answer of the agent (a JSON-RPC error, its code a number) says why in its own words.
  const code = typeof err === 'object' && err && 'code' in err ? err.code : undefined;
  if (typeof code === 'number') return msg;
  // The connection closed, or a write to it failed (EPIPE: an agent that exits at once), before
  // the process's exit was seen; that usually follows at once and says more.
  return (
    (await Promise.race([
      proc.exited,
      new Promise<undefined>((r) => setTimeout(r, 200, undefined)),
    ])) ?? msg
  );
}
