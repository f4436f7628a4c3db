/** The published JSON Schema, derived from the loader's own zod schemas. */
import { z } from 'zod';
import { EpisodeSchema, PersonaSchema, scenarioSchema } from './schema.ts';

export type SchemaKind = 'scenario' | 'persona' | 'episode';

const SCHEMAS = {
  scenario: scenarioSchema,
  persona: () => PersonaSchema,
  episode: () => EpisodeSchema,
} as const;

export function jsonSchema(kind: SchemaKind): Record<string, unknown> {
  return z.toJSONSchema(SCHEMAS[kind](), {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-7',
  }) as Record<string, unknown>;
}

/** One schema that accepts any of the three kinds (for editors pointed at a whole folder). */
export function combinedJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'intentplay files',
    anyOf: (['scenario', 'persona', 'episode'] as const).map((k) => {
      const { $schema: _s, ...rest } = jsonSchema(k);
      return rest;
    }),
  };
}
