/**
 * The simulated world's scenario keys (docs/time.md): the clock, and one environment with
 * scheduled updates. Core keys of every scenario, because any paradigm may run on the world
 * (time and proposal scenarios do); src/sim/world.ts runs it.
 */
import { z } from 'zod';
import { parseDuration, parseIsoTime, parseTimeValue } from './clock.ts';

const Id = z
  .string()
  .min(1)
  .regex(/^[A-Za-z0-9_.-]+$/, 'an id uses letters, digits, _ . - only');

export const TimeValueSchema = z
  .string()
  .min(1)
  .superRefine((value, ctx) => {
    const r = parseTimeValue(value, 0);
    if ('problem' in r) ctx.addIssue({ code: 'custom', message: r.problem });
  })
  .meta({
    description:
      'an offset from clock.start (+90s, +15m, +2h, +1d, +1d12h) or an absolute ISO time with an offset',
  });

export const ClockSchema = z
  .strictObject({
    start: z
      .string()
      .superRefine((value, ctx) => {
        if (!parseIsoTime(value))
          ctx.addIssue({
            code: 'custom',
            message: `\`${value}\` is not an ISO time with an offset (2026-05-04T09:00:00+08:00)`,
          });
      })
      .optional()
      .meta({
        description:
          'simulated start (default 2026-05-04T09:00:00Z); every message carries its simulated time',
      }),
    turn: z
      .string()
      .superRefine((value, ctx) => {
        if (parseDuration(value) === undefined)
          ctx.addIssue({ code: 'custom', message: `\`${value}\` is not a duration (90s, 2m, 1h)` });
      })
      .optional()
      .meta({ description: 'simulated time one agent turn takes (default 1m)' }),
  })
  .meta({ description: 'the simulated clock' });

export const UPDATE_EXPECT = ['follow_up', 'keep_silent'] as const;
export const UPDATE_NOTIFY = ['none', 'agent', 'user', 'both'] as const;

export const UpdateSchema = z.strictObject({
  id: Id,
  at: TimeValueSchema,
  set: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: 'top-level keys of the environment state replaced' }),
  apps: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: 'app records added as the update happens (an email or a text arrives)' }),
  text: z
    .string()
    .min(1)
    .meta({ description: 'how the change reads to the agent when it is woken on it' }),
  expect: z
    .enum(UPDATE_EXPECT)
    .optional()
    .meta({ description: 'what a good agent does when woken on it' }),
  notify: z
    .enum(UPDATE_NOTIFY)
    .optional()
    .meta({ description: 'pushed even without a reminder: none (default), agent, user or both' }),
});
export type UpdateSpec = z.infer<typeof UpdateSchema>;

export const EnvironmentSchema = z
  .strictObject({
    name: z
      .string()
      .regex(
        /^[a-z][a-z0-9_]*$/,
        'a name uses lower-case letters, digits and _ (the tool is query_<name>)',
      )
      .meta({ description: 'the tool group `environment` gives the agent query_<name>({query?})' }),
    description: z
      .string()
      .optional()
      .meta({ description: 'what the source is, as the agent’s tool describes it' }),
    state: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: 'initial state (any JSON object)' }),
    updates: z
      .array(UpdateSchema)
      .optional()
      .meta({ description: 'scheduled changes, invisible to the agent until they happen' }),
  })
  .meta({
    description: 'one external source the agent can query, which changes while the user waits',
  });
export type EnvironmentSpec = z.infer<typeof EnvironmentSchema>;

export const TASK_STATUSES = ['in_progress', 'completed', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
