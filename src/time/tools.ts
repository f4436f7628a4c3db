/**
 * The tool groups of time scenarios: `time` (the clock, reminders, the task status, keeping
 * silent) and `environment` (querying the scenario's external source). They work on the
 * session's TimeWorld; in a scenario without a clock they answer with a clear tool error.
 */
import { z } from 'zod';
import { ToolError } from '../contracts/errors.ts';
import type { ToolContext, ToolDef } from '../tools/registry.ts';
import { TASK_STATUSES } from '../sim/schema.ts';
import type { TimeWorld } from '../sim/world.ts';

function world(ctx: ToolContext): TimeWorld {
  if (!ctx.time) throw new ToolError('this scenario has no simulated clock');
  return ctx.time;
}

function def<P extends z.ZodType>(
  d: Omit<ToolDef<P>, 'group'> & { group: 'time' | 'environment' },
): ToolDef {
  return d as unknown as ToolDef;
}

export const KEEP_SILENT_TOOL = 'keep_silent';
/** The environment's query tool is named after the environment: query_<name>. */
export const ENVIRONMENT_QUERY_PLACEHOLDER = 'query_environment';

export const timeTools: ToolDef[] = [
  def({
    name: 'current_time',
    readOnly: true,
    group: 'time',
    description: 'The current date and time (ISO 8601 with the user’s UTC offset).',
    parameters: z.strictObject({}),
    run: (_args, ctx) => ({ now: world(ctx).clock.iso() }),
  }),
  def({
    name: 'set_reminder',
    group: 'time',
    description:
      'Set a reminder that wakes you later. `at`: a time (ISO 8601, or an offset from now such as +2h or +1d): wakes you once then. `condition`: a condition in words: wakes you on every change of the world until you cancel it. Give one or both, and a note for yourself. Returns its id.',
    parameters: z.strictObject({
      at: z.string().min(1).optional(),
      condition: z.string().min(1).optional(),
      note: z.string().min(1),
    }),
    run: (args, ctx) => world(ctx).setReminder(args),
  }),
  def({
    name: 'list_reminders',
    readOnly: true,
    group: 'time',
    description: 'Your reminders and their state (active, fired, cancelled).',
    parameters: z.strictObject({}),
    run: (_args, ctx) => world(ctx).listReminders(),
  }),
  def({
    name: 'cancel_reminder',
    group: 'time',
    description: 'Cancel an active reminder by id.',
    parameters: z.strictObject({ id: z.string().min(1) }),
    run: (args, ctx) => world(ctx).cancelReminder(args.id),
  }),
  def({
    name: 'set_task_status',
    group: 'time',
    description: 'Record the state of the user’s task: in_progress, completed or failed.',
    parameters: z.strictObject({ status: z.enum(TASK_STATUSES) }),
    run: (args, ctx) => world(ctx).setTaskStatus(args.status),
  }),
  def({
    name: KEEP_SILENT_TOOL,
    group: 'time',
    description:
      'When a reminder or an update woke you and nothing is worth telling the user: keep silent (your reply, if any, is not sent).',
    parameters: z.strictObject({}),
    run: (_args, ctx) => {
      world(ctx).silenced = true;
      return { silent: true };
    },
  }),
];

export const environmentTools: ToolDef[] = [
  def({
    name: ENVIRONMENT_QUERY_PLACEHOLDER,
    group: 'environment',
    readOnly: true,
    description:
      'Query the external source this task depends on. `query`: words that every listed item must contain (optional; without it, everything).',
    parameters: z.strictObject({ query: z.string().optional() }),
    run: (args, ctx) => world(ctx).query(args.query),
  }),
];

/** The environment's query tool as this scenario names it (query_listings for `listings`). */
export function environmentToolFor(placeholder: ToolDef, w: TimeWorld): ToolDef {
  if (!w.environmentName) return placeholder;
  return {
    ...placeholder,
    name: `query_${w.environmentName}`,
    description: `${w.environmentDescription ? `${w.environmentDescription} ` : ''}${placeholder.description}`,
  };
}
