/**
 * The `openai` backends for the three roles. Placeholder seam: the real implementations
 * land with the real-models issue.
 */
import { UserError } from '../scenario/diagnostics.ts';
import type { AgentBackend, JudgeBackend, UserBackend } from '../session/backends.ts';
import type { BackendContext } from '../session/backend-factory.ts';

function notYet(role: string): never {
  throw new UserError(`the openai ${role} backend is not available in this build`);
}
export function createOpenAIAgent(_ctx: BackendContext): AgentBackend {
  return notYet('agent');
}
export function createOpenAIUser(_ctx: BackendContext): UserBackend {
  return notYet('user');
}
export function createOpenAIJudge(_ctx: BackendContext): JudgeBackend {
  return notYet('judge');
}
