/** Shared setup for the model tests: a config pointing every role at the local test server. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveConfig, type ConfigFlags, type ResolvedConfig } from '../../src/config/config.ts';
import type { SessionEvent } from '../../src/session/events.ts';
import type { OpenAITestServer } from '../helpers/openai-server.ts';

export const TEST_KEY = 'sk-test-SECRET-0123456789abcdef';
export const MODELS = { agent: 'agent-model', user: 'user-model', judge: 'judge-model' } as const;

/** Every role on the server, a key in the env, tiny retry delays and a short timeout. */
export function serverConfig(server: OpenAITestServer, file: Record<string, unknown> = {}, flags: ConfigFlags = {}): ResolvedConfig {
  const dir = mkdtempSync(path.join(tmpdir(), 'intentplay-llm-'));
  const configFile = path.join(dir, 'intentplay.config.yaml');
  // JSON is YAML: the file goes through the real loader.
  writeFileSync(configFile, JSON.stringify({ retry_delay_ms: 1, timeout: 5, retries: 2, ...file }));
  return resolveConfig(
    { baseUrl: server.url, agentModel: MODELS.agent, userModel: MODELS.user, judgeModel: MODELS.judge, config: configFile, ...flags },
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
