/**
 * The study file (`study.yaml`, docs/study.md): what a participant consents to and reads, the
 * conditions (backends per role), the scenarios, the design, what the participant may see,
 * and the questionnaires. Strict: an unknown key is an error, located by the YAML loader.
 */
import { errorMessage } from '../contracts/errors.ts';
import { z } from 'zod';
import { parseBackendSpec } from '../session/backend-spec.ts';

const id = z
  .string()
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/, 'an id is letters, digits, `_`, `.` and `-`');

const backend = (role: 'agent' | 'judge') =>
  z.string().superRefine((text, ctx) => {
    try {
      const spec = parseBackendSpec(role, text);
      if (spec.kind === 'human')
        ctx.addIssue({
          code: 'custom',
          message: `the participant is the user; a condition's ${role} cannot be human`,
        });
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: errorMessage(err).replace(/^--/, '') });
    }
  });

export const ConditionSchema = z
  .strictObject({
    /** Never shown to participants; for the researcher's own notes. */
    description: z.string().optional(),
    agent: backend('agent').describe('the agent backend: script[:NAME] or openai'),
    judge: backend('judge').optional().describe('the judge backend (default rules)'),
    agent_model: z.string().optional(),
    judge_model: z.string().optional(),
    base_url: z
      .string()
      .optional()
      .describe(
        'an OpenAI-compatible endpoint for the model roles (the key comes from the environment, never this file)',
      ),
    max_turns: z.number().int().positive().optional(),
  })
  .describe('backend settings for one condition');

/** Marks an item as a check: the answer it must get, and whether it checks attention or comprehension. */
const check = {
  /** The correct answer: a point of the scale, an option's number (a list of them when several may be chosen), a number. */
  correct: z.union([z.number(), z.array(z.number().int()).min(1)]).optional(),
  /** attention (an instructed answer, e.g. "choose 2 here") or comprehension (about the instructions). */
  check: z.enum(['attention', 'comprehension']).optional(),
};
const likert = z.strictObject({
  kind: z.literal('likert'),
  id,
  text: z.string().min(1),
  /** Points on the scale, 1..scale. */
  scale: z.number().int().min(2).max(11).default(7),
  /** Words for the lowest and highest point. */
  anchors: z.tuple([z.string(), z.string()]).default(['Strongly disagree', 'Strongly agree']),
  ...check,
});
const sus = z
  .strictObject({ kind: z.literal('sus'), id: id.default('sus') })
  .describe('the System Usability Scale: 10 standard items, 1–5, scored 0–100');
const tlx = z
  .strictObject({ kind: z.literal('tlx'), id: id.default('tlx') })
  .describe('raw NASA-TLX: 6 subscales 0–100 in steps of 5, scored as their mean');
const text = z.strictObject({
  kind: z.literal('text'),
  id,
  text: z.string().min(1),
  optional: z.boolean().default(false),
});
const options = z.array(z.string().min(1)).min(2).max(9);
const choice = z
  .strictObject({
    kind: z.literal('choice'),
    id,
    text: z.string().min(1),
    /** The answers to choose from, numbered 1.. in this order (the number is what is stored). */
    options,
    /** Several answers may be chosen (stored as their numbers, e.g. `1;3`). */
    multiple: z.boolean().default(false),
    optional: z.boolean().default(false),
    ...check,
  })
  .describe('single or multiple choice; the answer is stored as the chosen options’ numbers');
const numeric = z
  .strictObject({
    kind: z.literal('numeric'),
    id,
    text: z.string().min(1),
    min: z.number(),
    max: z.number(),
    /** Whole numbers only (default); false allows decimals. */
    integer: z.boolean().default(true),
    /** Shown after the answer box, e.g. `years`. */
    unit: z.string().optional(),
    optional: z.boolean().default(false),
    ...check,
  })
  .refine((q) => q.min < q.max, { message: '`min` must be below `max`', path: ['max'] })
  .describe('a number between min and max');
const ranking = z
  .strictObject({
    kind: z.literal('ranking'),
    id,
    text: z.string().min(1),
    /** What is ranked, numbered 1.. in this order; the answer is those numbers, most preferred first. */
    options,
  })
  .describe('put options in order of preference');
const preference = z
  .strictObject({
    kind: z.literal('preference'),
    id,
    text: z.string().min(1).default('Which assistant did you prefer?'),
    /** The two sessions compared, by their place in the participant's order (from 1). */
    sessions: z
      .tuple([z.number().int().min(1), z.number().int().min(1)])
      .default([1, 2])
      .refine(([a, b]) => a !== b, 'two different sessions'),
    /** Offer "no preference" (stored as 0). */
    no_preference: z.boolean().default(true),
  })
  .describe(
    'in the final questionnaire: which of two sessions’ assistants the participant preferred',
  );
