/** The default tool registry: built-in groups, the installed paradigms' tools, and every app that registers itself. */
import { fileTools, memoryTools } from './files.ts';
import { ToolRegistry } from './registry.ts';
import { registerApps } from '../apps/index.ts';
import { installedParadigms } from '../scenario/paradigms.ts';

export function createToolRegistry(): ToolRegistry {
  const paradigmTools = installedParadigms().flatMap((p) => p.tools ?? []);
  const registry = new ToolRegistry().register(...fileTools, ...memoryTools, ...paradigmTools);
  registerApps(registry);
  return registry;
}
