/**
 * Options every session mode shares (docs/reports.md), declared only: turning them into a
 * session setup is session/setup.ts, loaded when a command runs.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { kindsHelp } from '../session/backend-kinds.ts';
export type { SessionFlags } from '../session/setup.ts';

/** Model settings per role (the key never comes from a flag: it would land in shell history). */
export function addModelOptions(cmd: Command): Command {
  return cmd
    .option('--agent-model <model>', 'model for the agent')
    .option('--user-model <model>', 'model for the user simulator')
    .option('--judge-model <model>', 'model for the judge')
    .option(
      '--base-url <url>',
      'OpenAI-compatible endpoint for every role (default: $OPENAI_BASE_URL)',
    )
    .option('--agent-base-url <url>', 'endpoint for the agent')
    .option('--user-base-url <url>', 'endpoint for the user simulator')
    .option('--judge-base-url <url>', 'endpoint for the judge')
    .option('--config <file>', 'config file (default: ./intentplay.config.yaml)');
}

export function addSessionOptions(cmd: Command): Command {
  return addModelOptions(
    cmd
      .option('--agent <backend>', `agent backend: ${kindsHelp('agent')}`)
      .option(
        '--agent-timeout <seconds>',
        'acp agents: seconds a prompt may take before the agent is stopped (default 300)',
        positiveInt,
      )
      .option(
        '--one-tool-list',
        'acp agents: offer every tool in one list that never changes, for agents that ignore tools/list_changed (Codex); a tool the turn does not allow answers that it is not available now',
      )
      .option('--user <backend>', `user backend: ${kindsHelp('user')}`)
      .option('--judge <backend>', `judge backend: ${kindsHelp('judge')}`),
  )
    .option('--library <dir>', 'library to resolve scenario ids, personas and dependencies in')
    .option('--max-turns <n>', "override every scenario's max_turns", positiveInt)
    .option('--workspace <dir>', 'keep the workspace in DIR instead of a temporary folder');
}

/** Option parsers throw commander's InvalidArgumentError: a bad value is a usage error naming the option, not a crash. */
export function positiveInt(value: string): number {
  const n = Number(value);
  if (!value.trim() || !Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError(
      `expected a positive whole number, got ${JSON.stringify(value)}`,
    );
  return n;
}

/** A whole number ≥ 0 (a delay, a seed). */
export function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!value.trim() || !Number.isInteger(n) || n < 0)
    throw new InvalidArgumentError(
      `expected a whole number of 0 or more, got ${JSON.stringify(value)}`,
    );
  return n;
}
