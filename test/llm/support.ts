/** Shared setup for the model tests: a config pointing every role at the local test server. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig, type ConfigFlags, type ResolvedConfig } from '../../src/config/config.ts';
import { parseBackendSpec } from '../../src/session/backend-spec.ts';
import type { Role, SessionEvent, TimedEvent } from '../../src/contracts/events.ts';
import { runGroup, type SessionRunResult } from '../../src/session/group.ts';
import { planRuns } from '../../src/session/plan.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import type { OpenAITestServer } from '../helpers/openai-server.ts';

export const TEST_KEY = 'sk-test-SECRET-0123456789abcdef';
export const MODELS = { agent: 'agent-model', user: 'user-model', judge: 'judge-model' } as const;

/** Every role on the server, a key in the env, tiny retry delays and a short timeout. */
export function serverConfig(
  server: Pick<OpenAITestServer, 'url'>,
  file: Record<string, unknown> = {},
  flags: ConfigFlags = {},
): ResolvedConfig {
  const dir = mkdtempSync(path.join(tmpdir(), 'intentplay-llm-'));
  const configFile = path.join(dir, 'intentplay.config.yaml');
  // JSON is YAML: the file goes through the real loader.
  writeFileSync(configFile, JSON.stringify({ retry_delay_ms: 1, timeout: 5, retries: 2, ...file }));
  return resolveConfig(
    {
      baseUrl: server.url,
      agentModel: MODELS.agent,
      userModel: MODELS.user,
      judgeModel: MODELS.judge,
      config: configFile,
      ...flags,
    },
    { OPENAI_API_KEY: TEST_KEY },
    dir,
  );
}

export function collector() {
  const events: SessionEvent[] = [];
  const controller = new AbortController();
  return {
    events,
    controller,
    ctx: { turn: 1, emit: (e: SessionEvent) => void events.push(e), signal: controller.signal },
    of<T extends SessionEvent['type']>(type: T) {
      return events.filter((e): e is Extract<SessionEvent, { type: T }> => e.type === type);
    },
  };
}

export interface ModelRun {
  events: TimedEvent[];
  results: SessionRunResult[];
  of<T extends SessionEvent['type']>(type: T): Extract<TimedEvent, { type: T }>[];
}

/** Runs a target of the fixture library (or an absolute path) through the real engine with the given backends. */
export async function runWith(
  target: string,
  backends: Partial<Record<Role, string>>,
  config: ResolvedConfig,
  opts: {
    maxTurns?: number;
    noDeps?: boolean;
    recordingsDir?: string;
    signal?: AbortSignal;
    onEvent?: (e: TimedEvent) => void;
  } = {},
): Promise<ModelRun> {
  const events: TimedEvent[] = [];
  const results: SessionRunResult[] = [];
  const specs = {
    agent: parseBackendSpec('agent', backends.agent ?? 'script'),
    user: parseBackendSpec('user', backends.user ?? 'rules'),
    judge: parseBackendSpec('judge', backends.judge ?? 'rules'),
  };
  for (const group of planRuns([path.isAbsolute(target) ? target : path.join(FIXTURES, target)], {
    noDeps: opts.noDeps ?? false,
  }))
    results.push(
      ...(await runGroup(group, {
        specs,
        config,
        registry: createToolRegistry(),
        recordingsDir: opts.recordingsDir ?? null,
        date: '2026-01-01',
        ...(opts.maxTurns ? { maxTurns: opts.maxTurns } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
        onEvent: (e) => {
          events.push(e);
          opts.onEvent?.(e);
        },
      })),
    );
  return { events, results, of: (type) => events.filter((e) => e.type === type) as never };
}

export const FIXTURES = fileURLToPath(new URL('../fixtures/lib/scenarios', import.meta.url));
