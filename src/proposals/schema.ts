/**
 * The scenario keys of a proposal scenario (docs/proposals.md): the user works in the apps
 * (`activity`, one step per tick), the agent observes and must propose before it acts
 * (`proposals: required`), with optional seeded noise. Goals are intents with an `accept`
 * pattern. Merged into the scenario schema, so the loader and the JSON Schema know them.
 */
import { z } from 'zod';

const Id = z
  .string()
  .min(1)
  .regex(/^[A-Za-z0-9_.-]+$/, 'an id uses letters, digits, _ . - only');

export const ScreenStepSchema = z
  .strictObject({
    app: Id.meta({ description: 'the app the user is in' }),
    action: z.string().min(1).meta({
      description: 'an action the current screen offers (open an item, go back, fill, submit, …)',
    }),
    args: z.record(z.string(), z.unknown()).optional(),
    note: z.string().min(1).optional().meta({
      description:
        'how the step reads to the agent when it observes it (default: the app, action and arguments)',
    }),
  })
  .meta({ description: 'one screen action of the user' });

export const SayStepSchema = z
  .strictObject({
    say: z.string().min(1).meta({ description: 'a chat message from the user to the assistant' }),
    reveals: z
      .array(Id)
      .optional()
      .meta({ description: 'goals the message asks for (they become provided)' }),
  })
  .meta({ description: 'the user writes to the assistant' });

export const WaitStepSchema = z
  .strictObject({ wait: z.literal(true).meta({ description: 'the user does nothing this tick' }) })
  .meta({ description: 'a tick with no action' });

export const ActivityStepSchema = z.union([ScreenStepSchema, SayStepSchema, WaitStepSchema]);
export type ActivityStep = z.infer<typeof ActivityStepSchema>;
export type ScreenStep = z.infer<typeof ScreenStepSchema>;

export const NoiseSchema = z
  .strictObject({
    notifications_per_hour: z
      .number()
      .min(0)
      .max(600)
      .optional()
      .meta({ description: 'spurious notifications per simulated hour (PARE’s distractors)' }),
    tool_failure: z.number().min(0).max(1).optional().meta({
      description:
        'probability that an app call of the agent fails as the app would (a transient error)',
    }),
    seed: z
      .number()
      .int()
      .min(0)
      .optional()
      .meta({ description: 'seed of the noise: the same seed gives the same run' }),
  })
  .meta({ description: 'PARE’s robustness settings' });
export type NoiseSpec = z.infer<typeof NoiseSchema>;

export const PROPOSAL_MODES = ['required'] as const;

export const scenarioProposalKeys = {
  proposals: z.enum(PROPOSAL_MODES).optional().meta({
    description:
      'required: the agent observes with read-only tools and must propose, and be accepted, before it changes anything',
  }),
  activity: z.array(ActivityStepSchema).optional().meta({
    description: 'what the user does, one step per tick, through the user’s side of the apps',
  }),
  noise: NoiseSchema.optional(),
  gather_ticks: z.number().int().min(0).max(20).optional().meta({
    description:
      'how many ticks a person or model user may look into a pending proposal with other moves before they must accept or reject it (default 3)',
  }),
};

export const DEFAULT_GATHER_TICKS = 3;

export const intentProposalKeys = {
  accept: z.string().min(1).optional().meta({
    description:
      'proposal scenarios: the rules user accepts a proposal matching this pattern while the goal is not done',
  }),
};
