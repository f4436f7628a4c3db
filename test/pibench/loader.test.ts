import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLibraryRoot, loadLibrary } from '../../src/scenario/library.ts';
import { isPibenchUserDir, loadPibenchLibrary } from '../../src/scenario/pibench/index.ts';
import { validatePaths } from '../../src/cli/actions/validate.ts';
import { resolveConfig } from '../../src/config/config.ts';
import { runGroup } from '../../src/session/group.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import { invokeTool } from '../../src/tools/registry.ts';
import { createGroupEnv } from '../../src/session/group-env.ts';
import { ruleScriptPath } from '../../src/pibench/script-checks.ts';
import { copyFixture, edit, FIXTURE_SCRIPT, FIXTURE_USER, lineOf } from './helpers.ts';

const task = (user: string, n: number) =>
  path.join(user, 'tasks', `courier_task_00${n}`, 'task.yaml');

function load(user: string) {
  return loadPibenchLibrary(user);
}

function errorsOf(user: string) {
  return load(user).diagnostics.filter((d) => d.severity === 'error');
}

describe('a π-Bench user folder as a library', () => {
  const { library, diagnostics } = load(FIXTURE_USER);

  it('loads the fixture with no diagnostics', () => {
    expect(diagnostics).toEqual([]);
    expect(isPibenchUserDir(FIXTURE_USER)).toBe(true);
    expect(library.kind).toBe('pibench');
    expect(findLibraryRoot(task(FIXTURE_USER, 2))).toBe(FIXTURE_USER);
  });

  it('maps profile.yaml to the persona', () => {
    const p = library.personas.get('courier')!;
    expect(p.role).toBe('bike courier dispatcher');
    expect(p.profile).toContain('Runs the morning dispatch desk');
    expect(p.style).toBe('language: en; verbosity: low');
    expect(p.goals).toEqual(['Keep every delivery route under 40 minutes.']);
  });

  it('maps episode.yaml to the episode in list order, keeping depends_on on each scenario', () => {
    const e = library.episodes.get('courier')!;
    expect(e.title).toBe('ep_courier');
    expect(e.sessions).toEqual([
      'courier/courier_task_001',
      'courier/courier_task_002',
      'courier/courier_task_003',
      'courier/courier_task_004',
    ]);
    expect(library.scenarios.get('courier/courier_task_002')!.dependsOn).toEqual([
      'courier/courier_task_001',
    ]);
    expect(library.scenarios.get('courier/courier_task_002')!.depends_on).toEqual([
      'courier/courier_task_001',
    ]);
    expect(library.scenarios.get('courier/courier_task_003')!.depends_on).toBeUndefined();
  });

  it('maps task.yaml fields to the scenario', () => {
    const s = library.scenarios.get('courier/courier_task_002')!;
    expect(s.title).toBe('Dispatch plan file');
    expect(s.description).toBe('Turn the brief into plan.md, building on the morning sketch.');
    expect(s.trigger).toEqual({
      kind: 'user',
      text: expect.stringContaining('write the dispatch plan to plan.md'),
    });
    expect(s.intents.map((i) => [i.id, i.text, i.reveal ?? i.text])).toEqual([
      ['I1', 'Assign Ada to the river loop.', 'Assign Ada to the river loop.'],
      ['I2', 'Mention the 40-minute limit per route.', 'Mention the 40-minute limit per route.'],
      [
        'I3',
        "End with a one-line summary for the riders' chat.",
        "End with a one-line summary for the riders' chat.",
      ],
    ]);
    // The blank third criterion is skipped, as π-Bench does; weight 2 is kept.
    expect(s.checklist).toEqual([
      {
        id: 'C1',
        text: 'plan.md assigns Ada to the river loop.',
        grader: 'rubric',
        rubric_only: true,
        weight: 2,
      },
      {
        id: 'C2',
        text: 'The reply states the 40-minute limit.',
        grader: 'rubric',
        rubric_only: true,
      },
    ]);
    expect(s.tools).toEqual(['files', 'memory', 'gmail', 'simple_note']);
    expect(s.apps).toEqual({
      simple_note: { account: { username: 'desk@courier.test', password: 'k3y=Z[9' } },
    });
    expect(s.workspace).toEqual({
      files: { 'skills/route-planning/_meta.json': expect.stringContaining('route-planning') },
      assets: '.',
    });
    expect(s.pibench).toEqual({
      task_id: 'courier_task_002',
      task_type: 'short_term_contextual',
      environment_id: 'env_courier',
      tools: [
        { name: 'read_file', call: ['path'] },
        { name: 'write_file', call: ['path', 'content'], result: ['written'] },
        {
          name: 'mcp_appworld_simple_note__login',
          call: ['username'],
          result: ['response.access_token'],
        },
      ],
      tools_evaluation_path: 'data/courier/scripts/courier_task_002_files.py',
      repo_root: '../../../..',
      metadata: { difficulty: 'medium' },
    });
    expect(ruleScriptPath(s)).toBe(FIXTURE_SCRIPT);
  });

  it('delivers environmental_signal and env triggers as events, with the payload source', () => {
    expect(library.scenarios.get('courier/courier_task_003')!.trigger).toMatchObject({
      kind: 'event',
      source: 'city_weather_feed',
    });
    expect(library.scenarios.get('courier/courier_task_004')!.trigger).toMatchObject({
      kind: 'event',
      source: 'env',
    });
    expect(library.scenarios.get('courier/courier_task_003')!.pibench?.files_read).toEqual([
      'dispatch_summary.md',
    ]);
  });

  it('seeds the app credentials that a "Login with username ..." request gives to the task’s login tool, and the recipient it names', () => {
    expect(library.scenarios.get('courier/courier_task_004')!.apps).toEqual({
      gmail: {
        account: { username: 'desk@courier.test', password: 'm41l!pw' },
        users: [{ email: 'riders@courier.test' }],
      },
    });
  });

  it('lets the agent log in to a seeded app with exactly the credentials of the request', async () => {
    const registry = createToolRegistry();
    const env = createGroupEnv(registry);
    try {
      env.apps.seed(library.scenarios.get('courier/courier_task_004')!.apps);
      const ctx = { workspace: env.workspace, memory: env.memory, apps: env.apps };
      const login = (password: string) =>
        invokeTool(
          registry.resolve('mcp_appworld_gmail__login'),
          'mcp_appworld_gmail__login',
          { username: 'desk@courier.test', password },
          ctx,
        );
      expect(await login('m41l!pw')).toMatchObject({
        ok: true,
        result: { response: { access_token: expect.any(String) } },
      });
      expect(await login('wrong')).toMatchObject({ ok: false });
    } finally {
      env.workspace.dispose();
    }
  });
});

