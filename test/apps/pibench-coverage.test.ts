/** Every AppWorld API the π-Bench sample data names exists, under both spellings, with its call arguments. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MCP_PREFIX } from '../../src/apps/index.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import { ToolRegistry } from '../../src/tools/registry.ts';

const DATA = path.resolve(import.meta.dirname, '../../../shared/pibench/data');
const present = existsSync(DATA);
if (!present) console.warn(`skipping the π-Bench API coverage check: ${DATA} is not there`);

interface ToolUse {
  tool: string;
  call: string[];
  where: string;
}

let cached: { names: Set<string>; calls: ToolUse[] } | undefined;

function uses(): { names: Set<string>; calls: ToolUse[] } {
  if (cached) return cached;
  const names = new Set<string>();
  const calls: ToolUse[] = [];
  for (const user of readdirSync(DATA)) {
    for (const m of readFileSync(path.join(DATA, user, 'tools.yaml'), 'utf8').matchAll(/^\s*-\s*([a-z_]+__[a-z_]+)\s*$/gm))
      names.add(m[1] ?? '');
    for (const task of readdirSync(path.join(DATA, user, 'tasks'))) {
      // A scan rather than a YAML parse: these files are slow to parse and the entries are regular
      // (`- mcp_appworld_<app>__<api>:` then `call: [a, b]`).
      const text = readFileSync(path.join(DATA, user, 'tasks', task, 'task.yaml'), 'utf8');
      for (const m of text.matchAll(/^\s*-\s*((?:mcp_appworld_)?[a-z_]+__[a-z_]+):\s*\n(?:\s*call:\s*\[([^\]]*)\])?/gm)) {
        const tool = m[1] ?? '';
        names.add(tool.startsWith(MCP_PREFIX) ? tool.slice(MCP_PREFIX.length) : tool);
        const call = (m[2] ?? '')
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
        calls.push({ tool, call, where: `${user}/${task}` });
      }
    }
  }
  cached = { names, calls };
  return cached;
}

describe.skipIf(!present)('π-Bench sample data', () => {
  it('names only APIs the apps implement, with and without the MCP prefix', () => {
    const registry = createToolRegistry();
    const { names } = uses();
    expect(names.size).toBeGreaterThan(100);
    expect(uses().calls.filter((c) => c.call.length).length).toBeGreaterThan(50);
    const missing = [...names].filter((n) => !registry.resolve(n) || registry.resolve(`${MCP_PREFIX}${n}`) !== registry.resolve(n));
    expect(missing).toEqual([]);
  });

  it('passes call arguments the APIs accept', () => {
    const registry = createToolRegistry();
    const props = new Map<string, string[]>();
    const paramsOf = (tool: string) => {
      const def = registry.resolve(tool);
      if (!def) return [];
      if (!props.has(def.name)) props.set(def.name, Object.keys(ToolRegistry.spec(def).parameters.properties as object));
      return props.get(def.name) ?? [];
    };
    const unknown = uses().calls.flatMap(({ tool, call, where }) => {
      const params = paramsOf(tool);
      return call.filter((arg) => !params.includes(arg.split('.')[0] ?? arg)).map((arg) => `${where}: ${tool} ${arg}`);
    });
    expect(unknown).toEqual([]);
  });
});
