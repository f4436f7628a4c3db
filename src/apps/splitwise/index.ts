/** splitwise: AppWorld's bill-splitting app (groups, shared expenses, balances). */
import { z } from 'zod';
import { AppKit, fail, getEntity, isOwner, ownerRef, personRef, type AppCall } from '../kit/app.ts';
import { balanceWith, groupBalance, peopleBalance, personBalance } from './balance.ts';
import { bool, email, emails, int, name, num, paging, query, text } from '../kit/args.ts';
import { defineApp } from '../kit/define.ts';
import { paginate, searchBy, sortBy, withinDates } from '../kit/query.ts';
import {
  assignIds,
  baseFromSeed,
  baseSeedShape,
  checkUniqueIds,
  emptyBase,
  fullName,
  personFromSeed,
  roundMoney,
  PersonSeed,
  SeedId,
  type BaseState,
  type EntityMap,
  type Person,
} from '../kit/state.ts';

export interface Group {
  group_id: number;
  name: string;
  description: string;
  member_emails: string[];
  creator_email: string;
  created_at: string;
  deleted: boolean;
}

export interface Share {
  email: string;
  amount: number;
}

export interface Expense {
  expense_id: number;
  group_id: number | null;
  description: string;
  paid_amount: number;
  payer_email: string;
  shares: Share[];
  creator_email: string;
  created_at: string;
  deleted: boolean;
}

export interface SplitwiseState extends BaseState {
  users: EntityMap<Person>;
  groups: EntityMap<Group>;
  expenses: EntityMap<Expense>;
}

const GroupSeed = z.strictObject({
  id: SeedId,
  name: z.string().min(1),
  description: z.string().default(''),
  members: z.array(z.email()).default([]).meta({ description: 'members besides the account' }),
});

const ExpenseSeed = z.strictObject({
  id: SeedId,
  group_id: z.number().int().positive().optional(),
  description: z.string(),
  paid_amount: z.number().positive(),
  payer_email: z.email().optional().meta({ description: 'default: the account' }),
  debtor_emails: z.array(z.email()).min(1),
  debt_amounts: z.array(z.number().min(0)).optional(),
});

export const SplitwiseSeed = z.strictObject({
  ...baseSeedShape,
  users: z.array(PersonSeed).optional().meta({ description: 'friends and other known users' }),
  groups: z
    .array(GroupSeed)
    .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'group'))
    .optional(),
  expenses: z
    .array(ExpenseSeed)
    .superRefine((l, ctx) => {
      checkUniqueIds(l, ctx, 'expense');
      l.forEach((e, i) => {
        if (e.debt_amounts && e.debt_amounts.length !== e.debtor_emails.length)
          ctx.addIssue({
            code: 'custom',
            path: [i, 'debt_amounts'],
            message: 'needs one amount per debtor email',
          });
      });
    })
    .optional(),
});

/** Equal shares in cents; the first debtors take the leftover cents. */
function shares(paid: number, debtors: string[], amounts: number[] | undefined): Share[] {
  if (amounts) return debtors.map((email, i) => ({ email, amount: roundMoney(amounts[i] ?? 0) }));
  const cents = Math.round(paid * 100);
  const each = Math.floor(cents / debtors.length);
  return debtors.map((email, i) => ({
    email,
    amount: (each + (i < cents - each * debtors.length ? 1 : 0)) / 100,
  }));
}

function build(seed: z.output<typeof SplitwiseSeed>): SplitwiseState {
  const base = baseFromSeed(seed);
  const me = base.account?.email ?? base.account?.username ?? 'me@example.com';
  const users = assignIds(seed.users ?? [], (u) => personFromSeed(u));
  const groups = assignIds(seed.groups ?? [], (g, id): Group => ({
    group_id: id,
    name: g.name,
    description: g.description,
    member_emails: [me, ...g.members.filter((m) => m !== me)],
    creator_email: me,
    created_at: base.now,
    deleted: false,
  }));
  const expenses = assignIds(seed.expenses ?? [], (e, id): Expense => ({
    expense_id: id,
    group_id: e.group_id ?? null,
    description: e.description,
    paid_amount: e.paid_amount,
    payer_email: e.payer_email ?? me,
    shares: shares(e.paid_amount, e.debtor_emails, e.debt_amounts),
    creator_email: me,
    created_at: base.now,
    deleted: false,
  }));
  return {
    ...base,
    next_id: { user: users.next, group: groups.next, expense: expenses.next },
    users: users.map,
    groups: groups.map,
    expenses: expenses.map,
  };
}

