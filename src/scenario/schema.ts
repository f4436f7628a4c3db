/**
 * The file formats (docs/authoring.md) as zod schemas. The loader validates with these and
 * `intentplay schema` derives the published JSON Schema from them, so the two cannot drift.
 * Objects are strict: an unknown key is an error, because a typo must not pass silently.
 * A paradigm adds keys of its own (src/contracts/paradigm.ts): `scenarioSchema()` merges them in
 * the registry's order, and the paradigm declares their types by merging into
 * `ScenarioParadigmKeys` and `IntentParadigmKeys` below.
 */
import { z } from 'zod';
import { checkPattern } from './regex.ts';
import { derivedFromParadigms } from './paradigms.ts';
import { ClockSchema, EnvironmentSchema } from '../sim/schema.ts';

const Id = z
  .string()
  .min(1)
  .regex(/^[A-Za-z0-9_.-]+$/, 'an id uses letters, digits, _ . - only');
/** `<persona>/<name>` (or a bare name, resolved against the scenario's persona). */
const ScenarioRef = z.string().min(1);

export const Pattern = z
  .string()
  .min(1)
  .superRefine((value, ctx) => {
    const problem = checkPattern(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `invalid regex: ${problem.message}` });
  })
  .meta({ description: 'JavaScript regex; a leading (?i) makes it case-insensitive' });

/** A path inside the workspace: relative, with no `..` segment (a file that escapes the workspace is refused). */
const WorkspacePath = z
  .string()
  .min(1)
  .superRefine((p, ctx) => {
    if (/^([A-Za-z]:)?[\\/]/.test(p))
      ctx.addIssue({
        code: 'custom',
        message: `\`${p}\` is an absolute path: workspace files are relative to the workspace`,
      });
    else if (p.split(/[\\/]/).includes('..'))
      ctx.addIssue({
        code: 'custom',
        message: `\`${p}\` leaves the workspace (\`..\`): workspace files stay inside it`,
      });
  });
const Glob = z
  .string()
  .min(1)
  .meta({ description: 'glob over workspace-relative paths, e.g. **/*.md' });

// ---- Evidence rules (docs/authoring.md) -------------------------------------------------------

export type Rule =
  | { reply_matches: string }
  | { file_exists: string }
  | { file_matches: { path: string; pattern: string } }
  | { tool_called: { name: string; args?: Record<string, string>; ok?: boolean } }
  | { app_state: { app: string; path: string; pattern?: string; equals?: unknown } }
  | { all: Rule[] }
  | { any: Rule[] }
  | { not: Rule };

export const RULE_KEYS = [
  'reply_matches',
  'file_exists',
  'file_matches',
  'tool_called',
  'app_state',
  'all',
  'any',
  'not',
] as const;

export const RuleSchema: z.ZodType<Rule> = z
  .lazy(() =>
    z.union([
      z.strictObject({ reply_matches: Pattern }),
      z.strictObject({ file_exists: Glob }),
      z.strictObject({ file_matches: z.strictObject({ path: Glob, pattern: Pattern }) }),
      z.strictObject({
        tool_called: z.strictObject({
          name: Pattern,
          args: z.record(z.string(), Pattern).optional(),
          ok: z.boolean().optional(),
        }),
      }),
      z.strictObject({
        app_state: z
          .strictObject({
            app: z.string().min(1),
            path: z
              .string()
              .min(1)
              .meta({ description: 'dotted path into the app state, e.g. messages.*.body' }),
            pattern: Pattern.optional(),
            equals: z.unknown().optional(),
          })
          .meta({
            description: 'holds when a value at path in the app state matches pattern (or equals)',
          }),
      }),
      z.strictObject({ all: z.array(RuleSchema).min(1) }),
      z.strictObject({ any: z.array(RuleSchema).min(1) }),
      z.strictObject({ not: RuleSchema }),
    ]),
  )
  .meta({ id: 'Rule', description: `an evidence rule: exactly one of ${RULE_KEYS.join(', ')}` });

// ---- Persona ---------------------------------------------------------------------------

export const PersonaSchema = z
  .strictObject({
    id: Id,
    name: z.string().min(1),
    role: z.string().min(1),
    profile: z.string().min(1),
    style: z.string().min(1).optional().meta({ description: 'how the simulated user writes' }),
    facts: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'stable facts the user knows' }),
    goals: z.array(z.string()).optional().meta({ description: 'long-term goals' }),
  })
  .meta({ title: 'intentplay persona' });
export type Persona = z.infer<typeof PersonaSchema>;

// ---- Scenario --------------------------------------------------------------------------

export const TriggerSchema = z.strictObject({
  kind: z.enum(['user', 'event']),
  text: z.string().min(1),
  source: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'for kind: event, where it came from (feed, webhook, heartbeat)' }),
});

const intentShape = {
  id: Id,
  text: z.string().min(1).meta({ description: 'what the hidden intent is' }),
  reveal: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'what the user says to provide it; defaults to text' }),
  ask: z
    .array(Pattern)
    .optional()
    .meta({ description: 'rules judge: a question matching any pattern targets it' }),
  done: RuleSchema.optional().meta({ description: 'rules judge: evidence of completion' }),
  said: z.array(Pattern).optional().meta({
    description:
      'a person playing the user provides this intent with a message matching any pattern (besides one holding its reveal text)',
  }),
};

