import { describe, expect, it } from 'vitest';
import { appHarness, loggedIn } from './harness.ts';

const ME = 'la-mcco@gmail.com';
const SEED = {
  splitwise: {
    account: { email: ME, password: 'T8H2[32', first_name: 'Lara', last_name: 'McCo' },
    users: [
      { email: 'wei@lab.org', first_name: 'Wei', last_name: 'Zhang' },
      { email: 'ana@lab.org' },
    ],
    groups: [{ name: 'Lab Lunch', members: ['wei@lab.org'] }],
    expenses: [
      { group_id: 1, description: 'Pizza', paid_amount: 30, debtor_emails: [ME, 'wei@lab.org'] },
    ],
  },
};

const login = () => loggedIn(SEED, 'splitwise', ME, 'T8H2[32');

describe('splitwise', () => {
  it('logs in with the declared credentials only', async () => {
    const h = appHarness(SEED);
    expect(await h.fails('splitwise__login', { username: ME, password: 'x' })).toMatch(
      /Invalid credentials/,
    );
    expect(await h.login('splitwise', ME, 'T8H2[32')).toBe('splitwise-access-token-1');
  });

  it('accepts the mcp_appworld_ prefix and lists groups with members', async () => {
    const { h, token } = await login();
    expect(
      await h.ok('mcp_appworld_splitwise__show_groups', { access_token: token }),
    ).toMatchObject([
      {
        group_id: 1,
        name: 'Lab Lunch',
        members: [
          { email: ME, name: 'Lara McCo' },
          { email: 'wei@lab.org', name: 'Wei Zhang' },
        ],
      },
    ]);
  });

  it('runs the dinner expense lifecycle: group, record, list, update, delete', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    const { group_id } = await h.ok('splitwise__create_group', {
      ...t,
      name: 'Dinner Crew',
      member_emails: ['wei@lab.org', 'ana@lab.org'],
    });
    expect((await h.ok('splitwise__show_group', { ...t, group_id })).members).toHaveLength(3);
    const { expense_id } = await h.ok('splitwise__record_expense', {
      ...t,
      description: 'Team dinner',
      paid_amount: 100,
      payer_email: ME,
      debtor_emails: [ME, 'wei@lab.org', 'ana@lab.org'],
      group_id,
    });
    const listed = await h.ok('splitwise__show_group_expenses', { ...t, group_id });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      expense_id,
      description: 'Team dinner',
      paid_amount: 100,
      payer: { email: ME },
    });
    expect(listed[0].shares.map((s: { debt_amount: number }) => s.debt_amount)).toEqual([
      33.34, 33.33, 33.33,
    ]);
    await h.ok('splitwise__update_expense', { ...t, expense_id, paid_amount: 90 });
    expect(
      (await h.ok('splitwise__show_expense', { ...t, expense_id })).shares.map(
        (s: { debt_amount: number }) => s.debt_amount,
      ),
    ).toEqual([30, 30, 30]);
    await h.ok('splitwise__delete_expense', { ...t, expense_id });
    expect(await h.ok('splitwise__show_group_expenses', { ...t, group_id })).toEqual([]);
    expect(
      await h.ok('splitwise__show_group_expenses', { ...t, group_id, deleted: true }),
    ).toHaveLength(1);
    expect(await h.fails('splitwise__delete_expense', { ...t, expense_id })).toMatch(
      /422[\s\S]*already been marked deleted/,
    );
  });

  it('checks members, amounts and ids', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    expect(
      await h.fails('splitwise__record_expense', {
        ...t,
        description: 'x',
        paid_amount: 10,
        payer_email: ME,
        debtor_emails: ['ana@lab.org'],
        group_id: 1,
      }),
    ).toMatch(/422[\s\S]*Debtor with email ana@lab.org is not a member of the group/);
    await h.ok('splitwise__add_member_to_group', { ...t, group_id: 1, user_email: 'ana@lab.org' });
    expect(
      await h.fails('splitwise__add_member_to_group', {
        ...t,
        group_id: 1,
        user_email: 'ana@lab.org',
      }),
    ).toMatch(/422[\s\S]*already a member/);
    await h.ok('splitwise__record_expense', {
      ...t,
      description: 'Taxi',
      paid_amount: 10,
      payer_email: 'ana@lab.org',
      debtor_emails: [ME],
      group_id: 1,
    });
    expect(
      await h.fails('splitwise__record_expense', {
        ...t,
        description: 'x',
        paid_amount: 10,
        payer_email: ME,
        debtor_emails: [ME, 'wei@lab.org'],
        debt_amounts: [10],
      }),
    ).toMatch(/Number of debtor IDs and debt amounts must be the same/);
    expect(
      await h.fails('splitwise__record_expense', {
        ...t,
        description: 'x',
        paid_amount: 10,
        payer_email: ME,
        debtor_emails: [ME, 'wei@lab.org'],
        debt_amounts: [5, 4],
      }),
    ).toMatch(/sum of debt amounts/);
    expect(
      await h.fails('splitwise__record_expense', {
        ...t,
        description: 'x',
        paid_amount: 10,
        payer_email: ME,
        debtor_emails: [ME],
      }),
    ).toMatch(/payer cannot be a debtor/);
    expect(await h.fails('splitwise__show_group', { ...t, group_id: 9 })).toMatch(/404/);
    await h.ok('splitwise__delete_group', { ...t, group_id: 1 });
    expect(await h.ok('splitwise__show_groups', t)).toEqual([]);
    expect(await h.ok('splitwise__show_groups', { ...t, delete: true })).toMatchObject([
      { group_id: 1, deleted: true },
    ]);
    expect(
      await h.fails('splitwise__update_expense', { ...t, expense_id: 9, description: 'x' }),
    ).toMatch(/404/);
  });

  it('computes group balances and balances with users', async () => {
    const { h, token } = await login();
    const lara = { name: 'Lara McCo', email: ME };
    const wei = { name: 'Wei Zhang', email: 'wei@lab.org' };
    expect(
      await h.ok('splitwise__show_group_balance', { access_token: token, group_id: 1 }),
    ).toEqual([
      {
        source: lara,
        source_owes_to_targets: { total: 0, breakdown: [] },
        targets_owe_to_source: { total: 15, breakdown: [{ ...wei, amount: 15 }] },
      },
      {
        source: wei,
        source_owes_to_targets: { total: 15, breakdown: [{ ...lara, amount: 15 }] },
        targets_owe_to_source: { total: 0, breakdown: [] },
      },
    ]);
    expect(
      await h.ok('splitwise__show_group_balance', {
        access_token: token,
        group_id: 1,
        email: 'wei@lab.org',
      }),
    ).toHaveLength(1);
    expect(await h.ok('splitwise__search_users', { access_token: token, query: 'wei' })).toEqual([
      { ...wei, direction: 'they_owe_you', amount: 15 },
    ]);
    expect(await h.ok('splitwise__show_people_balance', { access_token: token })).toEqual({
      you_owe_others: 0,
      others_owe_you: 15,
      breakdown: [{ ...wei, direction: 'they_owe_you', amount: 15 }],
    });
    expect(
      await h.ok('splitwise__show_person_balance', { access_token: token, email: 'wei@lab.org' }),
    ).toEqual({
      direction: 'they_owe_you',
      total: 15,
      breakdown: [{ group_id: 1, group_name: 'Lab Lunch', direction: 'they_owe_you', amount: 15 }],
    });
    expect(
      await h.fails('splitwise__show_person_balance', { access_token: token, email: ME }),
    ).toMatch(/with yourself/);
  });

  it('makes recorded expenses visible to app_state rules', async () => {
    const { h, token } = await login();
    const rule = { app: 'splitwise', path: 'expenses.*.description', pattern: '(?i)dinner' };
    expect(h.holds(rule)).toBe(false);
    await h.ok('splitwise__record_expense', {
      access_token: token,
      description: 'Dinner',
      paid_amount: 20,
      payer_email: ME,
      debtor_emails: ['wei@lab.org'],
      group_id: 1,
    });
    expect(h.holds(rule)).toBe(true);
  });
});
