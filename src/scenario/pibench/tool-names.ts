/** AppWorld tool names as π-Bench spells them: `mcp_appworld_<app>__<api>` or bare `<app>__<api>`. */

export const MCP_PREFIX = 'mcp_appworld_';

/** `<app>__<api>` without the MCP prefix. */
export function bareToolName(name: string): string {
  return name.startsWith(MCP_PREFIX) ? name.slice(MCP_PREFIX.length) : name;
}

/** The app of an AppWorld tool name, or undefined for any other tool (read_file, ...). */
export function appOfTool(name: string): string | undefined {
  const bare = bareToolName(name);
  const i = bare.indexOf('__');
  return i > 0 ? bare.slice(0, i) : undefined;
}

/** The name the agent sees in π-Bench: AppWorld tools carry the MCP prefix, others do not. */
export function mcpToolName(name: string): string {
  return appOfTool(name) && !name.startsWith(MCP_PREFIX) ? MCP_PREFIX + name : name;
}
