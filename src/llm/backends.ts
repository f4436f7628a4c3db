/**
 * The `openai` backends for the three roles (DESIGN §1), each on its own client built
 * from the role's resolved configuration.
 */
import type { AgentBackend, JudgeBackend, UserBackend } from '../session/backends.ts';
import type { BackendContext } from '../session/backend-factory.ts';
import { OpenAIAgent } from './agent.ts';
import { RoleClient, type LLMOptions } from './client.ts';
import { OpenAIJudge } from './judge.ts';
import { OpenAIUser } from './user.ts';

export function createOpenAIAgent(ctx: BackendContext, opts?: LLMOptions): AgentBackend {
  return new OpenAIAgent(new RoleClient('agent', ctx.config, opts));
}
export function createOpenAIUser(ctx: BackendContext, opts?: LLMOptions): UserBackend {
  return new OpenAIUser(new RoleClient('user', ctx.config, opts));
}
export function createOpenAIJudge(ctx: BackendContext, opts?: LLMOptions): JudgeBackend {
  return new OpenAIJudge(new RoleClient('judge', ctx.config, opts));
}
