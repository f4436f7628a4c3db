/**
 * Agent tools. A tool belongs to a group (`files`, `memory`, or an app such as `gmail`);
 * a scenario's `tools:` list names the groups its agent gets. Parameters are zod schemas,
 * so one definition validates calls and yields the JSON Schema offered to a model.
 */
import { z } from 'zod';
import { errorMessage, ToolError } from '../contracts/errors.ts';
import type { Workspace } from '../workspace/workspace.ts';
import type { MemoryStore } from './memory.ts';
import type { TimeWorld } from '../sim/world.ts';
import type { ToolOutcome, ToolSpec } from '../contracts/tools.ts';

export type { ToolOutcome, ToolSpec };

declare module '../contracts/engine-types.ts' {
  interface EngineTypes {
    tool: ToolDef;
  }
}

/**
 * Everything a tool may touch: the session's sandboxed workspace, memory and apps. A paradigm
 * whose protocol gives its tools a world of their own adds it by merging into this interface
 * (the proposals in src/proposals/paradigm.ts).
 */
export interface ToolContext {
  workspace: Workspace;
  memory: MemoryStore;
  /** App state by app name (apps register their own tools and read/write here). */
  apps: AppHost;
  /** The simulated world (clock, environment, reminders) when the scenario runs on one (absent otherwise). */
  time?: TimeWorld;
  /** The user's own phone: apps are used as their logged-in owner, without an access token. */
  ownerSession?: boolean;
}

/** Holds every app's state for a run group; apps plug in through `registerApp`. */
export interface AppHost {
  state(app: string): unknown;
  setState(app: string, state: unknown): void;
  /** Snapshot of all app states (for diffs and rules). */
  snapshot(): Record<string, unknown>;
}

export interface ToolDef<P extends z.ZodType = z.ZodType> {
  name: string;
  group: string;
  description: string;
  parameters: P;
  run(args: z.infer<P>, ctx: ToolContext): unknown | Promise<unknown>;
  /** Declared by the tool: it changes nothing the user owns (a proposal scenario's observe turns offer only these). */
  readOnly?: boolean;
  /** A successful call ends the agent's turn (a proposal scenario's `propose` and `wait`). */
  endsTurn?: boolean;
  /** The error for arguments that fail `parameters` (default: `invalid arguments for <tool>: ...`); apps answer as AppWorld does. */
  invalidArguments?(issues: readonly ArgumentIssue[]): string;
}

/** One reason arguments were refused: where (`email_addresses.0`) and why. */
export interface ArgumentIssue {
  path: readonly PropertyKey[];
  message: string;
}

const specCache = new WeakMap<ToolDef, ToolSpec>();
/**
 * JSON Schemas by the zod schema they come from: a session may wrap the registry's tools in
 * definitions of its own (a proposal scenario's failing apps, a time scenario's renamed
 * environment tool) that keep their parameters, and converting those again cost every such
 * session several milliseconds before its first turn.
 */
const schemaCache = new WeakMap<z.ZodType, Record<string, unknown>>();

function jsonSchemaOf(parameters: z.ZodType): Record<string, unknown> {
  let schema = schemaCache.get(parameters);
  if (!schema) {
    schema = z.toJSONSchema(parameters, { io: 'input' }) as Record<string, unknown>;
    delete schema.$schema;
    schemaCache.set(parameters, schema);
  }
  return schema;
}

const warmed = new WeakSet<z.ZodType>();

/**
 * zod builds a schema's parser on its first parse, about a millisecond a tool on a busy machine:
 * done for a session's tools as it starts (once a process), not in the first call of each.
 */
export function warmTools(defs: Iterable<ToolDef>): void {
  for (const def of defs) {
    if (warmed.has(def.parameters)) continue;
    warmed.add(def.parameters);
    def.parameters.safeParse({});
  }
}

export class ToolRegistry {
  private readonly tools = new Map<string, ToolDef>();
  private readonly aliases: ((name: string) => string | undefined)[] = [];

  register(...defs: ToolDef[]): this {
    for (const def of defs) {
      if (this.tools.has(def.name)) throw new Error(`tool ${def.name} registered twice`);
      this.tools.set(def.name, def);
    }
    return this;
  }

  /** Lets an app accept other spellings of its tool names (e.g. an MCP prefix). */
  addAlias(resolve: (name: string) => string | undefined): this {
    this.aliases.push(resolve);
    return this;
  }

  resolve(name: string): ToolDef | undefined {
    const direct = this.tools.get(name);
    if (direct) return direct;
    for (const alias of this.aliases) {
      const target = alias(name);
      if (target && this.tools.has(target)) return this.tools.get(target);
    }
    return undefined;
  }

  groups(): string[] {
    return [...new Set([...this.tools.values()].map((t) => t.group))];
  }

  /** The tools in the given groups, in registration order. */
  forGroups(groups: readonly string[]): ToolDef[] {
    const wanted = new Set(groups);
    return [...this.tools.values()].filter((t) => wanted.has(t.group));
  }

  /** Cached: every session offers the same tools, and JSON Schema generation is not free. */
  static spec(def: ToolDef): ToolSpec {
    let spec = specCache.get(def);
    if (!spec) {
      const parameters = jsonSchemaOf(def.parameters);
      spec = { name: def.name, description: def.description, parameters };
      specCache.set(def, spec);
    }
    return spec;
  }
}

/** Runs a tool, turning every failure into an outcome the agent can read. */
export async function invokeTool(
  def: ToolDef | undefined,
  name: string,
  args: unknown,
  ctx: ToolContext,
): Promise<ToolOutcome> {
  if (!def) return { ok: false, error: `unknown tool: ${name}` };
  const parsed = def.parameters.safeParse(args ?? {});
  if (!parsed.success) {
    if (def.invalidArguments)
      return { ok: false, error: def.invalidArguments(parsed.error.issues) };
    const detail = parsed.error.issues
      .map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`)
      .join('; ');
    return { ok: false, error: `invalid arguments for ${def.name}: ${detail}` };
  }
  try {
    return { ok: true, result: await def.run(parsed.data, ctx) };
  } catch (err) {
    if (err instanceof ToolError) return { ok: false, error: err.message };
    return { ok: false, error: `${def.name} failed: ${errorMessage(err)}` };
  }
}
