/**
 * A user's accounts across its tasks. A task may state a password without the user name
 * ("My Todoist password is x. ... using my primary email"): a person reading the user's tasks
 * knows that email from the others, so the loader takes the email the user's tasks give most
 * often. Apps a task uses with no account at all are warned about, located.
 */
import type { Diagnostic } from '../../contracts/diagnostics.ts';
import type { ScenarioFile } from '../schema.ts';
import { whereNamed, type LoadedTask } from './task.ts';

type Seeds = Record<string, { account?: { username?: string; password?: string } }>;

/** The email the user's tasks log in with most often (the first seen wins a tie). */
export function primaryEmail(scenarios: Iterable<Pick<ScenarioFile, 'apps'>>): string | undefined {
  const counts = new Map<string, number>();
  for (const s of scenarios)
    for (const seed of Object.values((s.apps ?? {}) as Seeds)) {
      const name = seed.account?.username;
      if (name?.includes('@')) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  let best: string | undefined;
  for (const [name, n] of counts) if (best === undefined || n > counts.get(best)!) best = name;
  return best;
}

/** Seeds the partial accounts of `loaded` tasks with the user's email; returns the warnings. */
export function settleAccounts(
  loaded: Map<string, ScenarioFile & { file: string }>,
  tasks: Map<string, LoadedTask & { file: string }>,
): Diagnostic[] {
  const email = primaryEmail(loaded.values());
  const out: Diagnostic[] = [];
  for (const [name, task] of tasks) {
    const scenario = loaded.get(name);
    if (!scenario) continue;
    for (const p of task.partial ?? []) {
      if (email && p.app !== 'phone') {
        const seed = (scenario.apps?.[p.app] ?? {}) as Record<string, unknown>;
        scenario.apps = {
          ...scenario.apps,
          [p.app]: { ...seed, account: { username: email, password: p.password } },
        };
        continue;
      }
      out.push({
        severity: 'warning',
        file: task.file,
        ...whereNamed(task.file, p.app),
        message: `the task gives a ${p.app} password but no user name, and no other task of this user states an email: its ${p.app} login will fail`,
      });
    }
    for (const m of task.noAccount ?? [])
      out.push({
        severity: 'warning',
        file: task.file,
        line: m.line,
        col: m.col,
        message: `the task uses ${m.app} but its text gives no ${m.app} account: every ${m.app} login will fail (π-Bench's AppWorld server has the account; write it into the request, e.g. "My ${m.app} email is … and password is '…'")`,
      });
  }
  return out;
}
