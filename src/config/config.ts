/**
 * Model configuration per role: what resolve.ts resolves, with the config file read at once.
 * Each setting comes from the first source that has it: flags > INTENTPLAY_<ROLE>_* env >
 * OPENAI_* env > the config file's role section > its top level > built-in defaults.
 */
import { loadConfigFile } from './file.ts';
import { findConfigFile, resolveFrom, type ConfigFlags, type ResolvedConfig } from './resolve.ts';

export * from './resolve.ts';

export function resolveConfig(
  flags: ConfigFlags = {},
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): ResolvedConfig {
  const file = findConfigFile(flags, cwd);
  return resolveFrom(flags, env, cwd, file, file ? loadConfigFile(file) : {});
}
