/** Model configuration: precedence, the config file, masking, `intentplay config`, offline defaults. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { displayUrl, maskKey, requireModelRole, resolveConfig } from '../../src/config/config.ts';
import { offlineNoticeFor, sessionSetup } from '../../src/session/setup.ts';
import { UserError } from '../../src/contracts/diagnostics.ts';
import { formatDiagnostic } from '../../src/contracts/diagnostics.ts';

function folderWith(config?: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-config-'));
  if (config !== undefined) writeFileSync(path.join(dir, 'intentplay.config.yaml'), config);
  return dir;
}

const FILE = `
model: file-default-model
base_url: http://file-host:8000/v1
api_key_env: FILE_KEY
temperature: 0.2
timeout: 30
agent:
  model: file-agent-model
  max_tokens: 2048
  retries: 5
judge:
  base_url: http://judge-host:9000/v1
  retry_delay_ms: 10
prices:
  file-agent-model: { input: 1.5, output: 6 }
`;

describe('resolution order', () => {
  it('takes each setting from the first source that has it: flags, INTENTPLAY_*, OPENAI_*, file role, file top level', () => {
    const cwd = folderWith(FILE);
    const env = {
      INTENTPLAY_USER_MODEL: 'env-user-model',
      OPENAI_BASE_URL: 'http://openai-env:1234/v1',
      INTENTPLAY_JUDGE_BASE_URL: 'http://judge-env:1/v1',
      FILE_KEY: 'sk-file-key-0000000000',
    };
    const c = resolveConfig(
      { judgeModel: 'flag-judge-model', agentBaseUrl: 'http://agent-flag:1/v1' },
      env,
      cwd,
    );
    expect(c.file).toBe(path.join(cwd, 'intentplay.config.yaml'));
    expect([c.roles.agent.model, c.roles.user.model, c.roles.judge.model]).toEqual([
      'file-agent-model',
      'env-user-model',
      'flag-judge-model',
    ]);
    expect([c.sources['agent.model'], c.sources['user.model'], c.sources['judge.model']]).toEqual([
      'intentplay.config.yaml agent.model',
      '$INTENTPLAY_USER_MODEL',
      '--judge-model',
    ]);
    expect([c.roles.agent.baseUrl, c.roles.user.baseUrl, c.roles.judge.baseUrl]).toEqual([
      'http://agent-flag:1/v1',
      'http://openai-env:1234/v1',
      'http://judge-env:1/v1',
    ]);
    expect(c.roles.agent).toMatchObject({
      apiKeyVar: 'FILE_KEY',
      apiKey: 'sk-file-key-0000000000',
      temperature: 0.2,
      maxTokens: 2048,
      timeoutMs: 30_000,
      retries: 5,
      retryDelayMs: 500,
    });
    expect(c.roles.judge).toMatchObject({ retries: 3, retryDelayMs: 10, timeoutMs: 30_000 });
    expect(c.sources['agent.apiKey']).toBe('intentplay.config.yaml api_key_env');
    expect(c.prices).toEqual({ 'file-agent-model': { input: 1.5, output: 6 } });
  });

  it('--base-url beats the env, and a role flag beats --base-url', () => {
    const c = resolveConfig(
      { baseUrl: 'http://all:1/v1', userBaseUrl: 'http://user:1/v1' },
      { OPENAI_BASE_URL: 'http://env:1/v1' },
      folderWith(),
    );
    expect([c.roles.agent.baseUrl, c.roles.user.baseUrl]).toEqual([
      'http://all:1/v1',
      'http://user:1/v1',
    ]);
  });

  it('a role key beats OPENAI_API_KEY, which beats a key variable named in the file', () => {
    const cwd = folderWith(FILE);
    const env = {
      OPENAI_API_KEY: 'sk-openai-aaaaaaaaaaaa',
      INTENTPLAY_JUDGE_API_KEY: 'sk-judge-bbbbbbbbbbbb',
      FILE_KEY: 'sk-file-cccccccccccc',
    };
    const c = resolveConfig({}, env, cwd);
    expect([c.roles.agent.apiKeyVar, c.roles.judge.apiKeyVar]).toEqual([
      'OPENAI_API_KEY',
      'INTENTPLAY_JUDGE_API_KEY',
    ]);
    expect(c.roles.judge.apiKey).toBe('sk-judge-bbbbbbbbbbbb');
  });

  it('warns when the file names a key variable that is not set', () => {
    const c = resolveConfig({}, {}, folderWith('api_key_env: MISSING_KEY\nmodel: m\n'));
    expect(c.roles.agent.apiKey).toBeUndefined();
    expect(c.warnings[0]).toBe(
      'intentplay.config.yaml api_key_env names $MISSING_KEY, which is not set: the agent has no API key',
    );
  });

  it('reads --config FILE from anywhere, and says so when it is missing', () => {
    const dir = folderWith();
    const file = path.join(dir, 'models.yaml');
    writeFileSync(file, 'model: from-flag-file\n');
    expect(resolveConfig({ config: file }, {}, os.tmpdir()).roles.user.model).toBe(
      'from-flag-file',
    );
    expect(() => resolveConfig({ config: path.join(dir, 'nope.yaml') }, {}, dir)).toThrow(
      /--config .*nope\.yaml: no such file/,
    );
  });

  it('rejects a base URL that is not http(s), naming where it came from', () => {
    expect(() => resolveConfig({ agentBaseUrl: 'localhost:8000' }, {}, folderWith())).toThrow(
      '--agent-base-url: "localhost:8000" is not an http(s) URL (e.g. http://localhost:8000/v1)',
    );
  });
});

describe('the config file', () => {
  const problems = (text: string): string[] => {
    const cwd = folderWith(text);
    try {
      resolveConfig({}, {}, cwd);
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      return err.diagnostics.map((d) => formatDiagnostic(d, cwd));
    }
    return [];
  };

  it('reports unknown keys, wrong types and bad values with their line and column', () => {
    expect(
      problems('agent:\n  modle: x\n  temperature: hot\njudge:\n  base_url: ftp://x\n'),
    ).toEqual([
      'intentplay.config.yaml:2:3: error: unknown key `modle` in `agent` (did you mean `model`?)',
      'intentplay.config.yaml:3:16: error: `agent.temperature`: expected number, got string "hot"',
      'intentplay.config.yaml:5:13: error: `judge.base_url`: expected an http(s) URL, e.g. http://localhost:8000/v1',
    ]);
  });

  it('refuses a literal API key and points to api_key_env', () => {
    expect(problems('model: m\nuser:\n  api_key: sk-oops-123456789\n')).toEqual([
      'intentplay.config.yaml:3:3: error: API keys do not belong in the config file: put the key in an environment variable and name it with `api_key_env`',
    ]);
  });

  it('reports YAML syntax errors located', () => {
    expect(problems('agent: [unclosed\n')[0]).toMatch(
      /^intentplay\.config\.yaml:\d+:\d+: error: YAML syntax/,
    );
  });

  it('accepts an empty file', () => {
    expect(problems('')).toEqual([]);
  });
});

describe('keys', () => {
  it('are masked as sk-…abcd, never shown in full', () => {
    expect(maskKey('sk-proj-abcdefghijklmnop1234')).toBe('sk-…1234');
    expect(maskKey('short-key')).toBe('… (9 characters)');
  });
});

describe('choosing backends', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('stays offline, with a one-line notice, when no key or base URL is set anywhere', () => {
    const setup = sessionSetup({});
    expect(setup.specs).toEqual({
      agent: { kind: 'script' },
      user: { kind: 'rules' },
      judge: { kind: 'rules' },
    });
    expect(setup.offlineNotice).toMatch(/^No model configured .*running offline/);
  });

  it("the offline line names the person's seat as theirs, not the placeholder the flags held", () => {
    const { specs } = sessionSetup({ agent: 'script' });
    expect(offlineNoticeFor(specs)).toMatch(/with the script agent, rules user and rules judge\.$/);
    expect(offlineNoticeFor({ ...specs, agent: { kind: 'human' } })).toMatch(
      /with the rules user and rules judge; you play the agent\.$/,
    );
    expect(offlineNoticeFor({ ...specs, user: { kind: 'human' } })).toMatch(
      /with the script agent and rules judge; you play the user\.$/,
    );
  });

  it('uses the model for every role once a base URL is set', () => {
    const setup = sessionSetup({
      baseUrl: 'http://127.0.0.1:1/v1',
      agentModel: 'a',
      userModel: 'u',
      judgeModel: 'j',
    });
    expect(setup.specs).toEqual({
      agent: { kind: 'openai' },
      user: { kind: 'openai' },
      judge: { kind: 'openai' },
    });
    expect(setup.offlineNotice).toBeUndefined();
  });

  it('names the role whose model name is missing', () => {
    process.env.OPENAI_API_KEY = 'sk-test-0000000000000';
    expect(() => sessionSetup({ agentModel: 'a', userModel: 'u' })).toThrow(
      'the judge runs on a model (openai) but no model name is set: use --judge-model, $INTENTPLAY_JUDGE_MODEL, or `judge: { model: ... }` in intentplay.config.yaml',
    );
    // An offline judge needs no model.
    expect(sessionSetup({ agentModel: 'a', userModel: 'u', judge: 'rules' }).specs.judge).toEqual({
      kind: 'rules',
    });
  });

  it('says what is missing when a role is asked to run on a model with no key or endpoint', () => {
    const c = resolveConfig({ agentModel: 'a' }, {}, folderWith());
    expect(() => requireModelRole(c, 'agent')).toThrow(
      /the agent runs on a model \(openai\) but has no API key: set \$OPENAI_API_KEY or \$INTENTPLAY_AGENT_API_KEY/,
    );
  });
});

describe('intentplay config', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    vi.restoreAllMocks();
  });

  async function config(args: string[]): Promise<string> {
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out += String(chunk);
      return true;
    });
    expect(await main(['config', ...args])).toBe(0);
    vi.restoreAllMocks();
    return stripVTControlCharacters(out);
  }

  it('prints each role’s setup and sources with the key masked, as text and as JSON', async () => {
    process.env.OPENAI_API_KEY = 'sk-live-SECRET-abcdefghij9876';
    const file = path.join(folderWith(FILE), 'intentplay.config.yaml');
    const text = await config(['--config', file, '--judge-model', 'judge-x']);
    expect(text).toContain(`config file: ${file}`);
    expect(text).toContain(
      [
        'agent  openai',
        `  model             file-agent-model                   ${file} agent.model`,
        `  endpoint          http://file-host:8000/v1           ${file} base_url`,
        '  API key           sk-…9876                           $OPENAI_API_KEY',
      ].join('\n'),
    );
    expect(text).toMatch(/judge {2}openai\n {2}model +judge-x +--judge-model/);
    expect(text).toContain('file-agent-model             1.5 / 6');
    const json = await config(['--config', file, '--json']);
    const view = JSON.parse(json) as {
      roles: Record<string, { apiKey: { value: string; source: string } }>;
    };
    expect(view.roles.user!.apiKey).toEqual({ value: 'sk-…9876', source: '$OPENAI_API_KEY' });
    expect(text + json).not.toContain('SECRET');
  });

  it('says plainly when everything runs offline', async () => {
    const text = await config([]);
    expect(text).toMatch(/agent {2}script \(offline default: no key or base URL\)/);
    expect(text).toContain(
      'No model configured: sessions run offline (script agent, rules user, rules judge).',
    );
  });
});

describe('displayUrl', () => {
  it('hides the credentials a base URL carries: user and password, and key-like query parameters', () => {
    const shown = displayUrl(
      'http://alice:s3cretpass@127.0.0.1:8000/v1?api-key=abcdef123456&api-version=2024&token=tok999',
    );
    expect(shown).not.toMatch(/alice|s3cretpass|abcdef123456|tok999/);
    expect(shown).toContain('127.0.0.1:8000/v1');
    expect(shown).toContain('api-version=2024');
  });
});
