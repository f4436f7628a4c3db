/**
 * Model configuration per role (agent, user, judge). Placeholder seam: the full resolution
 * (flags > INTENTPLAY_* env > OPENAI_* env > intentplay.config.yaml) lands with the
 * real-models issue. The key is never stored anywhere but here, in memory.
 */
import type { Role } from '../session/events.ts';

export interface RoleConfig {
  model?: string;
  baseUrl?: string;
  /** Name of the env variable the key came from (shown masked by `intentplay config`). */
  apiKeyVar?: string;
  apiKey?: string;
  temperature?: number;
  maxTokens?: number;
  timeoutMs: number;
  retries: number;
}

export interface ResolvedConfig {
  roles: Record<Role, RoleConfig>;
  /** USD per million tokens, by model. */
  prices: Record<string, { input: number; output: number }>;
  /** Where each setting came from, for `intentplay config`. */
  sources: Record<string, string>;
}

export interface ConfigFlags {
  agentModel?: string;
  userModel?: string;
  judgeModel?: string;
  baseUrl?: string;
  agentBaseUrl?: string;
  userBaseUrl?: string;
  judgeBaseUrl?: string;
  config?: string;
}

export function resolveConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env): ResolvedConfig {
  const role = (r: Role, model?: string, baseUrl?: string): RoleConfig => ({
    model: model ?? env[`INTENTPLAY_${r.toUpperCase()}_MODEL`],
    baseUrl: baseUrl ?? flags.baseUrl ?? env[`INTENTPLAY_${r.toUpperCase()}_BASE_URL`] ?? env.OPENAI_BASE_URL,
    apiKeyVar: env[`INTENTPLAY_${r.toUpperCase()}_API_KEY`] ? `INTENTPLAY_${r.toUpperCase()}_API_KEY` : env.OPENAI_API_KEY ? 'OPENAI_API_KEY' : undefined,
    apiKey: env[`INTENTPLAY_${r.toUpperCase()}_API_KEY`] ?? env.OPENAI_API_KEY,
    timeoutMs: 120_000,
    retries: 3,
  });
  return {
    roles: {
      agent: role('agent', flags.agentModel, flags.agentBaseUrl),
      user: role('user', flags.userModel, flags.userBaseUrl),
      judge: role('judge', flags.judgeModel, flags.judgeBaseUrl),
    },
    prices: {},
    sources: {},
  };
}

/** True when some role can reach a model (a key, or a base URL for keyless local servers). */
export function modelConfigured(config: ResolvedConfig, role: Role): boolean {
  const r = config.roles[role];
  return Boolean(r.apiKey || r.baseUrl);
}
