/** splitwise on the user's phone: groups, a group's expenses and balances, adding an expense. */
import { clip, people, type AppScreens } from '../screens/spec.ts';

export const splitwiseScreens: AppScreens = {
  app: 'splitwise',
  title: 'Splitwise',
  home: 'groups',
  screens: [
    {
      kind: 'list',
      id: 'groups',
      title: 'Groups',
      api: 'show_groups',
      items: (r) => r,
      label: (g) => `${clip(g.name, 40)} · ${clip(people(g.members), 40)}`,
      open: { screen: 'group', params: (g) => ({ group_id: g.group_id, name: g.name }) },
      empty: '(no groups)',
      actions: [
        {
          name: 'new_group',
          label: 'new group',
          api: 'create_group',
          fields: ['name', 'member_emails'],
        },
      ],
    },
    {
      kind: 'list',
      id: 'group',
      title: (p) => String(p.name ?? 'Group'),
      api: 'show_group_expenses',
      args: (p) => ({ group_id: p.group_id }),
      items: (r) => r,
      label: (e) =>
        `${clip(e.description, 40)} · $${e.paid_amount} paid by ${e.payer?.name ?? '?'}`,
      open: { screen: 'expense', params: (e) => ({ expense_id: e.expense_id }) },
      empty: '(no expenses)',
      actions: [
        {
          name: 'add_expense',
          label: 'add an expense',
          api: 'record_expense',
          fields: ['description', 'paid_amount', 'payer_email', 'debtor_emails', 'debt_amounts?'],
          fixed: (p) => ({ group_id: p.group_id }),
        },
        { name: 'balances', label: 'balances', go: 'balances' },
      ],
    },
    {
      kind: 'list',
      id: 'balances',
      title: 'Balances',
      api: 'show_group_balance',
      args: (p) => ({ group_id: p.group_id }),
      items: (r) => r,
      label: (b) =>
        `${b.source?.name ?? '?'}: owes ${b.source_owes_to_targets?.total ?? 0}, is owed ${b.targets_owe_to_source?.total ?? 0}`,
    },
    {
      kind: 'item',
      id: 'expense',
      api: 'show_expense',
      args: (p) => ({ expense_id: p.expense_id }),
      title: (e) => clip(e.description, 60),
      lines: (e) => [
        `$${e.paid_amount} paid by ${e.payer?.name ?? '?'} on ${String(e.created_at ?? '').slice(0, 10)}`,
        ...(e.shares ?? []).map(
          (d: { debtor?: { name?: string }; debt_amount?: number }) =>
            `- ${d.debtor?.name ?? '?'} owes ${d.debt_amount}`,
        ),
      ],
    },
  ],
};
