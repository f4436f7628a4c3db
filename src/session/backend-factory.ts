/** Builds the three backends of a session from their specs. */
import type { ResolvedConfig } from '../config/config.ts';
import type { LoadedPersona, LoadedScenario } from '../scenario/library.ts';
import { UserError } from '../scenario/diagnostics.ts';
import { ScriptAgent } from '../agent/script.ts';
import { HumanAgent } from '../agent/human.ts';
import { RulesUser } from '../user/rules.ts';
import { HumanUser } from '../user/human.ts';
import { RulesJudge } from '../judge/rules.ts';
import { createOpenAIAgent, createOpenAIJudge, createOpenAIUser } from '../llm/backends.ts';
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

export function createBackends(specs: Record<Role, BackendSpec>, ctx: BackendContext): Backends {
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
        return createOpenAIAgent(ctx);
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
        return createOpenAIUser(ctx);
      default:
        throw new UserError(`user backend ${specs.user.kind} is not supported`);
    }
  })();
  const judge = (() => {
    switch (specs.judge.kind) {
      case 'rules':
        return new RulesJudge();
      case 'openai':
        return createOpenAIJudge(ctx);
      default:
        throw new UserError(`judge backend ${specs.judge.kind} is not supported`);
    }
  })();
  return { agent, user, judge };
}
