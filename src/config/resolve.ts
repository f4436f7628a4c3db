/**
 * Model configuration per role (agent, user, judge), resolved without loading the config
 * file's parser: config.ts adds the synchronous resolveConfig, which does. Each setting comes from the first
 * source that has it: flags > INTENTPLAY_<ROLE>_* env > OPENAI_* env > the config file's
 * role section > the config file's top level > built-in defaults. The key is only ever
 * held here, in memory; what is shown or recorded is its variable's name or a mask.
 */
import { registerModelKey, urlSecrets } from './secrets.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';
import type { Role } from '../contracts/events.ts';
import type { ConfigFile, RoleSettings } from './file.ts';
import { CONFIG_FILE_NAME, isHttpUrl } from './names.ts';

export const ROLES: readonly Role[] = ['agent', 'user', 'judge'];
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULTS = { timeoutMs: 120_000, retries: 3, retryDelayMs: 500 } as const;

export interface RoleConfig {
  model?: string;
  /** Unset means OpenAI's own endpoint (DEFAULT_BASE_URL). */
  baseUrl?: string;
  /** Name of the env variable the key came from (shown by `intentplay config`, never the key). */
  apiKeyVar?: string;
  apiKey?: string;
  temperature?: number;
  maxTokens?: number;
  timeoutMs: number;
  retries: number;
  /** First backoff delay; doubles per retry unless the server sends Retry-After. */
  retryDelayMs: number;
}

export type Price = { input: number; output: number };

