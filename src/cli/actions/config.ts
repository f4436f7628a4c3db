/** What `intentplay config` does: the resolved model setup per role, where each value came from, keys masked. */
import chalk from 'chalk';
import {
  DEFAULT_BASE_URL,
  displayUrl,
  maskKey,
  resolveConfig,
  ROLES,
  type ConfigFlags,
  type ResolvedConfig,
} from '../../config/config.ts';
import { CONFIG_FILE_NAME } from '../../config/file.ts';
import type { Role } from '../../contracts/events.ts';
import { defaultBackend } from '../../session/setup.ts';
import { cleanStrings } from '../../text/text.ts';

export interface ConfigCommandFlags extends ConfigFlags {
  json?: boolean;
}

export function showConfig(flags: ConfigCommandFlags): void {
  const config = resolveConfig(flags);
  process.stdout.write(
    flags.json ? JSON.stringify(configView(config), null, 2) + '\n' : renderConfig(config),
  );
}

interface SettingView {
  value: string | number | null;
  source: string;
}

/** Everything `config` shows, as plain data: the key only ever as its mask. */
export function configView(config: ResolvedConfig) {
  const roles = Object.fromEntries(
    ROLES.map((role) => {
      const r = config.roles[role];
      const src = (name: string) => config.sources[`${role}.${name}`] ?? 'default';
      const view: Record<string, SettingView | string> = {
        backend: defaultBackend(config, role),
        model: { value: r.model ?? null, source: src('model') },
        baseUrl: { value: displayUrl(r.baseUrl), source: r.baseUrl ? src('baseUrl') : 'default' },
        apiKey: {
          value: r.apiKey ? maskKey(r.apiKey) : null,
          source: keySource(r.apiKeyVar, src('apiKey')),
        },
        temperature: { value: r.temperature ?? null, source: src('temperature') },
        maxTokens: { value: r.maxTokens ?? null, source: src('maxTokens') },
        timeoutSeconds: { value: r.timeoutMs / 1000, source: src('timeout') },
        retries: { value: r.retries, source: src('retries') },
        retryDelayMs: { value: r.retryDelayMs, source: src('retryDelayMs') },
      };
      return [role, view];
    }),
  ) as Record<Role, Record<string, SettingView | string>>;
  return { file: config.file ?? null, roles, prices: config.prices, warnings: config.warnings };
}

const LABELS: [key: string, label: string][] = [
  ['model', 'model'],
  ['baseUrl', 'endpoint'],
  ['apiKey', 'API key'],
  ['temperature', 'temperature'],
  ['maxTokens', 'max tokens'],
  ['timeoutSeconds', 'timeout (s)'],
  ['retries', 'retries'],
  ['retryDelayMs', 'retry delay (ms)'],
];

export function renderConfig(config: ResolvedConfig): string {
  // Values come from a config file and the environment: no control sequence reaches the terminal.
  const view = cleanStrings(configView(config));
  const out: string[] = [
    view.file
      ? `config file: ${view.file}`
      : chalk.dim(`config file: none (no ./${CONFIG_FILE_NAME}; --config FILE names one)`),
    '',
  ];
  for (const role of ROLES) {
    const r = view.roles[role];
    const backend = r.backend as string;
    out.push(
      `${chalk.bold(role)}  ${backend === 'openai' ? chalk.green('openai') : chalk.yellow(`${backend} (offline default: no key or base URL)`)}`,
    );
    for (const [key, label] of LABELS) {
      const s = r[key] as SettingView;
      const missing = key === 'model' && backend === 'openai' && s.value === null;
      let value = s.value === null ? chalk.dim('–') : String(s.value);
      if (missing) value = chalk.red(`missing: --${role}-model`);
      out.push(`  ${label.padEnd(17)} ${pad(value, 34)} ${chalk.dim(s.source)}`);
    }
    out.push('');
  }
  const prices = Object.entries(view.prices);
  out.push(
    prices.length
      ? 'prices (USD per million tokens, input / output):'
      : chalk.dim('prices: none (cost is not computed; add `prices:` to the config file)'),
  );
  for (const [model, p] of prices) out.push(`  ${model.padEnd(28)} ${p.input} / ${p.output}`);
  for (const w of view.warnings) out.push(chalk.yellow(`warning: ${w}`));
  if (ROLES.every((role) => view.roles[role].backend !== 'openai'))
    out.push(
      '',
      `No model configured: sessions run offline (script agent, rules user, rules judge). Set $OPENAI_API_KEY or --base-url (default endpoint ${DEFAULT_BASE_URL}).`,
    );
  return out.join('\n') + '\n';
}

function keySource(keyVar: string | undefined, source: string): string {
  if (!keyVar) return 'not set';
  // An env source already is the variable; a file source named it.
  return source.startsWith('$') ? source : `$${keyVar}, named by ${source}`;
}

/** Pads by visible width (values may carry colour codes). */
function pad(text: string, width: number): string {
  // eslint-disable-next-line no-control-regex
  const visible = text.replace(/\x1b\[[0-9;]*m/g, '').length;
  return text + ' '.repeat(Math.max(1, width - visible));
}
