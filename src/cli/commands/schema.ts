/** `intentplay schema [KIND]`: the JSON Schema for scenario, persona or episode files. */
import type { Command } from 'commander';

export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description('print the JSON Schema of scenario, persona or episode files (editors use it to complete and check YAML)')
    .argument('[kind]', 'scenario | persona | episode', 'scenario')
    .option('--write <dir>', 'write all three as DIR/<kind>.schema.json instead of printing')
    .action(async (kind: string, flags: { write?: string }) => (await import('../actions/schema.ts')).schemaCommand(kind, flags));
}
