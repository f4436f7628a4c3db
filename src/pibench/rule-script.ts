/**
 * Runs a π-Bench rule script (`score(tools_history) -> dict`) with python3 in a
 * subprocess with a time limit. One process per call: it imports the script, asks
 * `score([])` for the check names, then scores each turn's tools_history, with π-Bench's
 * rules (checklist_evaluator.py, docs/pibench.md "Scoring parity"): check names are
 * trimmed; a value must be 0, 1, True or False, else the call fails; a turn on which the
 * script raises, returns no dict or gives a known check another value counts 0 for every
 * check; unknown names are ignored and missing ones count 0.
 */
import { spawn } from 'node:child_process';
import type { PibenchToolRecord } from './tool-records.ts';

export const DEFAULT_SCRIPT_TIMEOUT_MS = 30_000;

export interface RuleScriptOptions {
  /** The python interpreter (default: $INTENTPLAY_PYTHON, else python3). */
  python?: string;
  /** Working directory of the script (π-Bench runs from its repo root). */
  cwd?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type TurnScore = { values: Record<string, 0 | 1> } | { error: string };

export interface RuleScriptResult {
  /** The keys of `score([])`: the script's checks, in order. */
  keys: string[];
  turns: TurnScore[];
}

/** A failure to run the script at all (no python, import error, timeout, bad output). */
export class RuleScriptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleScriptError';
  }
}

// Script output goes to stderr so that stdout carries only our JSON.
const RUNNER = String.raw`
import importlib.util, json, os, sys, traceback
req = json.load(sys.stdin)
out = sys.stdout
sys.stdout = sys.stderr
def fail(msg):
    out.write(json.dumps({"fatal": msg})); out.flush(); sys.exit(0)
try:
    sys.path.insert(0, os.path.dirname(os.path.abspath(req["script"])))
    spec = importlib.util.spec_from_file_location("pibench_rule_script", req["script"])
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    base = mod.score([])
except Exception as e:
    fail("".join(traceback.format_exception_only(type(e), e)).strip())
if not isinstance(base, dict):
    fail("score([]) returned %s, not a dict" % type(base).__name__)
def bit(name, v):
    # 0, 1, True and False only (True == 1 and False == 0 are ints too)
    if isinstance(v, int) and v in (0, 1):
        return int(v)
    raise ValueError("check %r got %r; a check's value must be 0, 1, True or False" % (name, v))
keys = []
for k, v in base.items():
    name = str(k).strip()
    if not name:
        fail("score([]) returned an empty check name")
    if name in keys:
        continue
    try:
        bit(name, v)
    except ValueError as e:
        fail("score([]): %s" % e)
    keys.append(name)
known = set(keys)
turns = []
for history in req["turns"]:
    try:
        r = mod.score(history)
        if not isinstance(r, dict):
            raise TypeError("score() returned %s, not a dict" % type(r).__name__)
        got = {}
        for k, v in r.items():
            name = str(k).strip()
            if name in known:
                got[name] = bit(name, v)
        turns.append({"values": {k: got.get(k, 0) for k in keys}})
    except Exception as e:
        turns.append({"error": "".join(traceback.format_exception_only(type(e), e)).strip()})
out.write(json.dumps({"keys": keys, "turns": turns})); out.flush()
`;

export function pythonCommand(opts: RuleScriptOptions = {}): string {
  return opts.python ?? process.env.INTENTPLAY_PYTHON ?? 'python3';
}

/** Scores each turn's tools_history with the script; `turns: []` only lists its checks. */
export function runRuleScript(
  script: string,
  turns: readonly PibenchToolRecord[][],
  opts: RuleScriptOptions = {},
): Promise<RuleScriptResult> {
  const python = pythonCommand(opts);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_SCRIPT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const child = spawn(python, ['-c', RUNNER], {
      cwd: opts.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
      ...(opts.signal ? { signal: opts.signal } : {}),
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr
      .setEncoding('utf8')
      .on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT')
        reject(
          new RuleScriptError(
            `${python} not found: rule scripts need Python 3 (install it, or set INTENTPLAY_PYTHON)`,
          ),
        );
      else if (err.name === 'AbortError')
        reject(new RuleScriptError('the rule script was stopped'));
      else reject(new RuleScriptError(`cannot run ${python}: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      if (signal)
        return reject(
          new RuleScriptError(
            signal === 'SIGKILL'
              ? `rule script timed out after ${timeoutMs / 1000} s`
              : `rule script killed by ${signal}`,
          ),
        );
      let parsed: { fatal?: string; keys?: string[]; turns?: TurnScore[] };
      try {
        parsed = JSON.parse(stdout) as typeof parsed;
      } catch {
        return reject(
          new RuleScriptError(
            `rule script gave no result (exit code ${code})${stderr.trim() ? `: ${lastLine(stderr)}` : ''}`,
          ),
        );
      }
      if (parsed.fatal) return reject(new RuleScriptError(`rule script failed: ${parsed.fatal}`));
      resolve({ keys: parsed.keys ?? [], turns: parsed.turns ?? [] });
    });
    child.stdin.on('error', () => {}); // the process may exit before reading everything; `close` reports it
    child.stdin.end(JSON.stringify({ script, turns }));
  });
}

function lastLine(text: string): string {
  return text.trim().split('\n').pop() ?? '';
}
