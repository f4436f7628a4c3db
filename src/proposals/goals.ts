/**
 * A proposal scenario's goals: its intents with a `done` rule over the apps. Only an accepted
 * proposal's execution completes one; one the world or the user reached by themselves is
 * provided, and a proposal is accepted for a goal its `accept` pattern matches, not yet done.
 */
import { evaluateRule } from '../judge/evidence.ts';
import { compilePattern } from '../scenario/regex.ts';
import type { IntentSpec } from '../scenario/schema.ts';
import type { SessionCore } from '../session/protocol.ts';
import type { Proposal } from './world.ts';

export const holds = (g: IntentSpec, apps: Record<string, unknown>): boolean =>
  evaluateRule(g.done!, { replies: [], toolCalls: [], files: new Map(), apps }).holds;

export class ProposalGoals {
  constructor(private readonly core: SessionCore) {}

  all(): IntentSpec[] {
    return this.core.scenario.intents.filter((i) => i.done);
  }

  open(): IntentSpec[] {
    return this.all().filter((g) => this.core.statusOf(g.id) === 'open');
  }

  /** Goals the world or the user reached by themselves are provided, not completed: the agent gets no credit for them. */
  creditWorld(cause: 'update' | 'user_action', detail: string): void {
    const apps = this.core.env.apps.snapshot();
    for (const g of this.all())
      if (this.core.statusOf(g.id) === 'open' && holds(g, apps))
        this.core.setStatus(g.id, 'provided', cause, detail);
  }

  /** The goal a proposal serves: one with a matching `accept` pattern that is not yet done (open or provided, and not reached). */
  servedBy(p: Proposal): IntentSpec | undefined {
    const apps = this.core.env.apps.snapshot();
    return this.core.scenario.intents.find((i) => {
      const status = this.core.statusOf(i.id);
      if (!i.accept || (status !== 'open' && status !== 'provided')) return false;
      if (i.done && holds(i, apps)) return false;
      return compilePattern(i.accept).test(p.summary);
    });
  }
}
