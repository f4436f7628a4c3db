/**
 * Credentials found in a task's request → the scenario's `apps:` seeds, so that each
 * simulated app's login accepts exactly that account (seed format: docs/apps/). An app
 * holds one account; when a request states two for one app, the first one is seeded.
 */
import type { AppCredential } from './credentials.ts';

export function appSeeds(
  credentials: readonly AppCredential[],
): Record<string, { account: { username: string; password: string } }> {
  const seeds: Record<string, { account: { username: string; password: string } }> = {};
  for (const c of credentials)
    seeds[c.app] ??= { account: { username: c.username, password: c.password } };
  return seeds;
}