const kit = new AppKit<SplitwiseState>({
  name: 'splitwise',
  title: 'Splitwise',
  empty: () => ({ ...emptyBase(), users: {}, groups: {}, expenses: {} }),
});
type Call = AppCall<SplitwiseState>;

const groupId = int('The ID of the group.');
const expenseId = int('The ID of the expense.');

function group(call: Call, id: number) {
  const g = getEntity(call.state.groups, id, 'Group', 'group_id');
  if (!g.member_emails.some((m) => isOwner(call.owner, m)))
    fail(404, `Group with group_id ${id} does not exist.`);
  return g;
}

function expense(call: Call, id: number) {
  return getEntity(call.state.expenses, id, 'Expense', 'expense_id');
}

function groupView(call: Call, g: Group) {
  return {
    group_id: g.group_id,
    name: g.name,
    description: g.description,
    created_at: g.created_at,
    deleted: g.deleted,
    creator: personRef(call.state, g.creator_email),
    members: g.member_emails.map((m) => personRef(call.state, m)),
  };
}

function expenseView(call: Call, e: Expense) {
  return {
    expense_id: e.expense_id,
    group_id: e.group_id,
    description: e.description,
    deleted: e.deleted,
    created_at: e.created_at,
    shares: e.shares.map((s) => ({
      debtor: personRef(call.state, s.email),
      debt_amount: s.amount,
    })),
    creator: personRef(call.state, e.creator_email),
    payer: personRef(call.state, e.payer_email),
    paid_amount: e.paid_amount,
  };
}

/** In a group expense every debtor must be a member (AppWorld checks the payer only on update). */
function checkDebtors(
  call: Call,
  groupIdOrNull: number | null,
  debtors: string[],
  payer?: string,
): void {
  if (groupIdOrNull === null) return;
  const g = group(call, groupIdOrNull);
  const isMember = (p: string) => g.member_emails.some((m) => m.toLowerCase() === p.toLowerCase());
  if (payer !== undefined && !isMember(payer))
    fail(422, `Payer user with email ${payer} is not a member of the group with ID ${g.group_id}.`);
  const outsider = debtors.find((p) => !isMember(p));
  if (outsider) fail(422, `Debtor with email ${outsider} is not a member of the group.`);
}

/** AppWorld's check that the shares add up to the amount (to within 10 cents). */
function checkSum(paid: number, amounts: number[] | undefined): void {
  if (amounts && Math.abs(amounts.reduce((s, n) => s + n, 0) - paid) > 0.1)
    fail(
      422,
      'The sum of debt amounts (rounded to cents) must be equal to the total amount of the expense (rounded to cents).',
    );
}

