/**
 * The data tests hold for any subset of π-Bench's users: roots with no users, one, or users the
 * tests never saw (written here, with the release's quirks: a quoted request PyYAML folds, a
 * password with no user name, bare tool names, argument paths no API takes), plus folders that
 * are not users. Nothing here is π-Bench's data: the users are made up.
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolRegistry } from '../../src/tools/index.ts';
import { ToolRegistry } from '../../src/tools/registry.ts';
import { PATHS_NO_API_TAKES, pibenchUsers, toolUses, userProblems } from './data-users.ts';
import { FIXTURE_USER } from './helpers.ts';

function writeUser(root: string, user: string, tasks: Record<string, string>): void {
  const dir = path.join(root, user);
  mkdirSync(path.join(dir, 'tasks'), { recursive: true });
  writeFileSync(
    path.join(dir, 'profile.yaml'),
    `schema_version: v2\nuser_id: ${user}\nrole: "# ${user}"\n`,
  );
  writeFileSync(
    path.join(dir, 'tools.yaml'),
    'tool_names:\n  - gmail__send_email\n  - todoist__create_task\n',
  );
  const ids = Object.keys(tasks);
  writeFileSync(
    path.join(dir, 'episode.yaml'),
    `schema_version: v2\nepisode_id: ep_${user}\nuser_id: ${user}\ntasks:\n${ids.map((t) => `  - task_id: ${t}\n    depends_on: []\n`).join('')}`,
  );
  for (const [id, body] of Object.entries(tasks)) {
    mkdirSync(path.join(dir, 'tasks', id));
    writeFileSync(
      path.join(dir, 'tasks', id, 'task.yaml'),
      `schema_version: v2\ntask_id: ${id}\nuser_id: ${user}\n${body}`,
    );
  }
}

/** A made-up "marketer" with the release's quirks, and a made-up "researcher" whose request PyYAML folds. */
function root(users: readonly ('courier' | 'marketer' | 'researcher')[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-users-'));
  mkdirSync(path.join(dir, 'notes')); // not a user: no profile.yaml
  writeFileSync(path.join(dir, 'README.md'), 'not a user\n');
  if (users.includes('courier'))
    cpSync(FIXTURE_USER, path.join(dir, 'courier'), { recursive: true });
  if (users.includes('marketer'))
    writeUser(dir, 'marketer', {
      marketer_task_010: [
        'intent:',
        '  initial_input: "My Spotify account is dj@made.up with the password: (k3y , and my Gmail uses the password: %@q}L . Mail Dana."',
        '  hidden_intent:',
        '    - content: Say why.',
        'objectives:',
        '  tools:',
        '    - gmail__send_email:',
        '        call: [name]',
        '  checklist:',
        '    - criterion: The mail gives two reasons.',
        '',
      ].join('\n'),
      marketer_task_020: [
        'intent:',
        '  initial_input: "My Todoist password is VK^N(q . Add the routine using my primary email."',
        '  hidden_intent:',
        '    - content: Six blocks.',
        'objectives:',
        '  tools:',
        '    - todoist__create_task:',
        '        call: [name]',
        '  checklist:',
        '    - criterion: Six blocks of 30 minutes.',
        '',
      ].join('\n'),
    });
  if (users.includes('researcher'))
    writeUser(dir, 'researcher', {
      researcher_task_001: [
        'intent:',
        '  initial_input: "Sort Friday.',
        '  My Todoist login info:',
        '  Email: r@made.up',
        '  Password: Eu(M!7',
        '  Please help."',
        '  hidden_intent:',
        '    - content: Fix the clash.',
        'objectives:',
        '  tools:',
        '    - mcp_appworld_todoist__create_task:',
        '        call: [title]',
        '  checklist:',
        '    - criterion: No clash.',
        '',
      ].join('\n'),
    });
  return dir;
}

const SUBSETS = [
  [],
  ['courier'],
  ['marketer'],
  ['researcher'],
  ['courier', 'marketer', 'researcher'],
] as const;

describe('the data tests with any subset of users', () => {
  it('take every folder with a profile and tasks as a user, and none from a root that is not there', () => {
    expect(pibenchUsers(root(['courier', 'marketer', 'researcher']))).toEqual([
      'courier',
      'marketer',
      'researcher',
    ]);
    expect(pibenchUsers(path.join(os.tmpdir(), 'intentplay-no-such-root'))).toEqual([]);
  });

  it.each(SUBSETS.map((s) => [s.join('+') || 'no users', s] as const))(
    '%s: every user loads with no problem',
    (_name, users) => {
      const dir = root(users);
      expect(pibenchUsers(dir)).toEqual([...users].sort());
      for (const user of pibenchUsers(dir))
        expect({ user, problems: userProblems(path.join(dir, user)) }).toEqual({
          user,
          problems: [],
        });
    },
  );

  it('finds argument paths no API takes, and knows the release’s own by task and tool', () => {
    const registry = createToolRegistry();
    const unknown = toolUses(root(['marketer'])).calls.flatMap(({ tool, call, task }) => {
      const params = Object.keys(
        ToolRegistry.spec(registry.resolve(tool)!).parameters.properties as object,
      );
      return call.filter((a) => !params.includes(a)).map((a) => `${task} ${tool} ${a}`);
    });
    expect(unknown).toEqual([
      'marketer_task_010 gmail__send_email name',
      'marketer_task_020 todoist__create_task name',
    ]);
    expect(unknown.every((u) => PATHS_NO_API_TAKES.has(u))).toBe(true);
  });

  it('reports a task whose app has no account, so a missing credential phrasing fails the data test', () => {
    const dir = root(['marketer']);
    writeFileSync(
      path.join(dir, 'marketer', 'tasks', 'marketer_task_010', 'task.yaml'),
      'schema_version: v2\ntask_id: marketer_task_010\nuser_id: marketer\nintent:\n  initial_input: "Mail Dana from Gmail."\n  hidden_intent:\n    - content: Say why.\nobjectives:\n  tools:\n    - gmail__send_email:\n        call: [subject]\n',
    );
    expect(userProblems(path.join(dir, 'marketer'))).toEqual([
      expect.stringMatching(
        /^tasks\/marketer_task_010\/task\.yaml:5: warning: the task uses gmail but its text gives no gmail account/,
      ),
      // With the only other email gone, the Todoist password of 020 has no user name either.
      expect.stringMatching(
        /^tasks\/marketer_task_020\/task\.yaml:5: warning: the task gives a todoist password but no user name/,
      ),
      "marketer/marketer_task_010: no gmail account from the task's text",
      "marketer/marketer_task_020: no todoist account from the task's text",
    ]);
  });
});
