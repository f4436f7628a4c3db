/**
 * What `intentplay run PATH...` does: headless batch runs, with a table or the `--json` contract
 * (docs/reports.md). Repeats, concurrency, a results folder, resume, shards and filters.
 */
import { errorMessage } from '../../contracts/errors.ts';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { placeError, UserError } from '../../contracts/diagnostics.ts';
import { planRuns, type RunGroup } from '../../session/plan.ts';
import { installedParadigms } from '../../scenario/paradigms.ts';
import { createToolRegistry } from '../../tools/index.ts';
import { compareRuns, type RunRecord } from '../../batch/summary.ts';
import { Progress } from '../../batch/progress.ts';
import {
  RECORDINGS_DIR,
  RESULTS_FILE,
  summarizeWithPibench,
  writeSummary,
} from '../../batch/results.ts';
import { prepareResume } from '../../batch/resume.ts';
import { lockResultsFolder } from '../../batch/lock.ts';
import {
  readManifest,
  resumeOptions,
  resumedOptions,
  writeManifest,
  type ResumedOption,
} from '../../batch/manifest.ts';
import { runUnits } from '../../batch/runner.ts';
import { filterGroups, makeUnits, parseFilter, parseShard, shardUnits } from '../../batch/units.ts';
import { shardFolder, shardFromEnvironment } from '../../batch/shard-env.ts';
import { renderRunTable } from '../../report/run-table.ts';
import { sessionSetup, type SessionFlags } from '../../session/setup.ts';

export interface RunFlags extends SessionFlags {
  json?: boolean;
  repeat: number;
  concurrency: number;
  out?: string;
  resume?: string;
  shard?: string;
  filter: string[];
  deps: boolean;
  progress: boolean;
}

