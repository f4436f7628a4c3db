/** What `intentplay schema` does: prints or writes the JSON Schemas. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../../contracts/diagnostics.ts';
import { jsonSchema, type SchemaKind } from '../../scenario/json-schema.ts';
import { studyJsonSchema } from '../../study/json-schema.ts';

export const SCHEMA_KINDS: (SchemaKind | 'study')[] = ['scenario', 'persona', 'episode', 'study'];

export function schemaText(kind: SchemaKind | 'study'): string {
  return JSON.stringify(kind === 'study' ? studyJsonSchema() : jsonSchema(kind), null, 2) + '\n';
}

export function schemaCommand(kind: string, flags: { write?: string }): void {
  if (flags.write) {
    mkdirSync(flags.write, { recursive: true });
    for (const k of SCHEMA_KINDS)
      writeFileSync(path.join(flags.write, `${k}.schema.json`), schemaText(k));
    process.stdout.write(
      `wrote ${SCHEMA_KINDS.map((k) => path.join(flags.write!, `${k}.schema.json`)).join(', ')}\n`,
    );
    return;
  }
  if (!SCHEMA_KINDS.includes(kind as SchemaKind | 'study'))
    throw new UserError(`unknown schema kind \`${kind}\`; expected ${SCHEMA_KINDS.join(', ')}`);
  process.stdout.write(schemaText(kind as SchemaKind | 'study'));
}
