/** `intentplay report | merge | compare`: what to make of results folders and recordings. */
import type { Command } from 'commander';
import type { OutputFlags } from '../actions/reports.ts';

export function registerReports(program: Command): void {
  program
    .command('report')
    .description(
      'tables and charts from results folders: Proc/Comp per persona, statuses, categories, ablation, questions, cost',
    )
    .argument(
      '<dirs...>',
      'results folders, or folders of recordings (several are combined, e.g. a normal and a --no-deps run)',
    )
    .option(
      '--format <format>',
      "terminal | markdown | csv | html (default: from --output's extension, else terminal)",
    )
    .option(
      '--output <file>',
      'write to FILE instead of stdout; a folder (existing, or ending in /) gets one CSV file per table',
    )
    .option(
      '--library <dir>',
      "the scenario library, for π-Bench scoring (default: found from each folder's run.json)",
    )
    .action(async (dirs: string[], flags: OutputFlags & { library?: string }) =>
      (await import('../actions/reports.ts')).reportCommand(dirs, flags),
    );

  program
    .command('merge')
    .description(
      'combine results folders (shards) into one; its summary equals that of one unsharded run',
    )
    .argument(
      '<dirs...>',
      'results folders to merge, or one shared folder that `run --shard auto` filled (merged into itself)',
    )
    .option(
      '--out <dir>',
      'the merged results folder (new); not needed for a shared folder of shards',
    )
    .option('--json', 'print the merged runs and summary as one JSON object, as `run --json` does')
    .action(async (dirs: string[], flags: { out?: string; json?: boolean }) =>
      (await import('../actions/reports.ts')).mergeCommand(dirs, flags),
    );

  program
    .command('compare')
    .description(
      'two results folders: per-scenario deltas; two recordings: side by side, turn by turn',
    )
    .argument('<a>', 'results folder or recording')
    .argument('<b>', 'results folder or recording')
    .option('--format <format>', 'for folders: terminal | markdown | csv | html')
    .option('--output <file>', 'for folders: write to FILE instead of stdout')
    .action(async (a: string, b: string, flags: OutputFlags) =>
      (await import('../actions/reports.ts')).compareCommand(a, b, flags),
    );
}
