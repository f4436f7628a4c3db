/** The default tool registry: built-in groups plus every app that registers itself. */
import { fileTools, memoryTools } from './files.ts';
import { ToolRegistry } from './registry.ts';
import { registerApps } from '../apps/index.ts';
import { environmentTools, timeTools } from '../time/tools.ts';

export function createToolRegistry(): ToolRegistry {
  const registry = new ToolRegistry().register(...fileTools, ...memoryTools, ...timeTools, ...environmentTools);
  registerApps(registry);
  return registry;
}
