/** `intentplay schema [KIND]`: the JSON Schema for scenario, persona or episode files. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../scenario/diagnostics.ts';
import { jsonSchema, type SchemaKind } from '../../scenario/json-schema.ts';

export const SCHEMA_KINDS: SchemaKind[] = ['scenario', 'persona', 'episode'];

export function schemaText(kind: SchemaKind): string {
  return JSON.stringify(jsonSchema(kind), null, 2) + '\n';
}

export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description('print the JSON Schema of scenario, persona or episode files (editors use it to complete and check YAML)')
    .argument('[kind]', 'scenario | persona | episode', 'scenario')
    .option('--write <dir>', 'write all three as DIR/<kind>.schema.json instead of printing')
    .action((kind: string, flags: { write?: string }) => {
      if (flags.write) {
        mkdirSync(flags.write, { recursive: true });
        for (const k of SCHEMA_KINDS) writeFileSync(path.join(flags.write, `${k}.schema.json`), schemaText(k));
        process.stdout.write(`wrote ${SCHEMA_KINDS.map((k) => path.join(flags.write!, `${k}.schema.json`)).join(', ')}\n`);
        return;
      }
      if (!SCHEMA_KINDS.includes(kind as SchemaKind)) throw new UserError(`unknown schema kind \`${kind}\`; expected ${SCHEMA_KINDS.join(', ')}`);
      process.stdout.write(schemaText(kind as SchemaKind));
    });
}