export async function runCommand(paths: string[], flags: RunFlags, cmd: Command): Promise<void> {
  if (flags.shard?.trim() === 'auto') autoShard(flags);
  const out = resultsFolder(flags);
  let targets = paths;
  if (flags.resume) {
    const manifest = readManifest(out!);
    if (manifest) {
      const given = Object.fromEntries(
        resumedOptions()
          .filter((k) => cmd.getOptionValueSource(k) === 'cli')
          .map((k) => [k, (flags as unknown as Record<string, unknown>)[k]]),
      );
      Object.assign(flags, resumeOptions(manifest, given, flags.resume));
      if (!targets.length) targets = manifest.targets;
    }
  }
  if (!targets.length)
    throw new UserError(
      flags.resume
        ? `${flags.resume} has no run.json to resume from; give the paths to run`
        : 'give scenario or episode paths, folders or ids to run',
    );

  const setup = sessionSetup(flags);
  for (const role of ['agent', 'user'] as const)
    if (setup.specs[role].kind === 'human')
      throw new UserError(
        `--${role} human needs the interactive terminal; use \`intentplay play\` or \`watch\``,
      );
  if (setup.offlineNotice) process.stderr.write(`${setup.offlineNotice}\n`);
  const shard = flags.shard ? parseOrThrow('--shard', () => parseShard(flags.shard!)) : undefined;
  const filters = flags.filter.map((f) => parseOrThrow('--filter', () => parseFilter(f)));
  const groups = paradigmOptions(
    cmd,
    flags,
    filterGroups(
      planRuns(targets, {
        noDeps: !flags.deps,
        ...(flags.library ? { library: flags.library } : {}),
      }),
      filters,
      !flags.deps,
    ),
  );
  let units = makeUnits(groups, flags.repeat, flags.deps);
  if (shard) units = shardUnits(units, shard);

  let kept: RunRecord[] = [];
  let releaseLock = () => {};
  if (out) {
    try {
      mkdirSync(out, { recursive: true });
      releaseLock = lockResultsFolder(out);
    } catch (err) {
      throw placeError(err, `write the results folder ${out}`);
    }
    if (flags.resume) {
      const state = prepareResume(out);
      kept = state.kept;
      units = units.filter((u) => !state.done.has(u.key));
      if (state.dropped || state.removedRecordings)
        process.stderr.write(
          `resume: ${state.dropped} run line(s) of unfinished groups dropped, ${state.removedRecordings} stale recording(s) removed; those groups run again\n`,
        );
    }
    writeManifest(out, {
      format: 'intentplay-results',
      version: 1,
      targets: targets.map((t) => (existsSync(t) ? path.resolve(t) : t)),
      options: Object.fromEntries(
        resumedOptions()
          .map((k) => [k, (flags as unknown as Record<ResumedOption, unknown>)[k]])
          .filter(([, v]) => v !== undefined),
      ),
      started: new Date().toISOString(),
    });
  }

  const total = units.reduce((a, u) => a + u.group.sessions.length, 0) + kept.length;
  const progress = flags.progress ? new Progress(process.stderr, setup.config.prices) : undefined;
  const controller = new AbortController();
  const onInterrupt = () => {
    process.stderr.write('\nstopping: unfinished groups are not recorded as results\n');
    controller.abort();
  };
  process.once('SIGINT', onInterrupt);
  progress?.begin(total, kept.length);
  let outcome;
  try {
    outcome = await runUnits(units, {
      specs: setup.specs,
      config: setup.config,
      registry: createToolRegistry(),
      concurrency: flags.concurrency,
      recordingsDir: out ? path.join(out, RECORDINGS_DIR) : path.resolve(RECORDINGS_DIR),
      base: out ?? process.cwd(),
      ...(out ? { out } : {}),
      ...(flags.maxTurns ? { maxTurns: flags.maxTurns } : {}),
      ...(flags.workspace ? { workspaceRoot: path.resolve(flags.workspace) } : {}),
      signal: controller.signal,
      ...(progress ? { progress } : {}),
    });
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
  const interrupted = outcome.interrupted > 0;
  const resumeHint =
    interrupted && out
      ? `interrupted: continue with \`intentplay run --resume ${path.relative(process.cwd(), out) || '.'}\``
      : undefined;
  if (progress) progress.finish(resumeHint);
  else if (resumeHint) process.stderr.write(resumeHint + '\n'); // --no-progress still says how to continue

  // A shard with nothing to run still says it finished, so that `merge` of a shared folder finds it.
  if (out && !interrupted && !existsSync(path.join(out, RESULTS_FILE)))
    writeFileSync(path.join(out, RESULTS_FILE), '');
  const records = [...kept, ...outcome.records].sort(compareRuns);
  const libraries = [...new Map(groups.map((g) => [g.library.root, g.library])).values()];
  const summary = out
    ? writeSummary(out, records, libraries)
    : summarizeWithPibench(records, libraries);
  if (flags.json) {
    // On stdout, recording paths are relative to the current folder, wherever the results folder is.
    const base = out ?? process.cwd();
    const runs = records.map((r) =>
      r.recording
        ? { ...r, recording: path.relative(process.cwd(), path.resolve(base, r.recording)) }
        : r,
    );
    process.stdout.write(JSON.stringify({ runs, summary }) + '\n');
  } else process.stdout.write(renderRunTable(records, summary));
  process.stderr.write(whereWritten(out, records.filter((r) => r.recording).length) + '\n');
  releaseLock();
  // A session that failed, or whose judging failed, is not a result: the run did not succeed.
  if (records.some((r) => r.end === 'error' || r.end === 'judge_failed')) process.exitCode = 1;
  if (interrupted) process.exitCode = 130;
}

/** Where the run's files went, in words, relative to the current folder. */
function whereWritten(out: string | undefined, recordings: number): string {
  const rel = (p: string) => (path.relative(process.cwd(), p) || '.') + path.sep;
  const folder = out ? path.join(out, RECORDINGS_DIR) : path.resolve(RECORDINGS_DIR);
  const recorded = `${recordings} recording${recordings === 1 ? '' : 's'} in ${rel(folder)}`;
  return out ? `results in ${rel(out)} (${RESULTS_FILE}, summary.json); ${recorded}` : recorded;
}

/** The results folder, checking --out and --resume agree and that --out does not silently add to old results. */
function resultsFolder(flags: RunFlags): string | undefined {
  if (flags.resume && flags.out && path.resolve(flags.resume) !== path.resolve(flags.out))
    throw new UserError(
      '--resume DIR already names the results folder; drop --out or give the same folder',
    );
  const dir = flags.resume ?? flags.out;
  if (!dir) return undefined;
  const abs = path.resolve(dir);
  if (existsSync(abs) && !statSync(abs).isDirectory())
    throw new UserError(`${dir}: exists and is not a folder`);
  if (!flags.resume && existsSync(path.join(abs, RESULTS_FILE)))
    throw new UserError(
      `${dir} already holds results; continue them with --resume ${dir}, or choose a new folder`,
    );
  if (
    flags.resume &&
    existsSync(abs) &&
    readdirSync(abs).length &&
    !existsSync(path.join(abs, 'run.json')) &&
    !existsSync(path.join(abs, RESULTS_FILE))
  )
    throw new UserError(`${dir} is not a results folder (no run.json or ${RESULTS_FILE})`);
  return abs;
}

/**
 * `--shard auto`: the shard from the job array's environment; a results folder given with
 * --out or --resume is the shared one, and this shard writes its own folder inside it.
 */
function autoShard(flags: RunFlags): void {
  const shard = parseOrThrow('--shard auto', () => shardFromEnvironment(process.env));
  flags.shard = `${shard.index}/${shard.count}`;
  if (flags.out) flags.out = shardFolder(flags.out, shard);
  if (flags.resume) flags.resume = shardFolder(flags.resume, shard);
  const into = flags.resume ?? flags.out;
  process.stderr.write(
    `--shard auto: shard ${flags.shard} (${shard.source})${into ? `, writing ${into}` : ''}\n`,
  );
}

/** The groups with every scenario changed as the paradigms' options given (`--noise`) say. */
function paradigmOptions(cmd: Command, flags: RunFlags, groups: RunGroup[]): RunGroup[] {
  const given = flags as unknown as Record<string, unknown>; // with a resumed run's options merged in
  for (const option of installedParadigms().flatMap((p) => p.runOptions ?? [])) {
    const flag = cmd.options.find((o) => o.flags === option.flags);
    const text = flag && given[flag.attributeName()];
    if (typeof text !== 'string') continue;
    const change = parseOrThrow(flag!.long!, () => option.parse(text));
    groups = groups.map((g) => ({ ...g, sessions: g.sessions.map(change) }));
  }
  return groups;
}

function parseOrThrow<T>(flag: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    throw new UserError(`${flag}: ${errorMessage(err)}`);
  }
}