/** The intent keys paradigms add (each declares its own by merging into this interface). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface IntentParadigmKeys {}
export type IntentSpec = z.infer<z.ZodObject<typeof intentShape>> & IntentParadigmKeys;

export const ChecklistItemSchema = z.strictObject({
  id: Id,
  text: z.string().min(1),
  grader: z.enum(['rubric', 'rule']),
  rule: RuleSchema.optional().meta({
    description: 'required for grader: rule; an offline stand-in for rubric',
  }),
  weight: z
    .number()
    .positive()
    .optional()
    .meta({ description: 'π-Bench criterion weight (default 1)' }),
  rubric_only: z.boolean().optional().meta({
    description:
      'a rubric item with no meaningful offline stand-in: validate does not warn that it has no rule',
  }),
});
export type ChecklistItemSpec = z.infer<typeof ChecklistItemSchema>;

export const ActionSchema = z.strictObject({
  tool: z.string().min(1),
  args: z.record(z.string(), z.unknown()).optional(),
});
export const ReferenceStepSchema = z.strictObject({
  say: z.string(),
  actions: z.array(ActionSchema).optional(),
});
export type ReferenceStep = z.infer<typeof ReferenceStepSchema>;

export const PibenchToolSpecSchema = z.strictObject({
  name: z.string().min(1),
  call: z.array(z.string()).optional(),
  result: z.array(z.string()).optional(),
});

/** Fields kept from a π-Bench task so that its own scoring can be reproduced. */
export const PibenchFieldsSchema = z.strictObject({
  task_id: z.string().optional(),
  task_type: z.string().optional(),
  environment_id: z.string().optional(),
  description: z.string().optional(),
  tools: z.array(PibenchToolSpecSchema).optional(),
  files_read: z.array(z.string()).optional(),
  tools_evaluation_path: z
    .string()
    .optional()
    .meta({ description: 'rule script, relative to repo_root (the folder that holds data/)' }),
  repo_root: z
    .string()
    .optional()
    .meta({ description: 'the π-Bench checkout (folder holding data/), relative to this file' }),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

function scenarioShape(intent: z.ZodType<IntentSpec>) {
  return {
    id: z.string().min(1).meta({ description: '<persona>/<name>, matching the file path' }),
    persona: Id,
    title: z.string().min(1),
    description: z.string().optional(),
    category: z.string().optional().meta({ description: "label from the paper's taxonomy (A..R)" }),
    depends_on: z.array(ScenarioRef).optional(),
    trigger: TriggerSchema,
    workspace: z
      .strictObject({
        files: z.record(WorkspacePath, z.string()).optional(),
        assets: z
          .string()
          .optional()
          .meta({ description: 'folder (relative to this file) copied into the workspace' }),
      })
      .optional(),
    tools: z
      .array(z.string().min(1))
      .optional()
      .meta({ description: 'tool groups and apps; default [files, memory]' }),
    apps: z.record(z.string(), z.unknown()).optional().meta({ description: 'seed state per app' }),
    intents: z.array(intent).min(1),
    checklist: z.array(ChecklistItemSchema).optional(),
    references: z.record(z.string(), z.array(ReferenceStepSchema)).optional(),
    limits: z
      .strictObject({
        max_turns: z.number().int().positive().optional(),
        tool_steps: z.number().int().positive().optional(),
      })
      .optional(),
    pibench: PibenchFieldsSchema.optional(),
    // The simulated world any paradigm may run on (src/sim).
    clock: ClockSchema.optional(),
    environment: EnvironmentSchema.optional(),
  };
}

/** The scenario keys paradigms add (each declares its own by merging into this interface). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ScenarioParadigmKeys {}
export type ScenarioFile = z.infer<z.ZodObject<ReturnType<typeof scenarioShape>>> &
  ScenarioParadigmKeys;

const composedScenarioSchema = derivedFromParadigms((paradigms) => {
  const intent = z.strictObject(
    Object.assign({}, intentShape, ...paradigms.map((p) => p.intentKeys ?? {})),
  );
  const shape: z.ZodRawShape = Object.assign(
    scenarioShape(intent as unknown as z.ZodType<IntentSpec>),
    ...paradigms.map((p) => p.scenarioKeys ?? {}),
  );
  return z.strictObject(shape).meta({ title: 'intentplay scenario' });
});

/** The scenario schema with the installed paradigms' keys after the core's, in the registry's order. */
export const scenarioSchema = (): z.ZodType<ScenarioFile> =>
  composedScenarioSchema() as unknown as z.ZodType<ScenarioFile>;

/** The keys a scenario file may have at its top, in the schema's order (the one list: writers and suggestions use it). */
export const scenarioKeys = (): (keyof ScenarioFile & string)[] =>
  Object.keys(composedScenarioSchema().shape) as (keyof ScenarioFile & string)[];

// ---- Episode ---------------------------------------------------------------------------

export const EpisodeSchema = z
  .strictObject({
    id: Id,
    persona: Id,
    title: z.string().optional(),
    sessions: z.array(ScenarioRef).min(1),
  })
  .meta({ title: 'intentplay episode' });
export type EpisodeFile = z.infer<typeof EpisodeSchema>;

export const DEFAULT_MAX_TURNS = 30;
export const DEFAULT_TOOL_STEPS = 30;
export const DEFAULT_TOOLS = ['files', 'memory'];
