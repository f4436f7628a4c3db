/** Options every session mode shares (DESIGN §5), and turning them into a session setup. */
import type { Command } from 'commander';
import { modelConfigured, resolveConfig, type ResolvedConfig } from '../config/config.ts';
import { parseBackendSpec, type BackendSpec } from '../session/backend-spec.ts';
import type { Role } from '../session/events.ts';

export interface SessionFlags {
  agent?: string;
  user?: string;
  judge?: string;
  agentModel?: string;
  userModel?: string;
  judgeModel?: string;
  baseUrl?: string;
  agentBaseUrl?: string;
  userBaseUrl?: string;
  judgeBaseUrl?: string;
  config?: string;
  library?: string;
  maxTurns?: number;
  workspace?: string;
}

export function addSessionOptions(cmd: Command): Command {
  return cmd
    .option('--agent <backend>', 'agent backend: openai | script[:NAME] | human')
    .option('--user <backend>', 'user backend: openai | rules | human')
    .option('--judge <backend>', 'judge backend: openai | rules')
    .option('--agent-model <model>', 'model for the agent')
    .option('--user-model <model>', 'model for the user simulator')
    .option('--judge-model <model>', 'model for the judge')
    .option('--base-url <url>', 'OpenAI-compatible endpoint for every role (default: $OPENAI_BASE_URL)')
    .option('--agent-base-url <url>', 'endpoint for the agent')
    .option('--user-base-url <url>', 'endpoint for the user simulator')
    .option('--judge-base-url <url>', 'endpoint for the judge')
    .option('--config <file>', 'config file (default: ./intentplay.config.yaml)')
    .option('--library <dir>', 'library to resolve scenario ids, personas and dependencies in')
    .option('--max-turns <n>', 'override every scenario\'s max_turns', positiveInt)
    .option('--workspace <dir>', 'keep the workspace in DIR instead of a temporary folder');
}

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`expected a positive whole number, got ${JSON.stringify(value)}`);
  return n;
}

export interface SessionSetup {
  specs: Record<Role, BackendSpec>;
  config: ResolvedConfig;
  /** One line for the user when no model is configured and everything runs offline. */
  offlineNotice?: string;
}

const OFFLINE_DEFAULT: Record<Role, string> = { agent: 'script', user: 'rules', judge: 'rules' };

export function sessionSetup(flags: SessionFlags): SessionSetup {
  const config = resolveConfig(flags);
  const roles: Role[] = ['agent', 'user', 'judge'];
  const specs = Object.fromEntries(
    roles.map((role) => [role, parseBackendSpec(role, flags[role] ?? (modelConfigured(config, role) ? 'openai' : OFFLINE_DEFAULT[role]))]),
  ) as Record<Role, BackendSpec>;
  const anyModel = roles.some((r) => modelConfigured(config, r));
  return {
    specs,
    config,
    ...(anyModel ? {} : { offlineNotice: 'No model configured (set OPENAI_API_KEY or --base-url): running offline with the script agent, rules user and rules judge.' }),
  };
}