const scaleItem = z.strictObject({
  id,
  text: z.string().min(1),
  /** Reverse-coded: scored as (lowest + highest) − answer. */
  reverse: z.boolean().default(false),
});
const scale = z
  .strictObject({
    kind: z.literal('scale'),
    id,
    /** Shown above each of its items (e.g. "About the assistant:"). */
    text: z.string().min(1).optional(),
    /** Points of every item, 1..points. */
    points: z.number().int().min(2).max(11).default(7),
    anchors: z.tuple([z.string(), z.string()]).default(['Strongly disagree', 'Strongly agree']),
    items: z.array(scaleItem).min(2),
    /** The scale's score: the mean (default) or the sum of its items after reverse coding. */
    score: z.enum(['mean', 'sum']).default('mean'),
  })
  .describe('a custom multi-item rating scale, with reverse-coded items');

export const QuestionSchema = z.discriminatedUnion('kind', [
  likert,
  sus,
  tlx,
  text,
  choice,
  numeric,
  ranking,
  preference,
  scale,
]);

export const StudySchema = z
  .strictObject({
    title: z.string().min(1),
    /** The scenario library the ids are looked up in, relative to this file (default: the bundled library). */
    library: z.string().optional(),
    consent: z.strictObject({ version: z.string().min(1), text: z.string().min(1) }),
    instructions: z.string().min(1),
    /** Shown on the last page, after the last question: what the study was about, whom to contact. */
    debrief: z.string().min(1).optional(),
    /** Online panels: each participant who finishes gets a code to enter where they were recruited. */
    completion_code: z
      .strictObject({
        /** Letters, digits, `_` or `-` before the random part (e.g. the study's short name). */
        prefix: z
          .string()
          .regex(/^[A-Za-z0-9_-]{0,20}$/, 'up to 20 letters, digits, `_` or `-`')
          .default(''),
      })
      .optional(),
    conditions: z
      .record(id, ConditionSchema)
      .refine((c) => Object.keys(c).length >= 1, 'at least one condition'),
    scenarios: z.array(z.string().min(1)).min(1),
    design: z.strictObject({
      /** within: every participant meets every condition; between: each participant meets one. */
      type: z.enum(['within', 'between']),
      /** Seeds the counterbalancing (which condition gets which row of the Latin square) and the randomisation. */
      seed: z.number().int().default(0),
      /** Within: `fixed` plays the scenarios in the listed order; `counterbalanced` orders them by a second balanced Latin square. */
      scenario_order: z.enum(['fixed', 'counterbalanced']).default('fixed'),
      /** Between: `rotation` gives the conditions in turn; `random` a seeded random permutation per block of participants. */
      assignment: z.enum(['rotation', 'random']).default('rotation'),
    }),
    participant_view: z
      .strictObject({
        /** goals: the user's goals as a card, no statuses; live: the hidden-intent panel with live statuses. */
        intents: z.enum(['goals', 'live']).default('goals'),
        /** Whether the participant sees the judge's verdicts (checklist, Proc and Comp). */
        verdicts: z.boolean().default(false),
      })
      .default({ intents: 'goals', verdicts: false }),
    /** Per session, e.g. `10m`, `90s`: the session ends when the time is up (operator pauses do not count). */
    time_limit: z
      .string()
      .regex(/^\d+(\.\d+)?\s*(s|m|min|h)$/, 'a duration like `90s`, `10m` or `1h`')
      .optional(),
    /** Attention and comprehension checks (items with `correct`): what happens when a participant fails them. */
    checks: z
      .strictObject({
        /** Failures that trigger the rule (default 1). */
        fail_after: z.number().int().min(1).default(1),
        /** flag: the participant goes on and is marked in the export; exclude: their study ends there. */
        on_fail: z.enum(['flag', 'exclude']).default('flag'),
        /** What an excluded participant reads (the default thanks them and says the study ends here). */
        message: z.string().min(1).optional(),
      })
      .optional(),
    /** What `study export --anonymise` may share: `share_text: true` keeps what participants wrote (only if they consented to it). */
    export: z.strictObject({ share_text: z.boolean().default(false) }).optional(),
    questionnaires: z
      .strictObject({
        /** Before the first session (after the instructions): demographics, a baseline. */
        before: z.array(QuestionSchema).default([]),
        after_each_session: z.array(QuestionSchema).default([]),
        final: z.array(QuestionSchema).default([]),
      })
      .default({ before: [], after_each_session: [], final: [] }),
  })
  .describe('an intentplay user study');

export type StudyFile = z.infer<typeof StudySchema>;
export type Condition = z.infer<typeof ConditionSchema>;
export type Question = z.infer<typeof QuestionSchema>;

/** Milliseconds in one of a time limit's units. */
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

export function timeLimitMs(limit: string | undefined): number | undefined {
  const m = limit?.match(/^(\d+(?:\.\d+)?)\s*(s|m|min|h)$/);
  if (!m) return undefined;
  return Number(m[1]) * UNIT_MS[m[2]!]!;
}
