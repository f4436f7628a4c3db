/**
 * Builds the three backends of a session from their specs: one constructor per kind of
 * src/session/backend-kinds.ts. It imports every backend, so it sits at the composition root
 * (installed by index.ts); the engine and run groups ask for backends through
 * src/session/backend-maker.ts and know none of them.
 */
import { UserError } from '../contracts/diagnostics.ts';
import { ScriptAgent } from '../agent/script.ts';
import { HumanAgent } from '../agent/human.ts';
import { RulesUser } from '../user/rules.ts';
import { HumanUser } from '../user/human.ts';
import { RulesJudge } from '../judge/rules.ts';
import type { AgentBackend, Backends, JudgeBackend, UserBackend } from '../contracts/backends.ts';
import type { BackendKind } from '../session/backend-kinds.ts';
import type { BackendSpec } from '../session/backend-spec.ts';
import type { BackendContext } from '../session/backend-maker.ts';
import type { HumanPorts } from '../session/input-queue.ts';
import type { Role } from '../contracts/events.ts';

type AnyBackend = AgentBackend | UserBackend | JudgeBackend;
/** Builds the backend of a kind for a role the spec parser has allowed it. */
type Maker = (
  role: Role,
  spec: BackendSpec,
  ctx: BackendContext,
) => AnyBackend | Promise<AnyBackend>;

function needHuman(ctx: BackendContext): HumanPorts {
  if (!ctx.human)
    throw new UserError(
      'a human backend needs the interactive terminal (not available in headless run)',
    );
  return ctx.human;
}

// Model and protocol code (the OpenAI and ACP SDKs) loads only when a role needs it.
const MAKERS: Record<BackendKind, Maker> = {
  script: (_role, spec, ctx) => new ScriptAgent(ctx.scenario, spec.name),
  human: (role, _spec, ctx) =>
    role === 'agent' ? new HumanAgent(needHuman(ctx).agent) : new HumanUser(needHuman(ctx).user),
  rules: (role) => (role === 'user' ? new RulesUser() : new RulesJudge()),
  // Each role's model backend lives with the role's other backends, on a client of the role's configuration.
  openai: async (role, _spec, ctx) => {
    const client = new (await import('../llm/client.ts')).RoleClient(role, ctx.config);
    if (role === 'agent') return new (await import('../agent/openai.ts')).OpenAIAgent(client);
    if (role === 'user') return new (await import('../user/openai.ts')).OpenAIUser(client);
    return new (await import('../judge/openai.ts')).OpenAIJudge(client);
  },
  acp: async (_role, spec, ctx) => {
    const { AcpAgent } = await import('../agent/acp/agent.ts');
    return new AcpAgent({
      command: spec.name!,
      ...(spec.timeoutMs ? { timeoutMs: spec.timeoutMs } : {}),
      ...(spec.oneToolList ? { oneToolList: true } : {}),
      ...(ctx.permissions ? { permissions: ctx.permissions } : {}),
      ...(ctx.logFile ? { logFile: ctx.logFile } : {}),
    });
  },
};

export async function makeBackends(
  specs: Record<Role, BackendSpec>,
  ctx: BackendContext,
): Promise<Backends> {
  const make = (role: Role) => MAKERS[specs[role].kind](role, specs[role], ctx);
  return {
    agent: (await make('agent')) as AgentBackend,
    user: (await make('user')) as UserBackend,
    judge: (await make('judge')) as JudgeBackend,
  };
}
