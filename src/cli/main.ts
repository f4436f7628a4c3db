/**
 * Command-line entry (docs/reports.md). Each command lives in its own module under commands/;
 * this file wires them up and turns user errors into located messages without stack traces.
 */
// The composition root: installs the paradigms (chat, time, proposals) before any command loads a scenario.
import '../paradigms/index.ts';
import { scrub } from '../config/secrets.ts';
import { Command, CommanderError } from 'commander';
import { formatDiagnostic, UserError } from '../contracts/diagnostics.ts';
import { INTENTPLAY_VERSION } from '../config/package-info.ts';
import { registerRun } from './commands/run.ts';
import { registerValidate } from './commands/validate.ts';
import { registerSchema } from './commands/schema.ts';
import { registerConfig } from './commands/config.ts';
import { registerImport } from './commands/import.ts';
import { registerLint } from './commands/lint.ts';
import { registerReports } from './commands/reports.ts';
import { registerInteractive } from './commands/interactive.ts';
import { registerExport } from './commands/export.ts';
import { registerStudy } from './commands/study.ts';
import { registerAnnotate } from './commands/annotate.ts';
import { registerAgreement } from './commands/agreement.ts';
import { registerMcp } from './commands/mcp.ts';
import { registerServe } from './commands/serve.ts';
import { registerFork } from './commands/fork.ts';

export function buildProgram(): Command {
  const program = new Command('intentplay')
    .description(
      'A terminal playground for proactive assistant agents: π-Bench scenarios, time scenarios (a world that changes while the user waits) and proposal scenarios (the user busy in the apps).',
    )
    .version(INTENTPLAY_VERSION)
    // The program's --version only before a command: `study export --version SHA` is the
    // command's own option (before, it printed intentplay's version and exported nothing).
    .enablePositionalOptions()
    .showHelpAfterError('(run intentplay --help for usage)')
    .exitOverride();
  registerInteractive(program);
  registerRun(program);
  registerValidate(program);
  registerLint(program);
  registerSchema(program);
  registerImport(program);
  registerConfig(program);
  registerReports(program);
  registerExport(program);
  registerFork(program);
  registerStudy(program);
  registerAnnotate(program);
  registerAgreement(program);
  registerMcp(program);
  registerServe(program);
  return program;
}

/** Runs the CLI; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  process.exitCode = 0;
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version exit 0; usage errors were already printed by commander.
      return err.exitCode === 0 ||
        err.code === 'commander.helpDisplayed' ||
        err.code === 'commander.version'
        ? 0
        : 2;
    }
    if (err instanceof UserError) {
      for (const d of err.diagnostics) process.stderr.write(formatDiagnostic(d) + '\n');
      process.stderr.write(scrub(`intentplay: ${err.message}`) + '\n');
      return 1;
    }
    process.stderr.write(
      scrub(
        `intentplay: internal error (please report it): ${(err as Error).stack ?? String(err)}`,
      ) + '\n',
    );
    return 70;
  }
}
