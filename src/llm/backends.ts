/**
 * The `openai` backends for the three roles (docs/engine.md), each on its own client built
 * from the role's resolved configuration.
 */
import type { AgentBackend, JudgeBackend, UserBackend } from '../contracts/backends.ts';
import type { BackendContext } from '../session/backend-factory.ts';
import { OpenAIAgent } from './agent.ts';
import { RoleClient } from './client.ts';
import { OpenAIJudge } from './judge.ts';
import { OpenAIUser } from './user.ts';

export function createOpenAIAgent(ctx: BackendContext): AgentBackend {
  return new OpenAIAgent(new RoleClient('agent', ctx.config));
}
export function createOpenAIUser(ctx: BackendContext): UserBackend {
  return new OpenAIUser(new RoleClient('user', ctx.config));
}
export function createOpenAIJudge(ctx: BackendContext): JudgeBackend {
  return new OpenAIJudge(new RoleClient('judge', ctx.config));
}
