/**
 * The scenario keys of a time scenario (docs/time.md) beyond the simulated world's clock and
 * environment (src/sim/schema.ts): the branch, the expected task status, the user's thanks or
 * refusal, and intents that wait for a follow-up. Merged into the scenario schema, so the JSON
 * Schema and the loader know them too.
 */
import { z } from 'zod';
import { TASK_STATUSES } from '../sim/schema.ts';

const Id = z
  .string()
  .min(1)
  .regex(/^[A-Za-z0-9_.-]+$/, 'an id uses letters, digits, _ . - only');

export const BRANCHES = ['positive', 'negative'] as const;
export type Branch = (typeof BRANCHES)[number];

/** The intent keys for a shift of intention. */
export const intentTimeKeys = {
  after: z
    .strictObject({ follow_up: Id.meta({ description: 'an update id' }) })
    .optional()
    .meta({
      description:
        'pending until the agent follows up on this update; then it opens and the user reveals it at once',
    }),
  supersedes: z
    .array(Id)
    .optional()
    .meta({ description: 'intents that become superseded (out of Proc) when this one opens' }),
};

/** The scenario keys. */
export const scenarioTimeKeys = {
  expect_status: z.enum(TASK_STATUSES).optional().meta({
    description:
      'the final task status a good agent ends with (default: completed if positive, in_progress if negative, failed with refuse)',
  }),
  thanks: z.string().min(1).optional().meta({
    description:
      'what the rules user says when a follow-up meets every need (default: Thank you, that is what I needed.)',
  }),
  refuse: z.string().min(1).optional().meta({
    description:
      'the user refuses or cancels instead of thanking: the rules user says this, and the task should end failed',
  }),
  branch: z.enum(BRANCHES).optional().meta({
    description:
      'positive or negative; by default positive when the last update with an expect expects follow_up',
  }),
};
