/** Calls app tools directly against an AppStateHost, the way the engine does. */
import { expect } from 'vitest';
import { AppStateHost } from '../../src/apps/index.ts';
import { evaluateRule } from '../../src/judge/evidence.ts';
import type { Rule } from '../../src/scenario/schema.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import { invokeTool, type ToolContext, type ToolOutcome } from '../../src/tools/registry.ts';

export interface AppHarness {
  apps: AppStateHost;
  call(name: string, args?: Record<string, unknown>): Promise<ToolOutcome>;
  /** The `response` of a call that must succeed (loosely typed: tests index into it freely). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ok(name: string, args?: Record<string, unknown>): Promise<any>;
  /** The error of a call that must fail. */
  fails(name: string, args?: Record<string, unknown>): Promise<string>;
  /** Logs in with the given credentials and returns the token. */
  login(app: string, username: string, password: string): Promise<string>;
  /** Whether an `app_state` evidence rule holds over the current app state. */
  holds(rule: AppStateRule): boolean;
}

type AppStateRule = Extract<Rule, { app_state: unknown }>['app_state'];

export function appHarness(seeds: Record<string, unknown> = {}): AppHarness {
  const registry = createToolRegistry();
  const apps = new AppStateHost();
  apps.seed(seeds);
  // Apps only touch `apps`; the workspace and memory are never reached.
  const ctx = { apps } as unknown as ToolContext;
  const call = (name: string, args: Record<string, unknown> = {}) =>
    invokeTool(registry.resolve(name), name, args, ctx);
  const h: AppHarness = {
    apps,
    call,
    async ok(name, args) {
      const out = await call(name, args);
      if (!out.ok) throw new Error(`${name} failed: ${out.error}`);
      const result = out.result as { response: unknown };
      expect(Object.keys(result)).toEqual(['response']);
      return result.response;
    },
    async fails(name, args) {
      const out = await call(name, args);
      if (out.ok)
        throw new Error(`${name} was expected to fail but returned ${JSON.stringify(out.result)}`);
      return out.error;
    },
    async login(app, username, password) {
      const r = await h.ok(`${app}__login`, { username, password });
      expect(r.token_type).toBe('Bearer');
      return r.access_token as string;
    },
    holds(rule) {
      const scope = {
        replies: [],
        toolCalls: [],
        files: new Map<string, string>(),
        apps: apps.snapshot(),
      };
      return evaluateRule({ app_state: rule }, scope).holds;
    },
  };
  return h;
}

/** A harness over `seeds`, already logged in to `app`. */
export async function loggedIn(
  seeds: Record<string, unknown>,
  app: string,
  username: string,
  password: string,
): Promise<{ h: AppHarness; token: string }> {
  const h = appHarness(seeds);
  return { h, token: await h.login(app, username, password) };
}
