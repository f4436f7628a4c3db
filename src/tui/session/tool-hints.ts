/**
 * The tools as the agent seat's picker lists them (ToolHint): each parameter with a value of its
 * type that the tool's own check takes, and whether a template may leave it for the person.
 */
import { ToolRegistry, type ToolDef } from '../../tools/registry.ts';
import { DEFAULT_TOOLS } from '../../scenario/schema.ts';
import { paradigmPlaying } from '../../scenario/paradigms.ts';
import type { LoadedScenario } from '../../scenario/library.ts';
import type { ToolHint } from './controller.ts';

/**
 * The tools a session of `scenario` offers its agent, as the engine names them, with what its
 * protocol adds (propose and wait).
 */
export function sessionHints(registry: ToolRegistry, scenario: LoadedScenario): ToolHint[] {
  const paradigm = paradigmPlaying(scenario);
  const own = paradigm.sessionTools ?? [];
  const defs = [...registry.forGroups(scenario.tools ?? DEFAULT_TOOLS), ...own].map((d) =>
    paradigm.name === 'time' ? named(d, scenario) : d,
  );
  // What a proposal scenario's observe turn offers: the tools that change nothing, and its own.
  return hintsOf(defs, (d) => d.readOnly === true || own.includes(d));
}

/** A time scenario names its environment's query tool after it (query_gpu_market), as its protocol does. */
function named(def: ToolDef, scenario: LoadedScenario): ToolDef {
  const env = scenario.environment;
  if (def.name !== 'query_environment' || !env?.name) return def;
  const about = env.description ? `${env.description} ` : '';
  return { ...def, name: `query_${env.name}`, description: `${about}${def.description}` };
}

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  format?: string;
}

/** Values to try, in order, for a required parameter of the picker's template: the first its own check takes is used. */
function candidates(name: string, prop: JsonSchema): unknown[] {
  if (prop.default !== undefined) return [prop.default];
  if (prop.const !== undefined) return [prop.const];
  if (prop.enum?.length) return [prop.enum[0]];
  if (prop.anyOf?.length)
    return candidates(name, prop.anyOf.find((p) => p.type !== 'null') ?? prop.anyOf[0]!);
  const type = Array.isArray(prop.type) ? prop.type.find((t) => t !== 'null') : prop.type;
  if (type === 'number' || type === 'integer') return [prop.minimum ?? 0, 1];
  if (type === 'boolean') return [false];
  if (type === 'array') return [[]];
  if (type === 'object') return [{}];
  return ['', name, `${name}@example.com`, '2026-01-01T09:00:00', '09:00'];
}

/**
 * What the picker's template puts in for a parameter (as JSON text): a value of its type that the
 * tool's own argument check accepts, so a template sent as inserted is a call that runs.
 */
export function blankValue(def: ToolDef, name: string, prop: JsonSchema): string {
  const field = (
    def.parameters as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }
  ).shape?.[name];
  const tries = candidates(name, prop);
  return JSON.stringify(tries.find((v) => field?.safeParse(v).success) ?? tries[0]);
}

export function hintsOf(
  defs: readonly ToolDef[],
  observes?: (def: ToolDef) => boolean,
): ToolHint[] {
  return defs.map((def) => {
    const schema = ToolRegistry.spec(def).parameters as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    const required = new Set(schema.required ?? []);
    return {
      name: def.name,
      description: def.description,
      group: def.group,
      ...(def.readOnly ? { readOnly: true } : {}),
      ...(observes?.(def) ? { observes: true } : {}),
      params: Object.entries(schema.properties ?? {}).map(([name, prop]) => ({
        name,
        required: required.has(name),
        blank: blankValue(def, name, prop as JsonSchema),
        ...(required.has(name) && mustBeGiven(def, name) ? { fill: true } : {}),
      })),
    };
  });
}

/**
 * A value `""` does not stand for: a path, an id, a token, a proposal's words, what a change to
 * an app says, or one the tool refuses empty. Left `""` in a template, enter asks for it.
 */
function mustBeGiven(def: ToolDef, name: string): boolean {
  if (/(^|_)(path|id)$/.test(name) || name === 'access_token' || def.name === 'propose')
    return true;
  if (def.name.startsWith(`${def.group}__`) && !def.readOnly) return true;
  const field = (
    def.parameters as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }
  ).shape?.[name];
  return field ? !field.safeParse('').success : false;
}
