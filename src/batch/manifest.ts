/**
 * `run.json` in a results folder: what was run and with which options, so that
 * `run --resume DIR` continues the same batch without retyping it, and refuses to mix
 * in runs made with different backends, models, filters or shards.
 */
import { BLANK, scrub } from '../config/secrets.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';
import { MANIFEST_FILE, writeFileAtomic } from './results.ts';
import { derivedFromParadigms } from '../scenario/paradigms.ts';

export const MANIFEST_FORMAT = 'intentplay-results';

/** The command's own options that change what a run measures: a resumed run must keep them. */
export const FIXED_OPTIONS = [
  'agent',
  'user',
  'judge',
  'agentModel',
  'userModel',
  'judgeModel',
  'deps',
  'filter',
  'shard',
  'maxTurns',
  'library',
] as const;
/** Options a resumed run takes from the manifest unless given again, besides the fixed ones. */
const URL_AND_REPEAT = [
  'repeat',
  'baseUrl',
  'agentBaseUrl',
  'userBaseUrl',
  'judgeBaseUrl',
] as const;
/** An option's key in run.json: the command's own, or a paradigm's (`noise`). */
export type ResumedOption = string;

/** How the command line names an option's value: `--max-turns <n>` → `maxTurns`. */
function optionKey(flags: string): string {
  const long = /--([a-z][a-z0-9-]*)/.exec(flags)?.[1] ?? flags;
  return long.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const paradigmOptions = derivedFromParadigms((paradigms) =>
  paradigms.flatMap((p) => p.runOptions ?? []),
);

/** Options that change what a run measures: the command's, and the paradigms' that say so (`--noise`). */
export function fixedOptions(): readonly ResumedOption[] {
  const fixed = paradigmOptions().filter((o) => o.fixed);
  return [...FIXED_OPTIONS, ...fixed.map((o) => optionKey(o.flags))];
}

/** Options a resumed run takes from the manifest unless given again: the fixed ones, every paradigm's, the rest. */
export function resumedOptions(): readonly ResumedOption[] {
  const loose = paradigmOptions().filter((o) => !o.fixed);
  return [...fixedOptions(), ...loose.map((o) => optionKey(o.flags)), ...URL_AND_REPEAT];
}

export interface RunManifest {
  format: typeof MANIFEST_FORMAT;
  version: 1;
  /** Targets as run: file and folder paths made absolute, ids as typed. */
  targets: string[];
  options: Partial<Record<ResumedOption, unknown>>;
  started: string;
}

export function readManifest(dir: string): RunManifest | undefined {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) return undefined;
  let m: RunManifest;
  try {
    m = JSON.parse(readFileSync(file, 'utf8')) as RunManifest;
  } catch {
    throw new UserError(`${file}: not JSON`);
  }
  if (m?.format !== MANIFEST_FORMAT || !Array.isArray(m.targets))
    throw new UserError(`${file}: not an intentplay results manifest`);
  return m;
}

/** Written without secrets: a base URL's credentials become [secret] (resume then asks for the URL again). */
export function writeManifest(dir: string, manifest: RunManifest): void {
  writeFileAtomic(path.join(dir, MANIFEST_FILE), scrub(JSON.stringify(manifest, null, 2)) + '\n');
}

const URL_OPTIONS: readonly ResumedOption[] = [
  'baseUrl',
  'agentBaseUrl',
  'userBaseUrl',
  'judgeBaseUrl',
];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const flagName = (k: string) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** How an option of the manifest was given on the command line (`--max-turns 4`, `--no-deps`). */
function optionAsGiven(manifest: RunManifest, key: ResumedOption): string {
  if (key === 'deps') return manifest.options.deps === false ? '--no-deps' : 'dependencies';
  return `${flagName(key)} ${JSON.stringify(manifest.options[key] ?? '(unset)')}`;
}

/**
 * Options for a resumed run: what the command line gave, else what the manifest holds.
 * A given option that changes what is measured must match the manifest.
 */
export function resumeOptions(
  manifest: RunManifest,
  given: Partial<Record<ResumedOption, unknown>>,
  dir: string,
): Partial<Record<ResumedOption, unknown>> {
  for (const key of fixedOptions())
    if (key in given && !same(given[key], manifest.options[key]))
      throw new UserError(
        `${dir} was run with ${optionAsGiven(manifest, key)}; ` +
          'resume it with the same options, or start a new results folder',
      );
  const merged = { ...manifest.options, ...given };
  for (const key of URL_OPTIONS)
    if (typeof merged[key] === 'string' && merged[key].includes(BLANK))
      throw new UserError(
        `${dir}/run.json keeps ${flagName(key)} without its credentials (they are never written): give ${flagName(key)} again to resume`,
      );
  return merged;
}
