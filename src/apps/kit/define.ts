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
  /** The APIs (without the `<app>__` prefix) that change nothing the user owns; every other API writes. */
  readOnly: readonly string[];
  tools: readonly ToolDef[];
  build(seed: z.output<Schema>): S;
}): AppDefinition {
  const names = new Set(def.tools.map((t) => t.name.slice(def.name.length + 2)));
  const unknown = def.readOnly.filter((api) => !names.has(api));
  if (unknown.length)
    throw new Error(`${def.name}: readOnly names APIs it does not have: ${unknown.join(', ')}`);
  const reads = new Set(def.readOnly);
  return {
    name: def.name,
    title: def.title,
    seedSchema: def.seedSchema,
    collections: def.collections,
    // Each API says whether it writes, so nothing is guessed from its name.
    tools: def.tools.map((t) => ({ ...t, readOnly: reads.has(t.name.slice(def.name.length + 2)) })),
    stateFromSeed: (seed) => def.build(def.seedSchema.parse(seed ?? {})),
  };
}