describe('workspace assets', () => {
  it('contain the task files but not task.yaml, .history, .result or .eval_result', async () => {
    const user = copyFixture();
    const dir = path.dirname(task(user, 1));
    writeFileSync(path.join(dir, '.result'), 'old result');
    const { library } = loadLibrary(user, { fresh: true });
    const group = {
      id: 'g',
      kind: 'chain' as const,
      library,
      sessions: [
        library.scenarios.get('courier/courier_task_001')!,
        library.scenarios.get('courier/courier_task_002')!,
      ],
    };
    const workspaceDir = path.join(path.dirname(user), 'ws');
    await runGroup(group, {
      specs: { agent: { kind: 'script' }, user: { kind: 'rules' }, judge: { kind: 'rules' } },
      config: resolveConfig({}, {}),
      registry: createToolRegistry(),
      recordingsDir: null,
      workspaceDir,
    });
    // Both tasks' assets are there (the workspace persists across the episode); nothing of π-Bench's bookkeeping is.
    expect(readdirSync(workspaceDir).sort()).toEqual(['brief.md', 'route_notes.md', 'skills']);
    expect(existsSync(path.join(workspaceDir, 'skills', 'route-planning', '_meta.json'))).toBe(
      true,
    );
  });
});

describe('validation as π-Bench’s loader, located', () => {
  it.each([
    [
      'schema_version other than v2',
      2,
      'schema_version: v2',
      'schema_version: v1',
      'schema_version',
      '`schema_version` must be `v2`',
    ],
    [
      'a missing schema_version',
      2,
      'schema_version: v2\n',
      '',
      'task_id',
      'missing `schema_version`',
    ],
    [
      'an empty hidden_intent list',
      3,
      /hidden_intent:\n {4}- content: Move the 11:00 pickups to before 10:45./,
      'hidden_intent: []',
      'hidden_intent',
      '`intent.hidden_intent` must be a non-empty list',
    ],
    [
      'a hidden intent with empty content',
      3,
      'content: Move the 11:00 pickups to before 10:45.',
      'content: "  "',
      'content: "  "',
      'hidden intent 1: `content` must be a non-empty string',
    ],
    [
      'intent.detailed_intent',
      3,
      '  hidden_intent:',
      '  detailed_intent: more\n  hidden_intent:',
      'detailed_intent',
      '`intent.detailed_intent` is rejected',
    ],
    [
      'objectives.tools_checklist',
      3,
      '  files_read:',
      '  tools_checklist: []\n  files_read:',
      'tools_checklist',
      'write the tool checks as a rule script and point `objectives.tools_evaluation_path` at it',
    ],
    [
      'an unknown objectives key',
      3,
      '  files_read:',
      '  rubric: []\n  files_read:',
      'rubric: []',
      'unknown key `rubric` in `objectives`: π-Bench allows only checklist, files_read, tools, tools_evaluation_path',
    ],
    [
      'a tools key inside a checklist item',
      3,
      '    - criterion: "dispatch_summary.md',
      '    - tools: [x]\n      criterion: "dispatch_summary.md',
      'tools: [x]',
      'a `tools` key inside a checklist item is rejected',
    ],
    [
      'a weight of 0',
      2,
      '      weight: 2',
      '      weight: 0',
      'weight: 0',
      '`weight` must be a number > 0',
    ],
    [
      'a tool with neither call nor result paths',
      2,
      '    - read_file:\n        call: [path]',
      '    - read_file: {}',
      'read_file: {}',
      'at least one of `call` and `result` must list a path',
    ],
    [
      'a tool entry with two names',
      2,
      '    - read_file:\n        call: [path]',
      '    - { read_file: { call: [path] }, list_dir: { call: [path] } }',
      'list_dir',
      'expected a one-key mapping',
    ],
    [
      'a rule script that is not .py',
      2,
      'courier_task_002_files.py',
      'courier_task_002_files.sh',
      'tools_evaluation_path',
      'must name a .py rule script',
    ],
    [
      'a YAML syntax error',
      3,
      'title: "Weather alert"',
      'title: "Weather alert',
      'title:',
      'YAML syntax',
    ],
  ])('rejects %s', (_what, n, from, to, at, message) => {
    const user = copyFixture();
    const file = task(user, n);
    edit(file, from, to);
    const errors = errorsOf(user);
    expect(errors).toContainEqual(
      expect.objectContaining({
        file,
        line: lineOf(file, at),
        message: expect.stringContaining(message),
      }),
    );
    // The CLI reports the same, located, and exits 1.
    expect(
      validatePaths([user], undefined).diagnostics.some(
        (d) => d.severity === 'error' && d.file === file,
      ),
    ).toBe(true);
  });

  it('warns (and still loads) when the rule script is missing', () => {
    const user = copyFixture();
    rmSync(path.join(user, 'scripts'), { recursive: true });
    const { library, diagnostics } = load(user);
    const file = task(user, 2);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        file,
        line: lineOf(file, 'tools_evaluation_path'),
        message: expect.stringContaining('its checks will be reported ungraded'),
      }),
    ]);
    expect(library.scenarios.get('courier/courier_task_002')!.pibench?.tools_evaluation_path).toBe(
      'data/courier/scripts/courier_task_002_files.py',
    );
  });

  it('warns on an unknown trigger type, an initial status: provided, and unknown keys', () => {
    const user = copyFixture();
    const file = task(user, 1);
    edit(file, 'type: user', 'type: webhook');
    edit(
      file,
      '- content: Keep the bridge closure on Elm Street in mind.',
      '- content: Keep the bridge closure on Elm Street in mind.\n      status: provided',
    );
    edit(file, 'metadata:', 'owner: me\nmetadata:');
    const d = load(user).diagnostics;
    expect(d.filter((x) => x.severity === 'error')).toEqual([]);
    expect(d).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          severity: 'warning',
          line: lineOf(file, 'type: webhook'),
          message: expect.stringContaining('unknown trigger type `webhook`'),
        }),
        expect.objectContaining({
          severity: 'warning',
          line: lineOf(file, 'status: provided'),
          message: expect.stringContaining('`status: provided`'),
        }),
        expect.objectContaining({
          severity: 'warning',
          line: lineOf(file, 'owner: me'),
          message: expect.stringContaining('unknown key `owner`'),
        }),
      ]),
    );
  });

  it('checks the episode: unknown tasks and dependencies are errors, π-Bench’s scoring contract gives warnings', () => {
    const user = copyFixture();
    const file = path.join(user, 'episode.yaml');
    edit(
      file,
      'task_id: courier_task_004\n    depends_on: []',
      'task_id: courier_task_004\n    depends_on: [courier_task_003]\n  - task_id: courier_task_009\n    depends_on: [courier_task_404]',
    );
    const d = load(user).diagnostics;
    expect(d).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          severity: 'error',
          file,
          line: lineOf(file, 'courier_task_009'),
          message: 'unknown task `courier_task_009` (no tasks/courier_task_009/task.yaml)',
        }),
        expect.objectContaining({
          severity: 'error',
          file,
          line: lineOf(file, 'courier_task_404'),
          message: expect.stringContaining('unknown dependency `courier_task_404`'),
        }),
        expect.objectContaining({
          severity: 'warning',
          file,
          line: lineOf(file, '[courier_task_003]'),
          message: expect.stringContaining('dependency `courier_task_003` has criteria'),
        }),
      ]),
    );
  });
});