export interface ResolvedConfig {
  roles: Record<Role, RoleConfig>;
  /** USD per million tokens, by model. */
  prices: Record<string, Price>;
  /** Where each setting came from, keyed `<role>.<setting>` (e.g. `agent.model`), for `intentplay config`. */
  sources: Record<string, string>;
  /** The config file that was read, if any. */
  file?: string;
  /** acp agents the config file names: name → command line. */
  acpAgents: Record<string, string>;
  /** Things a user should know (e.g. a named key variable that is not set). */
  warnings: string[];
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

type Candidate<T> = [value: T | undefined, source: string];

/** The first candidate that has a value, with its source. */
function pick<T>(...candidates: Candidate<T>[]): { value?: T; source: string } {
  for (const [value, source] of candidates)
    if (value !== undefined && value !== '') return { value, source };
  return { source: 'default' };
}

export function findConfigFile(flags: ConfigFlags, cwd: string): string | undefined {
  if (flags.config) {
    const file = path.resolve(cwd, flags.config);
    if (!existsSync(file)) throw new UserError(`--config ${flags.config}: no such file`);
    return file;
  }
  const local = path.join(cwd, CONFIG_FILE_NAME);
  return existsSync(local) ? local : undefined;
}

/** Reads the config file (when there is one) and resolves every role's settings. */
export async function resolveConfigOnDemand(
  flags: ConfigFlags = {},
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): Promise<ResolvedConfig> {
  const file = findConfigFile(flags, cwd);
  // The file's parser and schema load only when there is a file to read.
  const data: ConfigFile = file ? (await import('./file.ts')).loadConfigFile(file) : {};
  return resolveFrom(flags, env, cwd, file, data);
}

/** Resolves every role's settings from the flags, the environment and the config file's contents. */
export function resolveFrom(
  flags: ConfigFlags,
  env: NodeJS.ProcessEnv,
  cwd: string,
  file: string | undefined,
  data: ConfigFile,
): ResolvedConfig {
  const relative = file ? path.relative(cwd, file) : '';
  // Inside the working folder the file is named relative to it, elsewhere by its own path.
  const fileLabel = relative && !relative.startsWith('..') ? relative : (file ?? '');
  const sources: Record<string, string> = {};
  const warnings: string[] = [];
  const nonEmpty = (name: string) => (env[name] ? env[name] : undefined);

  const resolveRole = (role: Role): RoleConfig => {
    const R = role.toUpperCase();
    const section: RoleSettings = data[role] ?? {};
    const fromFile = <K extends keyof RoleSettings>(key: K): Candidate<RoleSettings[K]>[] => [
      [section[key], `${fileLabel} ${role}.${key}`],
      [data[key], `${fileLabel} ${key}`],
    ];
    const set = <T>(name: string, chosen: { value?: T; source: string }): T | undefined => {
      sources[`${role}.${name}`] = chosen.source;
      return chosen.value;
    };
    const roleFlag = flags[`${role}Model` as const];
    const roleUrlFlag = flags[`${role}BaseUrl` as const];
    const model = set(
      'model',
      pick<string>(
        [roleFlag, `--${role}-model`],
        [nonEmpty(`INTENTPLAY_${R}_MODEL`), `$INTENTPLAY_${R}_MODEL`],
        ...fromFile('model'),
      ),
    );
    const baseUrl = set(
      'baseUrl',
      pick<string>(
        [roleUrlFlag, `--${role}-base-url`],
        [flags.baseUrl, '--base-url'],
        [nonEmpty(`INTENTPLAY_${R}_BASE_URL`), `$INTENTPLAY_${R}_BASE_URL`],
        [nonEmpty('OPENAI_BASE_URL'), '$OPENAI_BASE_URL'],
        ...fromFile('base_url'),
      ),
    );
    if (baseUrl !== undefined && !isHttpUrl(baseUrl))
      throw new UserError(
        `${sources[`${role}.baseUrl`]}: ${JSON.stringify(displayUrl(baseUrl))} is not an http(s) URL (e.g. http://localhost:8000/v1)`,
      );
    if (baseUrl !== undefined && hasUserInfo(baseUrl))
      throw new UserError(
        `${sources[`${role}.baseUrl`]}: ${displayUrl(baseUrl)} carries a user and password, which HTTP clients refuse to send from a URL; give the credential as the API key ($OPENAI_API_KEY or $INTENTPLAY_${R}_API_KEY) instead`,
      );
    const keyVar = pick<string>(
      [
        nonEmpty(`INTENTPLAY_${R}_API_KEY`) && `INTENTPLAY_${R}_API_KEY`,
        `$INTENTPLAY_${R}_API_KEY`,
      ],
      [nonEmpty('OPENAI_API_KEY') && 'OPENAI_API_KEY', '$OPENAI_API_KEY'],
      ...fromFile('api_key_env'),
    );
    sources[`${role}.apiKey`] = keyVar.source;
    if (keyVar.value && !nonEmpty(keyVar.value))
      warnings.push(
        `${keyVar.source} names $${keyVar.value}, which is not set: the ${role} has no API key`,
      );
    const apiKey = keyVar.value ? nonEmpty(keyVar.value) : undefined;
    // From here on no output may carry these, whole or in part.
    registerModelKey(apiKey);
    for (const s of urlSecrets(baseUrl, (k) => SECRET_PARAM.test(k))) registerModelKey(s);
    const temperature = set('temperature', pick(...fromFile('temperature')));
    const maxTokens = set('maxTokens', pick(...fromFile('max_tokens')));
    const timeout = set('timeout', pick(...fromFile('timeout')));
    const retries = set('retries', pick(...fromFile('retries')));
    const retryDelayMs = set('retryDelayMs', pick(...fromFile('retry_delay_ms')));
    return {
      ...(model !== undefined ? { model } : {}),
      ...(baseUrl !== undefined ? { baseUrl } : {}),
      ...(keyVar.value && apiKey ? { apiKeyVar: keyVar.value, apiKey } : {}),
      ...(temperature !== undefined ? { temperature } : {}),
      ...(maxTokens !== undefined ? { maxTokens } : {}),
      timeoutMs: timeout !== undefined ? Math.round(timeout * 1000) : DEFAULTS.timeoutMs,
      retries: retries ?? DEFAULTS.retries,
      retryDelayMs: retryDelayMs ?? DEFAULTS.retryDelayMs,
    };
  };

  return {
    roles: { agent: resolveRole('agent'), user: resolveRole('user'), judge: resolveRole('judge') },
    prices: { ...(data.prices ?? {}) },
    acpAgents: { ...(data.acp_agents ?? {}) },
    sources,
    ...(file ? { file } : {}),
    warnings,
  };
}

/** True when some role can reach a model (a key, or a base URL for keyless local servers). */
export function modelConfigured(config: ResolvedConfig, role: Role): boolean {
  const r = config.roles[role];
  return Boolean(r.apiKey || r.baseUrl);
}

export type ReadyRoleConfig = RoleConfig & { model: string };

/** The role's settings when it runs on a model; a UserError naming the role says what is missing. */
export function requireModelRole(config: ResolvedConfig, role: Role): ReadyRoleConfig {
  const r = config.roles[role];
  const R = role.toUpperCase();
  if (!r.model)
    throw new UserError(
      `the ${role} runs on a model (openai) but no model name is set: use --${role}-model, $INTENTPLAY_${R}_MODEL, or \`${role}: { model: ... }\` in ${CONFIG_FILE_NAME}`,
    );
  if (!modelConfigured(config, role))
    throw new UserError(
      `the ${role} runs on a model (openai) but has no API key: set $OPENAI_API_KEY or $INTENTPLAY_${R}_API_KEY, or point --${role}-base-url at a local OpenAI-compatible server`,
    );
  return { ...r, model: r.model };
}

/** `sk-…abcd`: enough to tell two keys apart, never enough to use one. */
export function maskKey(key: string): string {
  if (key.length < 12) return `… (${key.length} characters)`;
  return `${key.slice(0, 3)}…${key.slice(-4)}`;
}

/** A base URL fit to show or record: credentials in it are dropped. */
/** Query parameters that carry credentials (`?api-key=…`, `?token=…`): shown as `***`. */
const SECRET_PARAM = /key|token|secret|password|passwd|sig|auth|credential/i;

function hasUserInfo(url: string): boolean {
  try {
    const u = new URL(url);
    return Boolean(u.username || u.password);
  } catch {
    return false;
  }
}

export function displayUrl(url: string | undefined): string {
  const raw = url ?? DEFAULT_BASE_URL;
  try {
    const u = new URL(raw);
    const secretParams = [...u.searchParams.keys()].filter((k) => SECRET_PARAM.test(k));
    if (!u.username && !u.password && !secretParams.length) return raw;
    u.username = '';
    u.password = '';
    for (const k of secretParams) u.searchParams.set(k, '***');
    return u.toString();
  } catch {
    return raw;
  }
}
