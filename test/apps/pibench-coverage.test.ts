/** Every AppWorld API the π-Bench sample data names exists, under both spellings, with its call arguments. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MCP_PREFIX } from '../../src/apps/index.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import { ToolRegistry } from '../../src/tools/registry.ts';
import { PATHS_NO_API_TAKES, SHARED_DATA as DATA, toolUses } from '../pibench/data-users.ts';

const present = existsSync(DATA);
if (!present) console.warn(`skipping the π-Bench API coverage check: ${DATA} is not there`);

let cached: ReturnType<typeof toolUses> | undefined;
const uses = () => (cached ??= toolUses(DATA));

describe.skipIf(!present)('π-Bench sample data', () => {
  it('names only APIs the apps implement, with and without the MCP prefix', () => {
    const registry = createToolRegistry();
    const { names } = uses();
    expect(names.size).toBeGreaterThan(20);
    expect(uses().calls.filter((c) => c.call.length).length).toBeGreaterThan(10);
    const missing = [...names].filter(
      (n) => !registry.resolve(n) || registry.resolve(`${MCP_PREFIX}${n}`) !== registry.resolve(n),
    );
    expect(missing).toEqual([]);
  });

  it('passes call arguments the APIs accept', () => {
    const registry = createToolRegistry();
    const props = new Map<string, string[]>();
    const paramsOf = (tool: string) => {
      const def = registry.resolve(tool);
      if (!def) return [];
      if (!props.has(def.name))
        props.set(def.name, Object.keys(ToolRegistry.spec(def).parameters.properties as object));
      return props.get(def.name) ?? [];
    };
    // Paths the release lists that AppWorld's API does not take either are known by name (data-users.ts).
    const unknown = uses().calls.flatMap(({ tool, call, task }) => {
      const params = paramsOf(tool);
      return call
        .filter((arg) => !params.includes(arg.split('.')[0] ?? arg))
        .map((arg) => `${task} ${tool} ${arg}`)
        .filter((use) => !PATHS_NO_API_TAKES.has(use));
    });
    expect(unknown).toEqual([]);
  });
});