const tools = [
  ...kit.accountApis(),
  kit.api(
    'search_users',
    'Search Splitwise users by name or email address, with your balance with each.',
    {
      query,
      include_self: bool('Also list yourself, first (default false).').optional(),
      ...paging,
    },
    (a, call) => {
      const list = searchBy(
        Object.values(call.state.users),
        a.query,
        (u) => `${fullName(u)} ${u.email}`,
      ).filter((u) => !isOwner(call.owner, u.email));
      const self = a.include_self
        ? [{ ...ownerRef(call.owner), direction: 'no_balance', amount: 0 }]
        : [];
      return [
        ...self,
        ...paginate(list, a).map((u) => ({
          name: fullName(u),
          email: u.email,
          ...balanceWith(call, u.email),
        })),
      ];
    },
  ),
  kit.api(
    'show_groups',
    'List the groups you are a member of.',
    { delete: bool('Show deleted groups instead (default false).').optional(), ...paging },
    (a, call) => {
      const list = Object.values(call.state.groups).filter(
        (g) =>
          g.deleted === (a.delete ?? false) && g.member_emails.some((m) => isOwner(call.owner, m)),
      );
      return paginate(sortBy(list, undefined, '-created_at', 'group_id'), a).map((g) =>
        groupView(call, g),
      );
    },
  ),
  kit.api(
    'create_group',
    'Create a group of people to share expenses with (you are always a member).',
    {
      name: name('The name of the group.'),
      member_emails: emails('Members besides yourself.'),
      description: text('The description.').optional(),
    },
    (a, call) => {
      const me = call.ownerEmail;
      const id = call.nextId('group');
      call.state.groups[String(id)] = {
        group_id: id,
        name: a.name,
        description: a.description ?? '',
        member_emails: [me, ...new Set(a.member_emails.filter((m) => !isOwner(call.owner, m)))],
        creator_email: me,
        created_at: call.now,
        deleted: false,
      };
      return { message: 'Group created.', group_id: id };
    },
  ),
  kit.api('show_group', 'Show a group and its members.', { group_id: groupId }, (a, call) =>
    groupView(call, group(call, a.group_id)),
  ),
  kit.api(
    'add_member_to_group',
    'Add a member to a group.',
    { group_id: groupId, user_email: email('Email of the person to add.') },
    (a, call) => {
      const g = group(call, a.group_id);
      if (g.member_emails.some((m) => m.toLowerCase() === a.user_email.toLowerCase()))
        fail(422, 'User is already a member of the group.');
      g.member_emails.push(a.user_email);
      return { message: 'Member added to the group.' };
    },
  ),
  kit.api(
    'delete_group',
    'Delete a group and mark its expenses deleted (show_groups with delete=true lists it).',
    { group_id: groupId },
    (a, call) => {
      const g = group(call, a.group_id);
      if (g.deleted) fail(422, 'The group is already marked as deleted.');
      g.deleted = true;
      for (const e of Object.values(call.state.expenses))
        if (e.group_id === g.group_id) e.deleted = true;
      return { message: 'Group and its associated payments and expenses marked as deleted.' };
    },
  ),
  kit.api(
    'show_group_balance',
    'For a group (or, without group_id, your non-group expenses), who owes whom: per member, what they owe others and what others owe them.',
    {
      group_id: int('The group; absent: your non-group expenses.').optional(),
      email: email('Only this member (without group_id: only yourself).').optional(),
    },
    (a, call) =>
      groupBalance(call, a.group_id === undefined ? null : group(call, a.group_id), a.email),
  ),
  kit.api(
    'show_people_balance',
    'Show the total you owe others and others owe you, per person.',
    {},
    (_a, call) => peopleBalance(call),
  ),
  kit.api(
    'show_person_balance',
    'Show what you and one person owe each other, broken down by group (non-group expenses as a group with group_id null).',
    { email: email('The email of the person.') },
    (a, call) => personBalance(call, a.email),
  ),
  kit.api(
    'record_expense',
    'Record an expense paid by one person and owed by others (equal shares unless debt_amounts is given).',
    {
      description: text('A short description.'),
      paid_amount: num('The total amount paid.'),
      payer_email: email('Email of the person who paid.'),
      debtor_emails: emails('Emails of the people who owe a share.'),
      debt_amounts: z
        .array(z.number())
        .optional()
        .describe('Amount owed by each debtor, in the same order.'),
      group_id: int('The group this expense belongs to (none if absent).').optional(),
    },
    (a, call) => {
      if (a.paid_amount <= 0) fail(422, 'paid_amount must be positive.');
      if (!a.debtor_emails.length)
        fail(422, 'At least one debtor who owes a share of the expense must be specified.');
      if (a.debt_amounts && a.debt_amounts.length !== a.debtor_emails.length)
        fail(422, 'Number of debtor IDs and debt amounts must be the same.');
      checkSum(roundMoney(a.paid_amount), a.debt_amounts);
      if (
        a.group_id === undefined &&
        !isOwner(call.owner, a.payer_email) &&
        !a.debtor_emails.some((d) => isOwner(call.owner, d))
      )
        fail(
          422,
          'You are neither payer or debtor of this expense and the expense does not belong to a group. So you cannot create it.',
        );
      checkDebtors(call, a.group_id ?? null, a.debtor_emails);
      if (a.debtor_emails.length === 1 && a.debtor_emails[0] === a.payer_email)
        fail(
          422,
          'A payer cannot be a debtor if there is only one debtor involved in the expense.',
        );
      const id = call.nextId('expense');
      call.state.expenses[String(id)] = {
        expense_id: id,
        group_id: a.group_id ?? null,
        description: a.description,
        paid_amount: a.paid_amount,
        payer_email: a.payer_email,
        shares: shares(a.paid_amount, a.debtor_emails, a.debt_amounts),
        creator_email: call.ownerEmail,
        created_at: call.now,
        deleted: false,
      };
      return { message: 'Expense recorded.', expense_id: id };
    },
  ),
  kit.api(
    'show_group_expenses',
    'Show or search the expenses of a group.',
    {
      group_id: groupId,
      query,
      participant_email: email('Only expenses this person paid or owes.').optional(),
      min_amount: num('Minimum amount.').optional(),
      max_amount: num('Maximum amount.').optional(),
      min_created_at: text('Minimum created_at date, YYYY-MM-DD.').optional(),
      max_created_at: text('Maximum created_at date, YYYY-MM-DD.').optional(),
      deleted: bool('Show deleted expenses instead (default false).').optional(),
      ...paging,
      sort_by: text('+/- created_at or paid_amount; default -created_at.').optional(),
    },
    (a, call) => {
      const g = group(call, a.group_id);
      let list = Object.values(call.state.expenses)
        .filter((e) => e.group_id === g.group_id && e.deleted === (a.deleted ?? false))
        .filter(
          (e) =>
            a.participant_email === undefined ||
            e.payer_email === a.participant_email ||
            e.shares.some((s) => s.email === a.participant_email),
        )
        .filter(
          (e) =>
            (a.min_amount === undefined || e.paid_amount >= a.min_amount) &&
            (a.max_amount === undefined || e.paid_amount <= a.max_amount),
        )
        .filter((e) => withinDates(e.created_at, a.min_created_at, a.max_created_at));
      list = a.query?.trim()
        ? searchBy(list, a.query, (e) => e.description)
        : sortBy(list, a.sort_by?.replace(/amount$/, 'paid_amount'), '-created_at', 'expense_id');
      return paginate(list, a).map((e) => expenseView(call, e));
    },
  ),
  kit.api('show_expense', 'Show an expense.', { expense_id: expenseId }, (a, call) =>
    expenseView(call, expense(call, a.expense_id)),
  ),
  kit.api(
    'update_expense',
    'Update an expense; only the fields given change (new debtors are split equally unless debt_amounts is given).',
    {
      expense_id: expenseId,
      description: text('New description.').optional(),
      paid_amount: num('New total amount.').optional(),
      payer_email: email('New payer.').optional(),
      debtor_emails: emails('New debtors.').optional(),
      debt_amounts: z
        .array(z.number())
        .optional()
        .describe('New amount owed by each debtor; needs debtor_emails.'),
    },
    (a, call) => {
      const e = expense(call, a.expense_id);
      if (e.deleted)
        fail(
          422,
          'This expense has been marked deleted. Undelete it first if you want to update it.',
        );
      if (a.debt_amounts && !a.debtor_emails)
        fail(422, 'debtor_emails must be passed if debt_amounts are passed.');
      if (a.paid_amount !== undefined && a.paid_amount <= 0)
        fail(422, 'paid_amount must be positive.');
      if (a.debtor_emails?.length === 0)
        fail(
          422,
          'To update debtors, at least one debtor who owes a share of the expense must be specified.',
        );
      const debtors = a.debtor_emails ?? e.shares.map((s) => s.email);
      if (a.debt_amounts && a.debt_amounts.length !== debtors.length)
        fail(422, 'Number of debtor IDs and debt amounts must be the same.');
      checkSum(a.paid_amount ?? e.paid_amount, a.debt_amounts);
      checkDebtors(call, e.group_id, a.debtor_emails ?? [], a.payer_email);
      if (a.description !== undefined) e.description = a.description;
      if (a.payer_email !== undefined) e.payer_email = a.payer_email;
      if (a.paid_amount !== undefined) e.paid_amount = a.paid_amount;
      if (a.paid_amount !== undefined || a.debtor_emails !== undefined)
        e.shares = shares(e.paid_amount, debtors, a.debt_amounts);
      return { message: 'Expense information updated.' };
    },
  ),
  kit.api('delete_expense', 'Mark an expense as deleted.', { expense_id: expenseId }, (a, call) => {
    const e = expense(call, a.expense_id);
    if (e.deleted) fail(422, 'This expense has already been marked deleted.');
    e.deleted = true;
    return { message: 'Expense marked as deleted.' };
  }),
];

export const splitwise = defineApp({
  name: 'splitwise',
  title: 'Splitwise',
  seedSchema: SplitwiseSeed,
  collections: ['users', 'groups', 'expenses'],
  // The APIs that change nothing the user owns (login included): a proposal's observe turns offer only these.
  readOnly: [
    'login',
    'show_account',
    'show_profile',
    'search_users',
    'show_groups',
    'show_group',
    'show_group_balance',
    'show_people_balance',
    'show_person_balance',
    'show_group_expenses',
    'show_expense',
  ],
  tools,
  build,
});
