import { describe, expect, it } from 'vitest';
import { appHarness, loggedIn } from './harness.ts';

const SEED = {
  todoist: {
    account: {
      email: 'stmcco@gmail.com',
      password: 'Ozz21Q4',
      first_name: 'Sam',
      last_name: 'McCo',
    },
    users: [{ email: 'la-mcco@gmail.com' }],
    labels: [{ name: 'urgent', color: 'red' }],
    projects: [
      {
        name: 'Home',
        sections: [{ name: 'Kitchen' }],
        tasks: [
          {
            title: 'Fix tap',
            section: 'Kitchen',
            labels: ['urgent'],
            sub_tasks: [{ title: 'Buy washer' }],
          },
          { title: 'Water plants', priority: 'low' },
        ],
      },
    ],
  },
};

const login = () => loggedIn(SEED, 'todoist', 'stmcco@gmail.com', 'Ozz21Q4');

describe('todoist', () => {
  it('logs in with the declared credentials only', async () => {
    const h = appHarness(SEED);
    expect(
      await h.fails('todoist__login', { username: 'stmcco@gmail.com', password: 'nope' }),
    ).toMatch(/401[\s\S]*Invalid credentials/);
    expect(await h.login('todoist', 'stmcco@gmail.com', 'Ozz21Q4')).toBe('todoist-access-token-1');
    expect(
      await h.ok('todoist__show_account', { access_token: 'todoist-access-token-1' }),
    ).toMatchObject({
      email: 'stmcco@gmail.com',
      verified: true,
    });
  });

  it('accepts the mcp_appworld_ prefix', async () => {
    const { h, token } = await login();
    expect(
      (await h.ok('mcp_appworld_todoist__show_projects', { access_token: token })).map(
        (p: { name: string }) => p.name,
      ),
    ).toEqual(['Home', 'Inbox']);
  });

  it('shows projects (Inbox is project 0), sections and tasks grouped by section', async () => {
    const { h, token } = await login();
    expect(
      await h.ok('todoist__show_project', { access_token: token, project_id: 0 }),
    ).toMatchObject({
      project_id: 1,
      name: 'Inbox',
      is_inbox: true,
    });
    const home = await h.ok('todoist__show_project', { access_token: token, project_id: 2 });
    expect(home).toMatchObject({
      name: 'Home',
      num_tasks: 2,
      sections: [{ id: 1, name: 'Kitchen', num_tasks: 1 }],
      collaborators: [{ email: 'stmcco@gmail.com' }],
    });
    expect(
      await h.ok('todoist__show_sections', { access_token: token, project_id: 2 }),
    ).toMatchObject([{ section_id: 1, name: 'Kitchen', num_tasks: 1 }]);
    const tasks = await h.ok('todoist__show_tasks', { access_token: token, project_id: 2 });
    expect(tasks.no_section_tasks.map((t: { title: string }) => t.title)).toEqual(['Water plants']);
    expect(tasks.sections[0].tasks[0]).toMatchObject({
      title: 'Fix tap',
      num_sub_tasks: 1,
      labels: [{ id: 1, name: 'urgent', color: 'red' }],
    });
    // As AppWorld, a section with no matching task is left out.
    expect(
      (await h.ok('todoist__show_tasks', { access_token: token, project_id: 2, priority: 'low' }))
        .sections,
    ).toEqual([]);
    expect(
      await h.ok('todoist__show_projects', { access_token: token, query: 'home' }),
    ).toHaveLength(1);
    expect(await h.fails('todoist__show_project', { access_token: token, project_id: 42 })).toMatch(
      /404[\s\S]*project_id 42/,
    );
  });

  it('builds and tears down a temporary board (the Financier cleanup flow)', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    const { project_id } = await h.ok('todoist__create_project', {
      ...t,
      name: 'Temporary Launch Rehearsal Board - Beacon',
    });
    const { section_id } = await h.ok('todoist__create_section', {
      ...t,
      project_id,
      name: 'Tonight Rehearsal',
    });
    const { task_id } = await h.ok('todoist__create_task', {
      ...t,
      title: 'Slides',
      project_id,
      section_id,
      description: 'final deck',
    });
    await h.ok('todoist__assign_or_unassign_task', {
      ...t,
      task_id,
      assignee_email: 'stmcco@gmail.com',
    });
    await h.ok('todoist__update_task', {
      ...t,
      task_id,
      description: 'checkpoints 17:45 and 18:30',
    });
    const { label_id } = await h.ok('todoist__create_label', { ...t, name: 'launch-blocker' });
    await h.ok('todoist__add_label_to_task', { ...t, label_id, task_id });
    const { task_comment_id } = await h.ok('todoist__post_task_comment', {
      ...t,
      task_id,
      content: 'Escalate at 18:30',
    });
    expect(await h.ok('todoist__show_task', { ...t, task_id })).toMatchObject({
      project_id,
      section_id,
      description: 'checkpoints 17:45 and 18:30',
      assignee: { email: 'stmcco@gmail.com' },
      labels: [{ id: label_id, name: 'launch-blocker' }],
    });
    expect(await h.ok('todoist__show_task_comments', { ...t, task_id })).toMatchObject([
      { task_comment_id, content: 'Escalate at 18:30', user: { email: 'stmcco@gmail.com' } },
    ]);
    expect(await h.ok('todoist__search_labels', { ...t, task_id })).toMatchObject([
      { label_id, name: 'launch-blocker' },
    ]);
    await h.ok('todoist__remove_label_from_task', { ...t, task_id, label_id });
    await h.ok('todoist__delete_task_comment', { ...t, task_comment_id });
    await h.ok('todoist__delete_task', { ...t, task_id });
    await h.ok('todoist__delete_label', { ...t, label_id });
    await h.ok('todoist__delete_section', { ...t, section_id });
    await h.ok('todoist__delete_project', { ...t, project_id });
    expect(await h.fails('todoist__show_project', { ...t, project_id })).toMatch(/404/);
    expect(Object.keys((h.apps.snapshot().todoist as { tasks: object }).tasks)).toEqual(['1', '2']);
  });

  it('creates tasks in the Inbox (project 0), orders them, and needs a project_id as AppWorld does', async () => {
    const { h, token } = await login();
    const a = await h.ok('todoist__create_task', {
      access_token: token,
      title: 'A',
      project_id: 0,
    });
    const b = await h.ok('todoist__create_task', {
      access_token: token,
      title: 'B',
      project_id: 0,
      order_index: 0,
    });
    expect(await h.fails('todoist__create_task', { access_token: token, title: 'C' })).toMatch(
      /project_id/,
    );
    const inbox = await h.ok('todoist__show_tasks', { access_token: token, project_id: 0 });
    expect(inbox.no_section_tasks.map((x: { task_id: number }) => x.task_id)).toEqual([
      b.task_id,
      a.task_id,
    ]);
    expect(
      await h.fails('todoist__create_task', {
        access_token: token,
        title: 'C',
        project_id: 2,
        section_id: 99,
      }),
    ).toMatch(/404/);
  });

  it('manages sub-tasks', async () => {
    const { h, token } = await login();
    const { sub_task_id } = await h.ok('todoist__create_sub_task', {
      access_token: token,
      task_id: 1,
      title: 'Call plumber',
    });
    await h.ok('todoist__update_sub_task', {
      access_token: token,
      sub_task_id,
      is_completed: true,
    });
    const subs = await h.ok('todoist__show_sub_tasks', { access_token: token, task_id: 1 });
    expect(
      subs.map((s: { title: string; is_completed: boolean }) => [s.title, s.is_completed]),
    ).toEqual([
      ['Buy washer', false],
      ['Call plumber', true],
    ]);
    await h.ok('todoist__delete_sub_task', { access_token: token, sub_task_id });
    expect(await h.ok('todoist__show_sub_tasks', { access_token: token, task_id: 1 })).toHaveLength(
      1,
    );
    expect(
      await h.fails('todoist__create_sub_task', { access_token: token, task_id: 99, title: 'x' }),
    ).toMatch(/404/);
  });

  it('updates projects, sections and comments', async () => {
    const { h, token } = await login();
    await h.ok('todoist__update_project', {
      access_token: token,
      project_id: 2,
      name: 'House',
      is_favorite: true,
    });
    await h.ok('todoist__update_section', {
      access_token: token,
      section_id: 1,
      name: 'Kitchen & bath',
    });
    const { task_comment_id } = await h.ok('todoist__post_task_comment', {
      access_token: token,
      task_id: 2,
      content: 'daily',
    });
    await h.ok('todoist__update_task_comment', {
      access_token: token,
      task_comment_id,
      content: 'twice a week',
    });
    expect(
      (await h.ok('todoist__show_task_comment', { access_token: token, task_comment_id })).content,
    ).toBe('twice a week');
    expect(
      await h.ok('todoist__show_project', { access_token: token, project_id: 2 }),
    ).toMatchObject({
      name: 'House',
      is_favorite: true,
      sections: [{ name: 'Kitchen & bath' }],
    });
    expect(
      await h.fails('todoist__delete_project', { access_token: token, project_id: 0 }),
    ).toMatch(/422[\s\S]*Inbox/);
  });

  it('rejects unknown assignees, a label added twice and bad enums', async () => {
    const { h, token } = await login();
    expect(
      await h.fails('todoist__assign_or_unassign_task', {
        access_token: token,
        task_id: 1,
        assignee_email: 'stranger@x.com',
      }),
    ).toMatch(/422[\s\S]*collaborator/);
    await h.ok('todoist__assign_or_unassign_task', {
      access_token: token,
      task_id: 1,
      assignee_email: 'la-mcco@gmail.com',
    });
    await h.ok('todoist__assign_or_unassign_task', { access_token: token, task_id: 1 });
    expect(
      (await h.ok('todoist__show_task', { access_token: token, task_id: 1 })).assignee,
    ).toBeNull();
    // AppWorld allows two labels of one name, but not one label twice on a task.
    const { label_id } = await h.ok('todoist__create_label', {
      access_token: token,
      name: 'urgent',
    });
    await h.ok('todoist__add_label_to_task', { access_token: token, task_id: 1, label_id });
    expect(
      await h.fails('todoist__add_label_to_task', { access_token: token, task_id: 1, label_id }),
    ).toMatch(/422[\s\S]*already added/);
    expect(
      await h.fails('todoist__create_task', {
        access_token: token,
        title: 'x',
        project_id: 0,
        priority: 'critical',
      }),
    ).toMatch(/priority/);
  });

  it('lists, counts, marks and deletes seeded notifications as AppWorld does', async () => {
    const seed = {
      todoist: {
        ...SEED.todoist,
        notifications: [
          {
            type: 'task_assigned',
            title: 'You are assigned a task.',
            message: 'Lara has assigned you a task.',
            data: { project_id: 2, task_id: 1 },
            created_at: '2026-01-04T08:00:00',
          },
          {
            type: 'task_comment_added',
            title: 'A new task comment is posted.',
            message: 'Lara has posted a comment.',
            read: true,
            created_at: '2026-01-05T08:00:00',
          },
        ],
      },
    };
    const { h, token } = await loggedIn(seed, 'todoist', 'stmcco@gmail.com', 'Ozz21Q4');
    const all = await h.ok('todoist__show_notifications', { access_token: token });
    expect(all.map((n: { notification_id: number }) => n.notification_id)).toEqual([2, 1]);
    expect(all[1]).toEqual({
      notification_id: 1,
      type: 'task_assigned',
      title: 'You are assigned a task.',
      message: 'Lara has assigned you a task.',
      read: false,
      created_at: '2026-01-04T08:00:00',
      data: { project_id: 2, task_id: 1 },
    });
    expect(await h.ok('todoist__show_notifications_count', { access_token: token })).toEqual({
      notifications_count: 2,
    });
    expect(
      await h.ok('todoist__show_notifications_count', { access_token: token, read: false }),
    ).toEqual({ notifications_count: 1 });
    expect(
      await h.ok('todoist__mark_notification', {
        access_token: token,
        notification_id: 1,
        read: true,
      }),
    ).toEqual({
      message: 'Marked notification as read.',
    });
    expect(
      await h.ok('todoist__show_notifications', { access_token: token, read: 'false' }),
    ).toEqual([]);
    expect(
      await h.fails('todoist__mark_notification', {
        access_token: token,
        notification_id: 9,
        read: true,
      }),
    ).toMatch(/404[\s\S]*notification_id 9/);
    expect(
      await h.fails('todoist__mark_notification', { access_token: token, notification_id: 1 }),
    ).toMatch(/read/);
    expect(await h.ok('todoist__delete_notifications', { access_token: token })).toEqual({
      message: 'Deleted all notifications.',
    });
    expect(await h.ok('todoist__show_notifications_count', { access_token: token })).toEqual({
      notifications_count: 0,
    });
  });

  it('searches users, the account included, without a login', async () => {
    const h = appHarness(SEED);
    expect(await h.ok('todoist__search_users', {})).toEqual([
      {
        first_name: 'Sam',
        last_name: 'McCo',
        email: 'stmcco@gmail.com',
        registered_at: expect.any(String),
      },
      {
        first_name: 'La',
        last_name: 'Mcco',
        email: 'la-mcco@gmail.com',
        registered_at: expect.any(String),
      },
    ]);
    expect(await h.ok('todoist__search_users', { query: 'Sam' })).toMatchObject([
      { email: 'stmcco@gmail.com' },
    ]);
    expect(await h.ok('todoist__search_users', { query: 'nobody' })).toEqual([]);
  });

  it('makes changes visible to app_state rules', async () => {
    const { h, token } = await login();
    const rule = { app: 'todoist', path: 'projects.*.name', pattern: '^Temporary' };
    expect(h.holds(rule)).toBe(false);
    await h.ok('todoist__create_project', { access_token: token, name: 'Temporary board' });
    expect(h.holds(rule)).toBe(true);
  });

  it('reports seed mistakes at their path', async () => {
    const { validateAppSeeds } = await import('../../src/apps/index.ts');
    expect(
      validateAppSeeds({
        todoist: {
          projects: [{ name: 'P', tasks: [{ title: 't', section: 'Nope', labels: ['x'] }] }],
        },
      }),
    ).toEqual([
      {
        path: ['todoist', 'projects', 0, 'tasks', 0, 'section'],
        message: 'no section named "Nope" in project "P"',
      },
      {
        path: ['todoist', 'projects', 0, 'tasks', 0, 'labels', 0],
        message: 'no label named "x" under labels',
      },
    ]);
  });
});
