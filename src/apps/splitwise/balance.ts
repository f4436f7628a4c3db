/**
 * Splitwise balances the way AppWorld computes them: pairwise debts from the live expenses
 * (a debtor owes the payer their share), netted per pair, then shown per group member
 * (`show_group_balance`), per person over all groups (`show_people_balance`) or for one person
 * broken down by group (`show_person_balance`). Non-group expenses count as one more "group".
 */
import { fail, isOwner, personRef, type AppCall } from '../kit/app.ts';
import { roundMoney } from '../kit/state.ts';
import type { Expense, Group, SplitwiseState } from './index.ts';

type Call = AppCall<SplitwiseState>;
type Direction = 'you_owe_them' | 'they_owe_you' | 'no_balance';

/** The name AppWorld gives the non-group expenses in balance breakdowns. */
export const NO_GROUP_NAME = 'Non-group expenses';

/** `owes.get(a).get(b)`: what a owes b, net and positive only. */
function pairwiseDebts(expenses: readonly Expense[]): Map<string, Map<string, number>> {
  const raw = new Map<string, number>();
  const add = (a: string, b: string, n: number) =>
    raw.set(`${a}\n${b}`, (raw.get(`${a}\n${b}`) ?? 0) + n);
  for (const e of expenses)
    for (const s of e.shares) {
      add(e.payer_email, s.email, -s.amount);
      add(s.email, e.payer_email, s.amount);
    }
  const owes = new Map<string, Map<string, number>>();
  for (const [key, n] of raw) {
    if (n <= 0) continue;
    const [a = '', b = ''] = key.split('\n');
    owes.set(a, (owes.get(a) ?? new Map<string, number>()).set(b, n));
  }
  return owes;
}

function groupExpenses(call: Call, groupId: number | null): Expense[] {
  return Object.values(call.state.expenses).filter((e) => !e.deleted && e.group_id === groupId);
}

/** `show_group_balance`: who owes whom in a group (or, without one, in your non-group expenses). */
export function groupBalance(call: Call, group: Group | null, email: string | undefined) {
  if (group?.deleted) fail(422, 'Group is deleted. Undelete it first if you want to see balance.');
  if (!group && email !== undefined && !isOwner(call.owner, email))
    fail(422, 'If group_id is not passed, email can only be your own email or None.');
  const owes = pairwiseDebts(groupExpenses(call, group?.group_id ?? null));
  let shown = group ? group.member_emails : [call.ownerEmail];
  if (email !== undefined) {
    shown = shown.filter((m) => m.toLowerCase() === email.toLowerCase());
    if (!shown.length)
      fail(422, 'The user you want to show balance for is not a member of the group.');
  }
  const side = (rows: { email: string; amount: number }[]) => ({
    total: roundMoney(rows.reduce((sum, r) => sum + r.amount, 0)),
    breakdown: rows.map((r) => ({
      ...personRef(call.state, r.email),
      amount: roundMoney(r.amount),
    })),
  });
  return shown.map((who) => {
    const outgoing = [...(owes.get(who) ?? [])].map(([to, amount]) => ({ email: to, amount }));
    const incoming = [...owes].flatMap(([from, m]) =>
      m.has(who) ? [{ email: from, amount: m.get(who) ?? 0 }] : [],
    );
    return {
      source: personRef(call.state, who),
      source_owes_to_targets: side(outgoing),
      targets_owe_to_source: side(incoming),
    };
  });
}

function direction(youOweThem: number): Direction {
  if (youOweThem > 0) return 'you_owe_them';
  return youOweThem < 0 ? 'they_owe_you' : 'no_balance';
}

/** What you owe each person (negative: they owe you), per group you are in and in non-group expenses. */
function youOweByGroup(call: Call): { group: Group | null; owe: Map<string, number> }[] {
  const me = call.ownerEmail;
  const groups: (Group | null)[] = [
    null,
    ...Object.values(call.state.groups).filter(
      (g) => !g.deleted && g.member_emails.some((m) => isOwner(call.owner, m)),
    ),
  ];
  return groups.map((group) => {
    const owes = pairwiseDebts(groupExpenses(call, group?.group_id ?? null));
    const owe = new Map<string, number>();
    for (const [to, n] of owes.get(me) ?? []) owe.set(to, (owe.get(to) ?? 0) + n);
    for (const [from, m] of owes)
      if (m.has(me)) owe.set(from, (owe.get(from) ?? 0) - (m.get(me) ?? 0));
    return { group, owe };
  });
}

/** `show_people_balance`. */
export function peopleBalance(call: Call) {
  const total = new Map<string, number>();
  for (const { owe } of youOweByGroup(call))
    for (const [who, n] of owe) total.set(who, (total.get(who) ?? 0) + n);
  const breakdown = [...total]
    .filter(([, n]) => roundMoney(n) !== 0)
    .map(([who, n]) => ({
      ...personRef(call.state, who),
      direction: direction(n),
      amount: roundMoney(Math.abs(n)),
    }));
  const sum = (d: Direction) =>
    roundMoney(breakdown.filter((b) => b.direction === d).reduce((s, b) => s + b.amount, 0));
  return { you_owe_others: sum('you_owe_them'), others_owe_you: sum('they_owe_you'), breakdown };
}

/** `show_person_balance`. */
export function personBalance(call: Call, email: string) {
  if (isOwner(call.owner, email)) fail(422, 'You cannot check your balance with yourself.');
  let overall = 0;
  const breakdown = youOweByGroup(call).flatMap(({ group, owe }) => {
    const n = [...owe]
      .filter(([who]) => who.toLowerCase() === email.toLowerCase())
      .reduce((s, [, v]) => s + v, 0);
    overall += n;
    return roundMoney(n) === 0
      ? []
      : [
          {
            group_id: group?.group_id ?? null,
            group_name: group?.name ?? NO_GROUP_NAME,
            direction: direction(n),
            amount: roundMoney(Math.abs(n)),
          },
        ];
  });
  return {
    direction: direction(roundMoney(overall)),
    total: roundMoney(Math.abs(overall)),
    breakdown,
  };
}

/** `search_users`' balance columns: your balance with one person. */
export function balanceWith(call: Call, email: string): { direction: Direction; amount: number } {
  const row = peopleBalance(call).breakdown.find(
    (b) => b.email.toLowerCase() === email.toLowerCase(),
  );
  return row
    ? { direction: row.direction, amount: row.amount }
    : { direction: 'no_balance', amount: 0 };
}
