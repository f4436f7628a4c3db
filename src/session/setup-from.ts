/**
 * Session flags (shared by every session command) turned into backends, given a resolved model
 * configuration (setup.ts resolves one first; the home screen resolves its own without the
 * config file's parser when there is no file).
 */
import {
  modelConfigured,
  requireModelRole,
  type ConfigFlags,
  type ResolvedConfig,
} from '../config/resolve.ts';
import { UserError } from '../contracts/diagnostics.ts';
import { parseBackendSpec, type BackendSpec } from './backend-spec.ts';
import type { Role } from '../contracts/events.ts';

/** The model settings (ConfigFlags) plus the backends and what every session command takes. */
export interface SessionFlags extends ConfigFlags {
  agent?: string;
  user?: string;
  judge?: string;
  library?: string;
  maxTurns?: number;
  workspace?: string;
  /** acp agents: seconds one prompt may take. */
  agentTimeout?: number;
  /** acp agents: one tool list for the whole session. */
  oneToolList?: boolean;
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

/** The backends the flags name (or the defaults), checked against the resolved configuration. */
export function setupFrom(flags: SessionFlags, config: ResolvedConfig): SessionSetup {
  const roles: Role[] = ['agent', 'user', 'judge'];
  const specs = Object.fromEntries(
    roles.map((role) => [
      role,
      parseBackendSpec(role, flags[role] ?? defaultBackend(config, role)),
    ]),
  ) as Record<Role, BackendSpec>;
  if (flags.agentTimeout !== undefined) {
    if (specs.agent.kind !== 'acp')
      throw new UserError("--agent-timeout is for acp agents (--agent acp:'COMMAND')");
    specs.agent.timeoutMs = flags.agentTimeout * 1000;
  }
  if (flags.oneToolList) {
    if (specs.agent.kind !== 'acp')
      throw new UserError("--one-tool-list is for acp agents (--agent acp:'COMMAND')");
    specs.agent.oneToolList = true;
  }
  // Fail before any session starts when a model role lacks its model name or key.
  for (const role of roles) if (specs[role].kind === 'openai') requireModelRole(config, role);
  const anyModel = roles.some((r) => modelConfigured(config, r));
  return {
    specs,
    config,
    ...(anyModel
      ? {}
      : {
          offlineNotice: offlineNoticeFor(specs),
        }),
  };
}

/**
 * The offline line, naming what plays each role: `specs` as the session runs them, so a person's
 * seat (`human`) is said as theirs rather than as the placeholder the flags held for it.
 */
export function offlineNoticeFor(specs: Record<Role, BackendSpec>): string {
  const roles: Role[] = ['agent', 'user', 'judge'];
  const played = roles.filter((r) => specs[r].kind !== 'human').map((r) => `${specs[r].kind} ${r}`);
  const person = roles.find((r) => specs[r].kind === 'human');
  const list =
    played.length > 1 ? `${played.slice(0, -1).join(', ')} and ${played.at(-1)}` : played.join('');
  const head = 'No model configured (set OPENAI_API_KEY or --base-url): running offline with the';
  return `${head} ${list}${person ? `; you play the ${person}` : ''}.`;
}
