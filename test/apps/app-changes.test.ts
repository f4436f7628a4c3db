import { describe, expect, it } from 'vitest';
import { diffApps } from '../../src/apps/diff.ts';
import { appHarness } from './harness.ts';

const SEED = {
  todoist: {
    account: { email: 'sam@home.org', password: 'Ozz21Q4', first_name: 'Sam', last_name: 'McCo' },
    projects: [{ name: 'Shopping', tasks: [{ title: 'Milk' }] }],
  },
  splitwise: {
    account: { email: 'lara@lab.org', password: 'T8H2[32', first_name: 'Lara', last_name: 'McCo' },
    users: [{ email: 'wei@lab.org', first_name: 'Wei', last_name: 'Zhang' }],
    groups: [{ name: 'Lab Lunch', members: ['wei@lab.org'] }],
    expenses: [
      {
        group_id: 1,
        description: 'Pizza',
        paid_amount: 30,
        debtor_emails: ['lara@lab.org', 'wei@lab.org'],
      },
    ],
  },
};

describe('app changes as a person reads them', () => {
  it('names a todoist task added to its project, and hides the login bookkeeping', async () => {
    const h = appHarness(SEED);
    const before = h.apps.snapshot();
    const token = await h.login('todoist', 'sam@home.org', 'Ozz21Q4');
    const projects = await h.ok('todoist__show_projects', { access_token: token });
    const shopping = projects.find((p: { name: string }) => p.name === 'Shopping');
    await h.ok('todoist__create_task', {
      access_token: token,
      title: 'Hand soap',
      project_id: shopping.project_id,
    });
    const [todoist] = diffApps(before, h.apps.snapshot());
    expect(todoist?.app).toBe('todoist');
    expect(todoist?.changes).toEqual([
      { kind: 'added', what: 'task', name: 'Hand soap', parent: 'project Shopping' },
    ]);
    // The login wrote a token, a counter and a login time: left out of the summary, named as hidden.
    expect(todoist?.hidden).toEqual(['access_tokens', 'account.last_logged_in', 'next_id']);
    expect(JSON.stringify(todoist?.changes)).not.toContain('access-token');
    // The raw diff still has every byte for whoever asks.
    expect(todoist?.patch).toContain('"access_tokens"');
  });

  it('lists the changed fields of an updated splitwise expense, old → new', async () => {
    const h = appHarness(SEED);
    const token = await h.login('splitwise', 'lara@lab.org', 'T8H2[32');
    const before = h.apps.snapshot();
    await h.ok('splitwise__update_expense', {
      access_token: token,
      expense_id: 1,
      paid_amount: 45,
    });
    const [splitwise] = diffApps(before, h.apps.snapshot());
    expect(splitwise?.changes).toHaveLength(1);
    const [change] = splitwise?.changes ?? [];
    expect(change).toMatchObject({ kind: 'changed', what: 'expense', name: 'Pizza' });
    expect(change?.fields?.find((f) => f.field === 'paid_amount')).toEqual({
      field: 'paid_amount',
      from: '30',
      to: '45',
    });
    expect(splitwise?.hidden).toEqual([]);
  });

  it('says a removed record by name, and a state with only bookkeeping changed has no changes', async () => {
    const h = appHarness(SEED);
    const token = await h.login('todoist', 'sam@home.org', 'Ozz21Q4');
    const before = h.apps.snapshot();
    await h.ok('todoist__delete_task', { access_token: token, task_id: 1 });
    expect(diffApps(before, h.apps.snapshot())[0]?.changes).toEqual([
      { kind: 'removed', what: 'task', name: 'Milk', parent: 'project Shopping' },
    ]);
    const loggedOut = h.apps.snapshot();
    await h.ok('todoist__logout', { access_token: token });
    const [logout] = diffApps(loggedOut, h.apps.snapshot());
    expect(logout?.changes).toEqual([]);
    expect(logout?.hidden).toEqual(['access_tokens']);
  });
});
