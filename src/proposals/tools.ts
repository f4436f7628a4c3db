/**
 * The agent's side of a proposal scenario: `propose({summary})` and `wait()` on observe turns,
 * which turns may read but not write (only read-only tools are offered), and transient app
 * failures when the scenario's noise asks for them.
 */
import { z } from 'zod';
import { ToolError } from '../contracts/errors.ts';
import type { ToolContext, ToolDef } from '../tools/registry.ts';
import type { ProposalWorld } from './world.ts';

export const PROPOSE_TOOL = 'propose';
export const WAIT_TOOL = 'wait';

const world = (ctx: ToolContext): ProposalWorld => {
  if (!ctx.proposals) throw new ToolError('this scenario has no proposals');
  return ctx.proposals;
};

export const proposalTools: ToolDef[] = [
  {
    name: PROPOSE_TOOL,
    group: 'proposals',
    description:
      'Propose to help: one short sentence saying what you would do for the user. The user accepts or rejects it; only after an accept do you get the tools that change things. One proposal per turn.',
    parameters: z.strictObject({ summary: z.string().min(1) }),
    run: ({ summary }: { summary: string }, ctx: ToolContext) => world(ctx).propose(summary),
  },
  {
    name: WAIT_TOOL,
    group: 'proposals',
    description: 'Nothing to propose yet: keep observing.',
    parameters: z.strictObject({}),
    run: (_args: object, ctx: ToolContext) => world(ctx).waitTurn(),
  },
];

/** Tool groups that never change anything; app tools say so themselves (`readOnly`), or are judged by name. */
const READ_TOOLS = new Set(['read_file', 'list_dir', 'grep', 'glob', 'read_memory', 'current_time', 'list_reminders']);
const READ_NAME = /(^|__)(show|search|get|list|find|read|login|query|count|check)(_|$)/;

export function isReadOnly(def: ToolDef): boolean {
  const marked = (def as ToolDef & { readOnly?: boolean }).readOnly;
  if (marked !== undefined) return marked;
  return READ_TOOLS.has(def.name) || def.name.startsWith('query_') || READ_NAME.test(def.name);
}

const LOCAL_GROUPS = new Set(['files', 'memory', 'time', 'environment', 'proposals']);

/** An app tool that fails as a busy app would when the noise draws a failure. */
export function withFailures(def: ToolDef, fails: () => boolean): ToolDef {
  if (LOCAL_GROUPS.has(def.group)) return def;
  return {
    ...def,
    run: (args, ctx) => {
      if (fails()) throw new ToolError(`${def.group} is temporarily unavailable (503); try again`);
      return def.run(args, ctx);
    },
  };
}
