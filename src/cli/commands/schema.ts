/** `intentplay schema [KIND]`: the JSON Schema for scenario, persona, episode or study files. */
import type { Command } from 'commander';

export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description(
      'print the JSON Schema of scenario, persona, episode or study files (editors use it to complete and check YAML)',
    )
    .argument('[kind]', 'scenario | persona | episode | study', 'scenario')
    .option('--write <dir>', 'write all four as DIR/<kind>.schema.json instead of printing')
    .action(async (kind: string, flags: { write?: string }) =>
      (await import('../actions/schema.ts')).schemaCommand(kind, flags),
    );
}
