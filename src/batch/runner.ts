/**
 * Runs batch units (group × repeat) with bounded concurrency. The sessions of a unit run in
 * order over one workspace; units run side by side. Each unit's results lines are appended
 * in one write when it finishes, so an interrupted unit leaves no line behind.
 */
import { setMaxListeners } from 'node:events';
import path from 'node:path';
import pLimit from 'p-limit';
import type { ResolvedConfig } from '../config/config.ts';
import { UserError } from '../contracts/diagnostics.ts';
import type { BackendSpec } from '../session/backend-spec.ts';
import type { BackendInfo, Role, Scores, TimedEvent } from '../contracts/events.ts';
import type { SessionRun } from '../session/engine.ts';
import { runGroup, type SessionRunResult } from '../session/group.ts';
import type { ToolRegistry } from '../tools/registry.ts';
import type { Progress } from './progress.ts';
import { appendResults } from './results.ts';
import type { RunRecord } from './summary.ts';
import { runRecordOf } from './run-record.ts';
import type { RunUnit } from './units.ts';
import { UsageTally } from './usage.ts';

export interface BatchOptions {
  specs: Record<Role, BackendSpec>;
  config: ResolvedConfig;
  registry: ToolRegistry;
  concurrency: number;
  /** Where recordings are written. */
  recordingsDir: string;
  /** Recording paths in run records are relative to this folder (the results folder, or the cwd). */
  base: string;
  /** The results folder: each finished unit's lines are appended to its results.jsonl. */
  out?: string;
  maxTurns?: number;
  /** Keep each unit's workspace under this folder. */
  workspaceRoot?: string;
  signal?: AbortSignal;
  progress?: Progress;
  date?: string;
}

/** What one session contributed that its result does not hold. */
interface SessionExtras {
  usage: UsageTally;
  started: string;
  backends?: Record<Role, BackendInfo>;
  scores?: Scores;
}

export interface BatchOutcome {
  records: RunRecord[];
  /** Units cut short by an interrupt: nothing of them was written. */
  interrupted: number;
}

/** A unit's expected length in agent turns: at most one per intent, plus the final answer. */
const expectedTurns = (u: RunUnit) =>
  u.group.sessions.reduce((n, s) => n + s.intents.length + 1, 0);

export async function runUnits(
  units: readonly RunUnit[],
  opts: BatchOptions,
): Promise<BatchOutcome> {
  const limit = pLimit(opts.concurrency);
  const records: RunRecord[] = [];
  let interrupted = 0;
  // Longest first: a long episode started last would leave the other slots idle at the end.
  const ordered = [...units].sort((a, b) => expectedTurns(b) - expectedTurns(a));
  await Promise.all(
    ordered.map((unit) =>
      limit(async () => {
        if (opts.signal?.aborted) return void interrupted++;
        const unitRecords = await runUnit(unit, opts);
        if (
          unitRecords.length < unit.group.sessions.length ||
          unitRecords.some((r) => r.end === 'aborted')
        )
          return void interrupted++;
        records.push(...unitRecords);
        if (opts.out) appendResults(opts.out, unitRecords);
      }),
    ),
  );
  return { records, interrupted };
}

async function runUnit(unit: RunUnit, opts: BatchOptions): Promise<RunRecord[]> {
  const { group, repeat } = unit;
  const extras = new Map<SessionRun, SessionExtras>();
  const order: SessionRun[] = [];
  const onEvent = (e: TimedEvent, run: SessionRun) => {
    const x = extras.get(run);
    if (!x) return;
    if (e.type === 'usage') {
      x.usage.add(e);
      opts.progress?.usage(e);
    } else if (e.type === 'session_start') x.backends = e.backends;
    else if (e.type === 'score') x.scores = e.scores;
    else if (e.type === 'session_end') {
      const s = group.sessions[order.indexOf(run)];
      opts.progress?.sessionEnd({
        scenario: s?.id ?? group.id,
        repeat,
        end: e.end,
        proc: x.scores?.proc ?? 0,
        comp: x.scores?.comp ?? null,
        turns: e.turns,
        ...(e.message ? { message: e.message } : {}),
        durationMs: e.t,
      });
    }
  };
  // Each session listens on the signal it is given: a signal per unit keeps a long batch
  // from piling listeners onto the one the interrupt handler owns.
  const unitAbort = new AbortController();
  setMaxListeners(0, unitAbort.signal);
  const relay = () => unitAbort.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', relay, { once: true });
  let results: SessionRunResult[];
  try {
    results = await runGroup(group, {
      specs: opts.specs,
      config: opts.config,
      registry: opts.registry,
      recordingsDir: opts.recordingsDir,
      repeat,
      ...(opts.maxTurns ? { maxTurns: opts.maxTurns } : {}),
      ...(opts.workspaceRoot
        ? {
            workspaceDir: path.join(
              opts.workspaceRoot,
              `${group.id.replace(/\//g, '_')}-r${repeat}${unit.deps ? '' : '-nodeps'}`,
            ),
          }
        : {}),
      signal: unitAbort.signal,
      ...(opts.date ? { date: opts.date } : {}),
      onSession: (run) => {
        order.push(run);
        extras.set(run, {
          usage: new UsageTally(opts.config.prices),
          started: new Date().toISOString(),
        });
        opts.progress?.sessionStart();
      },
      onEvent,
    });
  } catch (err) {
    // A problem the user can fix (a backend that cannot start, say) fails the unit, not the batch.
    if (!(err instanceof UserError)) throw err;
    // The whole unit counts as failed (its shared workspace is incomplete); resume runs it again.
    results = group.sessions.map((s, i) =>
      failedResult(
        unit,
        s.id,
        s.persona,
        i,
        s.intents.map((x) => x.id),
        err.message,
      ),
    );
    for (const r of results.slice(order.length))
      opts.progress?.sessionEnd(
        {
          scenario: r.scenario,
          repeat,
          end: 'error',
          proc: 0,
          comp: null,
          turns: 0,
          message: err.message,
        },
        false,
      );
  } finally {
    opts.signal?.removeEventListener('abort', relay);
  }
  return results.map((r) =>
    toRunRecord(r, unit, opts, r.index < order.length ? extras.get(order[r.index]!) : undefined),
  );
}

function failedResult(
  unit: RunUnit,
  scenario: string,
  persona: string,
  index: number,
  intents: string[],
  message: string,
): SessionRunResult {
  return {
    scenario,
    persona,
    group: unit.group.id,
    index,
    repeat: unit.repeat,
    end: 'error',
    message,
    durationMs: 0,
    scores: {
      proc: 0,
      comp: null,
      turns: 0,
      intents: Object.fromEntries(intents.map((id) => [id, 'open' as const])),
      checklist: {},
      graded: 0,
      passed: 0,
      ungraded: 0,
    },
  };
}

export function toRunRecord(
  r: SessionRunResult,
  unit: RunUnit,
  opts: Pick<BatchOptions, 'base'>,
  x?: SessionExtras,
): RunRecord {
  const scenario = unit.group.sessions[r.index];
  return runRecordOf({
    scenario: r.scenario,
    persona: r.persona,
    repeat: r.repeat,
    title: scenario?.title,
    category: scenario?.category,
    group: unit.group.id,
    index: r.index,
    of: unit.group.sessions.length,
    deps: unit.deps,
    end: r.end,
    message: r.message,
    scores: r.scores,
    recording: r.recording
      ? path.relative(opts.base, r.recording).split(path.sep).join('/')
      : undefined,
    backends: x?.backends,
    usage: x?.usage.toLines() ?? [],
    started: x?.started,
    durationMs: r.durationMs,
  });
}
