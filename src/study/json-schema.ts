/** The study file's JSON Schema, derived from the loader's own zod schema (editors check study.yaml with it). */
import { z } from 'zod';
import { StudySchema } from './schema.ts';

export function studyJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(StudySchema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-7',
  }) as Record<string, unknown>;
}
