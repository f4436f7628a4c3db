/** `intentplay mcp SCENARIO [--stdio | --http PORT]`: a scenario's tools as an MCP server. */
import { Option, type Command } from 'commander';
import type { McpFlags } from '../actions/mcp.ts';
import { positiveInt } from '../options.ts';

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description(
      "serve a scenario's tools (files, memory, apps, time, environment) over the Model Context Protocol; the calls are recorded and judged as one session",
    )
    .argument('[scenario]', 'a scenario id or file')
    .option('--stdio', 'serve on standard input and output (the default)')
    .option(
      '--http <port>',
      'serve Streamable HTTP on 127.0.0.1:PORT, at /mcp (0 picks a free port); clients send Authorization: Bearer TOKEN, with the token printed on stderr at start (or set in $INTENTPLAY_MCP_TOKEN beforehand)',
      (v: string) => (v === '0' ? 0 : positiveInt(v)),
    )
    .option('--library <dir>', 'library to resolve the scenario id in')
    .option('--workspace <dir>', 'keep the workspace in DIR instead of a temporary folder')
    .option('--recordings <dir>', 'where the recording goes', 'recordings')
    .option('--no-record', 'keep no recording')
    // How an acp agent without HTTP support reaches a running session's tool server.
    .addOption(
      new Option(
        '--connect <url|socket>',
        "bridge standard input and output to a running session's tool server (its Unix socket or URL)",
      ).hideHelp(),
    )
    .action(async (scenario: string | undefined, flags: McpFlags) =>
      (await import('../actions/mcp.ts')).mcpCommand(scenario, flags),
    );
}
