/** `intentplay schema [KIND]`: the JSON Schema for scenario, persona or episode files. */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { UserError } from '../../scenario/diagnostics.ts';
import { jsonSchema, type SchemaKind } from '../../scenario/json-schema.ts';

const KINDS: SchemaKind[] = ['scenario', 'persona', 'episode'];

export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description('print the JSON Schema of scenario, persona or episode files')
    .argument('[kind]', 'scenario | persona | episode', 'scenario')
    .option('--output <file>', 'write to FILE instead of stdout')
    .action((kind: string, flags: { output?: string }) => {
      if (!KINDS.includes(kind as SchemaKind)) throw new UserError(`unknown schema kind \`${kind}\`; expected ${KINDS.join(', ')}`);
      const text = JSON.stringify(jsonSchema(kind as SchemaKind), null, 2) + '\n';
      if (flags.output) writeFileSync(flags.output, text);
      else process.stdout.write(text);
    });
}
