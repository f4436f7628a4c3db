/** Session flags turned into backends and a resolved model configuration: the usual way in. */
import { resolveConfig } from '../config/config.ts';
import { setupFrom, type SessionFlags, type SessionSetup } from './setup-from.ts';

export * from './setup-from.ts';

export function sessionSetup(flags: SessionFlags): SessionSetup {
  return setupFrom(flags, resolveConfig(flags));
}
