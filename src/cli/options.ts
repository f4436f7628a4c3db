/** Options every session mode shares (docs/reports.md), and turning them into a session setup. */
import type { Command } from 'commander';
import { modelConfigured, requireModelRole, resolveConfig, type ResolvedConfig } from '../config/config.ts';
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

/** Model settings per role (the key never comes from a flag: it would land in shell history). */
export function addModelOptions(cmd: Command): Command {
  return cmd
    .option('--agent-model <model>', 'model for the agent')
    .option('--user-model <model>', 'model for the user simulator')
    .option('--judge-model <model>', 'model for the judge')
    .option('--base-url <url>', 'OpenAI-compatible endpoint for every role (default: $OPENAI_BASE_URL)')
    .option('--agent-base-url <url>', 'endpoint for the agent')
    .option('--user-base-url <url>', 'endpoint for the user simulator')
    .option('--judge-base-url <url>', 'endpoint for the judge')
    .option('--config <file>', 'config file (default: ./intentplay.config.yaml)');
}

export function addSessionOptions(cmd: Command): Command {
  return addModelOptions(
    cmd
      .option('--agent <backend>', 'agent backend: openai | script[:NAME] | human')
      .option('--user <backend>', 'user backend: openai | rules | human')
      .option('--judge <backend>', 'judge backend: openai | rules'),
  )
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

/** The backend a role gets when no flag names one: openai once a model is reachable, else offline. */
export function defaultBackend(config: ResolvedConfig, role: Role): string {
  return modelConfigured(config, role) ? 'openai' : OFFLINE_DEFAULT[role];
}

export function sessionSetup(flags: SessionFlags): SessionSetup {
  const config = resolveConfig(flags);
  const roles: Role[] = ['agent', 'user', 'judge'];
  const specs = Object.fromEntries(roles.map((role) => [role, parseBackendSpec(role, flags[role] ?? defaultBackend(config, role))])) as Record<Role, BackendSpec>;
  // Fail before any session starts when a model role lacks its model name or key.
  for (const role of roles) if (specs[role].kind === 'openai') requireModelRole(config, role);
  const anyModel = roles.some((r) => modelConfigured(config, r));
  return {
    specs,
    config,
    ...(anyModel ? {} : { offlineNotice: 'No model configured (set OPENAI_API_KEY or --base-url): running offline with the script agent, rules user and rules judge.' }),
  };
}
