/**
 * An external agent's process: spawned from a command line (shell words, no shell), its stdout
 * checked line by line before the ACP SDK reads it (a line that is not JSON is a fault, named
 * with the line, instead of a silent hang), its stderr kept (the last lines for error
 * messages, all of it in a log beside the recording, secrets blanked), stopped as a group.
 */
import { errorMessage } from '../../contracts/errors.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { parse } from 'shell-quote';
import { registerSecret, scrub, withoutModelKeys } from '../../config/secrets.ts';
import { UserError } from '../../contracts/diagnostics.ts';

const STDERR_LINES = 20;
/** Environment variables whose values an agent may print: blanked like our own keys. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL/i;

let envSecretsRegistered = false;
/** The environment's key-like values, blanked like our own keys from then on (once per process). */
function registerEnvironmentSecrets(): void {
  if (envSecretsRegistered) return;
  envSecretsRegistered = true;
  for (const [name, value] of Object.entries(process.env))
    if (value && value.length >= 8 && SECRET_NAME.test(name)) registerSecret(value);
}

/** `acp:'COMMAND ARGS'` as argv: shell quoting is understood, shell operators are refused. */
export function commandArgv(command: string): string[] {
  let words: ReturnType<typeof parse>;
  try {
    words = parse(command, (name) => process.env[name] ?? '');
  } catch (err) {
    throw new UserError(`--agent acp:${command}: cannot read the command (${errorMessage(err)})`);
  }
  const argv: string[] = [];
  for (const w of words) {
    if (typeof w !== 'string')
      throw new UserError(
        `--agent acp:${command}: pipes, redirections and other shell operators are not run; put them in a script and name the script`,
      );
    argv.push(w);
  }
  if (!argv.length)
    throw new UserError("--agent acp: needs a command, e.g. --agent acp:'npx my-agent --acp'");
  return argv;
}

/** Agents running now: stopped with intentplay whichever way it ends. */
const running = new Set<AgentProcess>();
let exitHooked = false;

/**
 * SIGTERM, now, to the process group of every agent still running: for an intentplay that is
 * ending (its terminal closed, SIGTERM, an exit) and cannot wait for `stop()`. Each agent runs in
 * a process group of its own, so the terminal's hang-up does not reach it, and it was left
 * running after its terminal window was closed.
 */
export function stopAgentsNow(): void {
  for (const agent of running) {
    running.delete(agent);
    agent.signalGroup('SIGTERM');
  }
}

export class AgentProcess {
  readonly child: ChildProcess;
  readonly stdin: WritableStream<Uint8Array>;
  readonly stdout: ReadableStream<Uint8Array>;
  /** Resolves when the process has exited, with a sentence saying how. */
  readonly exited: Promise<string>;
  /** Set when stdout carried something that is not an ACP message. */
  garbage: string | undefined;
  private readonly tail: string[] = [];
  private partial = '';

  constructor(
    command: string,
    cwd: string,
    private readonly logFile?: string,
  ) {
    registerEnvironmentSecrets();
    // The agent runs in the workspace; paths in its command line mean what they meant where intentplay was started.
    const [file, ...args] = commandArgv(command).map((w) =>
      !w.startsWith('-') && w.includes('/') && !path.isAbsolute(w) && existsSync(w)
        ? path.resolve(w)
        : w,
    );
    if (logFile) mkdirSync(path.dirname(logFile), { recursive: true });
    // Its own process group, so stopping it stops what it started (npx, a wrapper's children).
    // Its environment is ours less the model keys intentplay resolved (docs/agents.md): the agent brings its own.
    const env = withoutModelKeys(process.env);
    this.child = spawn(file!, args, {
      cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
    });
    if (!exitHooked) process.once('exit', stopAgentsNow);
    exitHooked = true;
    running.add(this);
    this.exited = new Promise((resolve) => {
      this.child.once('error', (err) => {
        running.delete(this);
        resolve(`could not start \`${file}\`: ${err.message}`);
      });
      this.child.once('exit', (code, signal) => {
        running.delete(this);
        resolve(
          signal
            ? `the agent process was stopped by ${signal}`
            : `the agent process exited with code ${code}`,
        );
      });
    });
    this.child.stderr!.setEncoding('utf8').on('data', (text: string) => this.keepStderr(text));
    this.stdin = Writable.toWeb(this.child.stdin!) as WritableStream<Uint8Array>;
    this.child.stdin!.on('error', () => undefined); // a closed pipe shows as the process's exit
    const checked = new TransformStream<Uint8Array, Uint8Array>({
      transform: (chunk, ctl) => {
        if (this.garbage === undefined) this.check(Buffer.from(chunk).toString('utf8'));
        if (this.garbage === undefined) ctl.enqueue(chunk);
        else ctl.terminate();
      },
    });
    this.stdout = (Readable.toWeb(this.child.stdout!) as ReadableStream<Uint8Array>).pipeThrough(
      checked,
    );
  }

  /** Every complete stdout line must be a JSON object; the first that is not is kept. */
  private check(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      const t = line.trim();
      if (!t) continue;
      let ok = t.startsWith('{');
      if (ok)
        try {
          JSON.parse(t);
        } catch {
          ok = false;
        }
      if (!ok) {
        this.garbage = scrub(t.length > 120 ? `${t.slice(0, 120)}…` : t);
        return;
      }
    }
  }

  private keepStderr(text: string): void {
    const clean = scrub(text);
    if (this.logFile) appendFileSync(this.logFile, clean);
    for (const line of clean.split('\n')) if (line.trim()) this.tail.push(line.trimEnd());
    this.tail.splice(0, Math.max(0, this.tail.length - STDERR_LINES));
  }

  /** The last lines the agent wrote to stderr, for an error message. */
  stderrTail(lines = 8): string {
    const last = this.tail.slice(-lines);
    return last.length
      ? `\nlast lines of its stderr${this.logFile ? ` (all in ${this.logFile})` : ''}:\n  ${last.join('\n  ')}`
      : '';
  }

  /** A signal to the agent's whole process group (what it started too), if any of it is left. */
  signalGroup(sig: NodeJS.Signals): void {
    try {
      if (this.child.pid && process.platform !== 'win32') process.kill(-this.child.pid, sig);
      else this.child.kill(sig);
    } catch {
      // already gone
    }
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * SIGTERM to the group, SIGKILL after a grace period; resolves once it has exited. The group is
   * signalled even when its leader has already gone: what it started (npx, a wrapper's children)
   * may still run and hold intentplay open.
   */
  async stop(graceMs = 2000): Promise<void> {
    const signal = (sig: NodeJS.Signals) => this.signalGroup(sig);
    if (!this.running) {
      signal('SIGKILL');
      return;
    }
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
    signal('SIGKILL'); // what the leader left behind
  }
}
