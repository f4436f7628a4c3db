/**
 * Simulated, stateful AppWorld-style apps. Each app is a tool group named after it (a
 * scenario lists `tools: [files, memory, gmail]`) whose tools are `<app>__<api>`; the MCP
 * spelling `mcp_appworld_<app>__<api>` that π-Bench traces use is accepted too.
 */
import type { ToolRegistry } from '../tools/registry.ts';
import { APP_BY_NAME, APPS } from './catalog.ts';

export { AppStateHost } from './host.ts';
export { APPS } from './catalog.ts';

/** The prefix π-Bench's MCP bridge puts in front of AppWorld tool names. */
export const MCP_PREFIX = 'mcp_appworld_';

export function registerApps(registry: ToolRegistry): void {
  for (const app of APPS) registry.register(...app.tools);
  registry.addAlias((name) =>
    name.startsWith(MCP_PREFIX) ? name.slice(MCP_PREFIX.length) : undefined,
  );
}

export interface SeedIssue {
  path: (string | number)[];
  message: string;
}

/** Problems in a scenario's `apps:` mapping, each at its path below `apps`. */
export function validateAppSeeds(apps: Record<string, unknown>): SeedIssue[] {
  const issues: SeedIssue[] = [];
  for (const [app, seed] of Object.entries(apps)) {
    const def = APP_BY_NAME.get(app);
    if (!def) {
      issues.push({
        path: [app],
        message: `unknown app \`${app}\` (known: ${[...APP_BY_NAME.keys()].join(', ')})`,
      });
      continue;
    }
    const parsed = def.seedSchema.safeParse(seed ?? {});
    if (parsed.success) continue;
    for (const i of parsed.error.issues) {
      const at = [app, ...i.path.map((p) => (typeof p === 'number' ? p : String(p)))];
      // Point at the misspelt key itself, so the loader can place the error on it.
      if (i.code === 'unrecognized_keys')
        for (const key of i.keys)
          issues.push({ path: [...at, key], message: `unknown key \`${key}\`` });
      else issues.push({ path: at, message: i.message });
    }
  }
  return issues;
}

/**
 * What is wrong with an `app_state` rule's app and path, if anything: an app this build does
 * not have, or a first path segment that is not a key of its state (a likely typo, since the
 * rule would then never hold). For the loader to report as a warning.
 */
export function appStateRuleProblem(app: string, path: string): string | undefined {
  const def = APP_BY_NAME.get(app);
  if (!def) return `unknown app \`${app}\` (known: ${[...APP_BY_NAME.keys()].join(', ')})`;
  const keys = Object.keys(def.stateFromSeed({}));
  const first = path.split('.')[0] ?? '';
  if (first !== '*' && !keys.includes(first))
    return `${app} state has no \`${first}\` (its keys: ${keys.join(', ')}; see docs/apps/${app}.md)`;
  return undefined;
}
