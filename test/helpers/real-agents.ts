/**
 * The four published ACP agents, set up to run offline against the fake model server
 * (fake-models.ts), as docs/agents.md's recipes say. Each is a small shell script written into a
 * scratch folder: its own home and settings there, the fake server's URL in its config. The
 * agents are installed beforehand into DIR (`npm install` there; see docs/agents.md); nothing here
 * installs anything.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REAL_AGENTS = ['codex', 'opencode', 'gemini', 'claude'] as const;
export type RealAgentName = (typeof REAL_AGENTS)[number];

/** The npm package each agent comes in. */
export const PACKAGES: Record<RealAgentName, string> = {
  codex: '@zed-industries/codex-acp',
  opencode: 'opencode-ai',
  gemini: '@google/gemini-cli',
  claude: '@agentclientprotocol/claude-agent-acp',
};

/**
 * What each agent's recipe adds to `--agent acp:SCRIPT`: Codex keeps the tool list it got first
 * (it ignores tools/list_changed), so it is served one list for the whole session.
 */
export const RECIPE_FLAGS: Partial<Record<RealAgentName, { oneToolList: true }>> = {
  codex: { oneToolList: true },
};

/** The installed version of an agent's package in DIR, or undefined when it is not installed. */
export function installedVersion(dir: string, agent: RealAgentName): string | undefined {
  const file = path.join(dir, 'node_modules', PACKAGES[agent], 'package.json');
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

const sh = (lines: string[]) => ['#!/bin/sh', ...lines].join('\n') + '\n';

/** Lines that set up each agent, given its scratch home H, the fake server's URL U and the install DIR. */
const SCRIPTS: Record<RealAgentName, (h: string, u: string, dir: string) => string[]> = {
  // Codex reads OpenAI's Responses API; a provider of our own needs no login.
  codex: (h, u, dir) => [
    `export CODEX_HOME='${h}' FAKE_MODEL_KEY=fake`,
    `exec '${dir}/node_modules/.bin/codex-acp' -c model='"gpt-5-codex"' -c model_provider='"fake"' \\`,
    `  -c model_providers.fake.name='"fake"' -c model_providers.fake.base_url='"${u}/v1"' \\`,
    `  -c model_providers.fake.env_key='"FAKE_MODEL_KEY"' -c model_providers.fake.wire_api='"responses"' \\`,
    `  -c approval_policy='"never"' -c sandbox_mode='"workspace-write"'`,
  ],
  // opencode: an OpenAI-compatible provider. Its cache stays in DIR: it installs the provider's package once.
  opencode: (h, u, dir) => [
    `export XDG_CONFIG_HOME='${h}/config' XDG_DATA_HOME='${h}/data' XDG_STATE_HOME='${h}/state'`,
    `export XDG_CACHE_HOME='${dir}/opencode-cache' OPENCODE_DISABLE_AUTOUPDATE=1`,
    `export OPENCODE_CONFIG_CONTENT='${JSON.stringify({
      model: 'fake/fake-model',
      provider: {
        fake: {
          npm: '@ai-sdk/openai-compatible',
          name: 'Fake',
          options: { baseURL: `${u}/v1`, apiKey: 'fake' },
          models: { 'fake-model': { name: 'Fake model', tool_call: true } },
        },
      },
    })}'`,
    `exec '${dir}/node_modules/.bin/opencode' acp`,
  ],
  // Gemini CLI: an API key, the API's base URL, and the workspace's folder trusted (else it ignores MCP servers).
  gemini: (h, u, dir) => [
    `export HOME='${h}' GEMINI_API_KEY=fake GOOGLE_GEMINI_BASE_URL='${u}'`,
    `exec '${dir}/node_modules/.bin/gemini' --acp`,
  ],
  // Claude Code needs Node 22 for itself; as root it takes bypassPermissions only with IS_SANDBOX=1.
  claude: (h, u, dir) => [
    `export CLAUDE_CONFIG_DIR='${h}' ANTHROPIC_BASE_URL='${u}' ANTHROPIC_API_KEY=fake IS_SANDBOX=1`,
    'export ENABLE_TOOL_SEARCH=false CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1',
    `exec npx -y -p node@22 node '${dir}/node_modules/${PACKAGES.claude}/dist/index.js'`,
  ],
};

/** Settings files each agent reads from its home. */
function settle(agent: RealAgentName, h: string, trusted: string): void {
  const write = (file: string, value: unknown) => {
    mkdirSync(path.dirname(path.join(h, file)), { recursive: true });
    writeFileSync(path.join(h, file), JSON.stringify(value, null, 2));
  };
  if (agent === 'gemini') {
    write('.gemini/settings.json', {
      security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: true } },
      privacy: { usageStatisticsEnabled: false },
      general: { disableAutoUpdate: true, disableUpdateNag: true },
    });
    write('.gemini/trustedFolders.json', { [trusted]: 'TRUST_FOLDER' });
  }
  if (agent === 'claude')
    write('settings.json', { permissions: { defaultMode: 'bypassPermissions' } });
}

/**
 * The `--agent acp:` command of an agent installed in `dir`, set up in a scratch folder under
 * `scratch` to use the fake server at `url`. Workspaces under `trusted` are trusted (Gemini CLI).
 */
export function realAgentCommand(
  agent: RealAgentName,
  o: { dir: string; url: string; scratch: string; trusted?: string },
): string {
  const home = path.join(o.scratch, `${agent}-home`);
  mkdirSync(home, { recursive: true });
  settle(agent, home, o.trusted ?? os.tmpdir());
  const script = path.join(o.scratch, `${agent}.sh`);
  writeFileSync(script, sh(SCRIPTS[agent](home, o.url, o.dir)), { mode: 0o755 });
  return script;
}

/** The agents INTENTPLAY_AGENTS names (comma-separated), known and installed in INTENTPLAY_AGENTS_DIR. */
export function requestedAgents(): { dir: string; agents: RealAgentName[] } {
  const dir = path.resolve(process.env.INTENTPLAY_AGENTS_DIR ?? '/tmp/agents');
  const named = (process.env.INTENTPLAY_AGENTS ?? '').split(',').map((a) => a.trim());
  const agents = REAL_AGENTS.filter((a) => named.includes(a) && installedVersion(dir, a));
  return { dir, agents };
}
