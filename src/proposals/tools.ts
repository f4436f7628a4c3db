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
      'Propose to help: one short sentence saying what you would do for the user. The user accepts or rejects it; only after an accept do you get the tools that change things. It ends your turn.',
    parameters: z.strictObject({ summary: z.string().min(1) }),
    endsTurn: true,
    run: ({ summary }: { summary: string }, ctx: ToolContext) => world(ctx).propose(summary),
  },
  {
    name: WAIT_TOOL,
    group: 'proposals',
    description: 'Nothing to propose yet: keep observing (this ends your turn).',
    parameters: z.strictObject({}),
    endsTurn: true,
    run: (_args: object, ctx: ToolContext) => world(ctx).waitTurn(),
  },
];

/** A tool the observing agent may use: one that declares it changes nothing (no guessing from its name). */
export function isReadOnly(def: ToolDef): boolean {
  return def.readOnly === true;
}

const LOCAL_GROUPS = new Set(['files', 'memory', 'time', 'environment', 'proposals']);

/** A tool that changes an app's data (not the workspace's files, memory or time). */
export function isAppWrite(def: ToolDef): boolean {
  return !isReadOnly(def) && !LOCAL_GROUPS.has(def.group);
}

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
