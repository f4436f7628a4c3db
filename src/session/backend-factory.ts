/** Builds the three backends of a session from their specs. */
import type { ResolvedConfig } from '../config/config.ts';
import type { LoadedPersona, LoadedScenario } from '../scenario/library.ts';
import { UserError } from '../scenario/diagnostics.ts';
import { ScriptAgent } from '../agent/script.ts';
import { HumanAgent } from '../agent/human.ts';
import { RulesUser } from '../user/rules.ts';
import { HumanUser } from '../user/human.ts';
import { RulesJudge } from '../judge/rules.ts';
import type { Backends } from './backends.ts';
import type { BackendSpec } from './backend-spec.ts';
import type { Role } from './events.ts';
import type { HumanPorts } from './input-queue.ts';

export interface BackendContext {
  scenario: LoadedScenario;
  persona: LoadedPersona | undefined;
  config: ResolvedConfig;
  /** Required when a role is `human`. */
  human?: HumanPorts;
}

export async function createBackends(specs: Record<Role, BackendSpec>, ctx: BackendContext): Promise<Backends> {
  // The model client (and the OpenAI SDK) loads only when some role needs it.
  const openai = Object.values(specs).some((s) => s.kind === 'openai') ? await import('../llm/backends.ts') : undefined;
  const needHuman = (): HumanPorts => {
    if (!ctx.human) throw new UserError('a human backend needs the interactive terminal (not available in headless run)');
    return ctx.human;
  };
  const agent = (() => {
    switch (specs.agent.kind) {
      case 'script':
        return new ScriptAgent(ctx.scenario, specs.agent.name);
      case 'human':
        return new HumanAgent(needHuman().agent);
      case 'openai':
        return openai!.createOpenAIAgent(ctx);
      default:
        throw new UserError(`agent backend ${specs.agent.kind} is not supported`);
    }
  })();
  const user = (() => {
    switch (specs.user.kind) {
      case 'rules':
        return new RulesUser();
      case 'human':
        return new HumanUser(needHuman().user);
      case 'openai':
        return openai!.createOpenAIUser(ctx);
      default:
        throw new UserError(`user backend ${specs.user.kind} is not supported`);
    }
  })();
  const judge = (() => {
    switch (specs.judge.kind) {
      case 'rules':
        return new RulesJudge();
      case 'openai':
        return openai!.createOpenAIJudge(ctx);
      default:
        throw new UserError(`judge backend ${specs.judge.kind} is not supported`);
    }
  })();
  return { agent, user, judge };
}
