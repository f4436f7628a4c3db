/** `intentplay run PATH...`: headless batch runs, with a table or the `--json` contract. */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import pLimit from 'p-limit';
import { UserError } from '../../scenario/diagnostics.ts';
import { planRuns } from '../../session/plan.ts';
import { runGroup, type SessionRunResult } from '../../session/group.ts';
import { createToolRegistry } from '../../tools/index.ts';
import { summarize, toRunRecord, type RunRecord } from '../../batch/summary.ts';
import { renderRunTable } from '../../report/run-table.ts';
import { addSessionOptions, positiveInt, sessionSetup, type SessionFlags } from '../options.ts';

interface RunFlags extends SessionFlags {
  json?: boolean;
  repeat: number;
  concurrency: number;
  out?: string;
  deps: boolean;
}

export function registerRun(program: Command): void {
  addSessionOptions(
    program
      .command('run')
      .description('run scenarios, episodes or folders headless and score them')
      .argument('<paths...>', 'scenario or episode files, folders, or scenario ids')
      .option('--json', 'print one JSON object (runs and summary) to stdout')
      .option('--repeat <n>', 'run everything N times', positiveInt, 1)
      .option('--concurrency <n>', 'run groups in flight at once (an episode stays in order)', positiveInt, 1)
      .option('--out <dir>', 'results folder: recordings/, results.jsonl, summary.json')
      .option('--no-deps', 'run each scenario alone, without its dependency chain (the ablation)'),
  ).action(async (paths: string[], flags: RunFlags) => {
    const setup = sessionSetup(flags);
    for (const role of ['agent', 'user'] as const)
      if (setup.specs[role].kind === 'human') throw new UserError(`--${role} human needs the interactive terminal; use \`intentplay play\` or \`watch\``);
    if (setup.offlineNotice) process.stderr.write(`${setup.offlineNotice}\n`);
    const groups = planRuns(paths, { noDeps: !flags.deps, ...(flags.library ? { library: flags.library } : {}) });
    const out = flags.out ? path.resolve(flags.out) : undefined;
    const recordingsDir = out ? path.join(out, 'recordings') : path.resolve('recordings');
    if (out) mkdirSync(out, { recursive: true });
    const registry = createToolRegistry();
    const limit = pLimit(flags.concurrency);
    const records: RunRecord[] = [];
    const jobs = [];
    for (let repeat = 0; repeat < flags.repeat; repeat++)
      for (const group of groups)
        jobs.push(
          limit(async () => {
            let results: SessionRunResult[];
            try {
              results = await runGroup(group, {
                specs: setup.specs,
                config: setup.config,
                registry,
                recordingsDir,
                repeat,
                ...(flags.maxTurns ? { maxTurns: flags.maxTurns } : {}),
                ...(flags.workspace ? { workspaceDir: path.join(flags.workspace, `${group.id.replace(/\//g, '_')}-r${repeat}`) } : {}),
              });
            } catch (err) {
              if (!(err instanceof UserError)) throw err;
              results = group.sessions.map((s, index) => ({
                scenario: s.id, persona: s.persona, group: group.id, index, repeat, end: 'error' as const, message: err.message, durationMs: 0,
                scores: { proc: 0, comp: null, turns: 0, intents: Object.fromEntries(s.intents.map((i) => [i.id, 'open' as const])), checklist: {}, graded: 0, passed: 0, ungraded: 0 },
              }));
            }
            for (const r of results) {
              const record = toRunRecord(r);
              records.push(record);
              if (out) appendFileSync(path.join(out, 'results.jsonl'), JSON.stringify(record) + '\n');
              if (!flags.json) process.stderr.write(`${record.end === 'error' ? '✗' : '✓'} ${record.scenario}  proc ${record.proc}  comp ${record.comp ?? '–'}  turns ${record.turns}  ${record.end}${record.message ? `: ${record.message}` : ''}\n`);
            }
          }),
        );
    await Promise.all(jobs);
    records.sort((a, b) => a.repeat - b.repeat || a.scenario.localeCompare(b.scenario));
    const summary = summarize(records);
    if (out) writeFileSync(path.join(out, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
    if (flags.json) process.stdout.write(JSON.stringify({ runs: records, summary }) + '\n');
    else process.stdout.write(renderRunTable(records, summary));
    if (records.some((r) => r.end === 'error')) process.exitCode = 1;
  });
}
