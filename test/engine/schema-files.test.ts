/** The committed schema/*.json files, which the YAML files point editors at, match the loader's schemas. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_KINDS, schemaText } from '../../src/cli/actions/schema.ts';

describe('published JSON Schema', () => {
  it.each(SCHEMA_KINDS)(
    'schema/%s.schema.json is current (regenerate: npx intentplay schema --write schema)',
    (kind) => {
      expect(readFileSync(`schema/${kind}.schema.json`, 'utf8')).toBe(schemaText(kind));
    },
  );
});
