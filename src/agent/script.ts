/**
 * The `script[:NAME]` agent (docs/engine.md): plays a scenario's reference trajectory, one
 * entry per agent turn, running each entry's actions through the real tools. Offline and
 * deterministic; never presented as a model. Past the end it replies `(end of script)`.
 */
import type { LoadedScenario } from '../scenario/library.ts';
import type { ReferenceStep } from '../scenario/schema.ts';
import { UserError } from '../contracts/diagnostics.ts';
import type { AgentBackend, AgentTurnInput } from '../contracts/backends.ts';
import type { BackendInfo } from '../contracts/events.ts';

export const END_OF_SCRIPT = '(end of script)';

export class ScriptAgent implements AgentBackend {
  readonly info: BackendInfo;
  private readonly steps: readonly ReferenceStep[];

  constructor(scenario: LoadedScenario, name?: string) {
    const refs = scenario.references ?? {};
    const chosen = name ?? Object.keys(refs)[0];
    if (name && !refs[name]) {
      const known = Object.keys(refs);
      throw new UserError(
        `${scenario.id} has no reference trajectory \`${name}\`${known.length ? ` (it has: ${known.join(', ')})` : ' (it has none)'}`,
      );
    }
    this.steps = chosen ? (refs[chosen] ?? []) : [];
    this.info = { kind: 'script', ...(chosen ? { name: chosen } : {}) };
  }

  async runTurn({ turn, callTool, turnOver }: AgentTurnInput): Promise<{ reply: string }> {
    // By turn, not by calls made: a fork's script agent that takes over at turn N plays entry N.
    const step = this.steps[turn - 1];
    if (!step) return { reply: END_OF_SCRIPT };
    for (const action of step.actions ?? []) {
      if (turnOver()) break;
      await callTool(action.tool, action.args ?? {});
    }
    return { reply: step.say };
  }
}
