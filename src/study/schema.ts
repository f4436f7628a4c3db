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

const likert = z.strictObject({
  kind: z.literal('likert'),
  id,
  text: z.string().min(1),
  /** Points on the scale, 1..scale. */
  scale: z.number().int().min(2).max(11).default(7),
  /** Words for the lowest and highest point. */
  anchors: z.tuple([z.string(), z.string()]).default(['Strongly disagree', 'Strongly agree']),
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

export const QuestionSchema = z.discriminatedUnion('kind', [likert, sus, tlx, text]);

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

export function timeLimitMs(limit: string | undefined): number | undefined {
  const m = limit?.match(/^(\d+(?:\.\d+)?)\s*(s|m|min|h)$/);
  if (!m) return undefined;
  return Number(m[1]) * (m[2] === 's' ? 1000 : m[2] === 'h' ? 3_600_000 : 60_000);
}
