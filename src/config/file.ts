/**
 * The config file (`intentplay.config.yaml`): model settings shared by every role at the
 * top level, overridden per role under `agent:`, `user:` and `judge:`, and a price table.
 * Keys are never stored here: a file names the environment variable that holds one.
 */
import { z } from 'zod';
import { sortDiagnostics, UserError, type Diagnostic } from '../contracts/diagnostics.ts';
import { isHttpUrl } from './names.ts';
import { locate, parseYamlFile, type ParsedYaml } from '../scenario/yaml-file.ts';
import { editDistance, validateWith } from '../scenario/yaml-validate.ts';

export { CONFIG_FILE_NAME } from './names.ts';

const HttpUrl = z
  .string()
  .min(1)
  .refine((v) => isHttpUrl(v), 'expected an http(s) URL, e.g. http://localhost:8000/v1');

const RoleSettingsShape = {
  model: z.string().min(1).optional(),
  base_url: HttpUrl.optional().meta({
    description: 'OpenAI-compatible endpoint, usually ending in /v1',
  }),
  api_key_env: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected the name of an environment variable')
    .optional()
    .meta({
      description: 'name of the environment variable that holds the key (never the key itself)',
    }),
  temperature: z.number().min(0).max(2).optional(),
  max_tokens: z.number().int().positive().optional(),
  timeout: z
    .number()
    .positive()
    .optional()
    .meta({ description: 'seconds per request; for a stream, seconds without data' }),
  retries: z
    .number()
    .int()
    .min(0)
    .max(10)
    .optional()
    .meta({ description: 'retries on 429, 5xx, timeouts and broken connections' }),
  retry_delay_ms: z
    .number()
    .int()
    .min(0)
    .optional()
    .meta({ description: 'first backoff delay; doubles per retry (Retry-After wins)' }),
};

export const RoleSettingsSchema = z.strictObject(RoleSettingsShape);
export type RoleSettings = z.infer<typeof RoleSettingsSchema>;

export const PriceSchema = z.strictObject({
  input: z.number().min(0).meta({ description: 'USD per million input tokens' }),
  output: z.number().min(0).meta({ description: 'USD per million output tokens' }),
});

export const ConfigFileSchema = z
  .strictObject({
    ...RoleSettingsShape,
    agent: RoleSettingsSchema.optional(),
    user: RoleSettingsSchema.optional(),
    judge: RoleSettingsSchema.optional(),
    prices: z
      .record(z.string().min(1), PriceSchema)
      .optional()
      .meta({ description: 'by model name' }),
    acp_agents: z
      .record(
        z.string().regex(/^[\w.-]+$/, 'a short name: letters, digits, _ . -'),
        z.string().min(1),
      )
      .optional()
      .meta({
        description:
          "your own agents over ACP, by name: the command line each runs (the home screen offers them; --agent acp:'COMMAND' runs one)",
      }),
  })
  .meta({ id: 'Config', title: 'intentplay model configuration' });
export type ConfigFile = z.infer<typeof ConfigFileSchema>;

/** Loads and validates a config file; every problem is a located diagnostic in one UserError. */
export function loadConfigFile(file: string): ConfigFile {
  const { parsed, diagnostics } = parseYamlFile(file);
  if (!parsed) throw new UserError(`${file}: cannot load the config file`, diagnostics);
  if (parsed.value === null || parsed.value === undefined) return {};
  const keyProblems = literalKeys(parsed);
  const { value, diagnostics: issues } = validateWith(parsed, ConfigFileSchema, 'config');
  const all = [
    ...keyProblems,
    ...issues.filter((d) => !d.message.startsWith('unknown key `api_key`')).map(suggestConfigKey),
  ];
  if (all.length || !value)
    throw new UserError(`${file}: invalid config file`, sortDiagnostics(all));
  return value;
}

const CONFIG_KEYS = [...Object.keys(ConfigFileSchema.shape)];

/** The shared loader suggests scenario keys; a config file's typos deserve config keys. */
function suggestConfigKey(d: Diagnostic): Diagnostic {
  const m = /^(unknown key `([^`]+)` in [^(]+?)(?: \(did you mean `[^`]+`\?\))?$/.exec(d.message);
  if (!m) return d;
  const close = CONFIG_KEYS.find((k) => editDistance(k, m[2]!) <= 2);
  return { ...d, message: `${m[1]}${close ? ` (did you mean \`${close}\`?)` : ''}` };
}

/** A literal key in a file would end up in git and backups: point to api_key_env instead. */
function literalKeys(parsed: ParsedYaml): Diagnostic[] {
  const out: Diagnostic[] = [];
  const root = parsed.value as Record<string, unknown>;
  const scopes: string[][] = [[], ['agent'], ['user'], ['judge']];
  for (const scope of scopes) {
    const obj = scope.length ? root?.[scope[0]!] : root;
    if (obj && typeof obj === 'object' && 'api_key' in obj)
      out.push({
        severity: 'error',
        file: parsed.file,
        ...locate(parsed, scope, 'api_key'),
        message:
          'API keys do not belong in the config file: put the key in an environment variable and name it with `api_key_env`',
      });
  }
  return out;
}
