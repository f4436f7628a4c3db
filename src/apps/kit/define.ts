/** The description of one simulated app that the catalog, the host and the registry use. */
import type { z } from 'zod';
import type { ToolDef } from '../../tools/registry.ts';
import type { BaseState } from './state.ts';

export interface AppDefinition {
  /** Tool group and prefix: `gmail` gives `gmail__send_email`. */
  name: string;
  title: string;
  /** The scenario `apps.<name>` seed. */
  seedSchema: z.ZodType;
  /** State keys holding id-keyed entities (merged by id when a later session seeds again). */
  collections: readonly string[];
  tools: readonly ToolDef[];
  /** Validates a seed (throws a ZodError) and builds the app's starting state. */
  stateFromSeed(seed: unknown): BaseState;
}

export function defineApp<Schema extends z.ZodType, S extends BaseState>(def: {
  name: string;
  title: string;
  seedSchema: Schema;
  collections: readonly string[];
  tools: readonly ToolDef[];
  build(seed: z.output<Schema>): S;
}): AppDefinition {
  return {
    name: def.name,
    title: def.title,
    seedSchema: def.seedSchema,
    collections: def.collections,
    tools: def.tools,
    stateFromSeed: (seed) => def.build(def.seedSchema.parse(seed ?? {})),
  };
}
