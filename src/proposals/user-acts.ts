/**
 * The user's one act in a tick, as the agent reads it: nothing, a message (which may tell an
 * intent), or a move on the phone's screen (whose changes to the apps may reach a goal).
 */
import { diffApps } from '../apps/diff.ts';
import { screenText, type PhoneDevice } from '../apps/screens/index.ts';
import type { PhoneChoice } from '../contracts/backends.ts';
import type { SessionCore } from '../session/protocol.ts';
import type { ProposalGoals } from './goals.ts';
import type { ActivityStep, ScreenStep } from './schema.ts';

/** A user's act as an activity step (a screen step's app may be left to the screen showing). */
export type UserStep =
  Exclude<ActivityStep, ScreenStep> | (Omit<ScreenStep, 'app'> & { app?: string | undefined });

export function stepOf(choice: PhoneChoice): UserStep {
  if (choice.kind === 'wait') return { wait: true };
  if (choice.kind === 'say') return { say: choice.text };
  return { app: choice.app, action: choice.action, ...(choice.args ? { args: choice.args } : {}) };
}

/** Plays `step` (while `gathering` context on that proposal, if given); returns how it reads to the agent. */
export async function userActs(
  core: SessionCore,
  phone: PhoneDevice,
  goals: ProposalGoals,
  step: UserStep | undefined,
  gathering?: string,
): Promise<string> {
  const looking = gathering ? { gathering } : {};
  if (!step || 'wait' in step) {
    core.emit({
      type: 'user_action',
      turn: core.turn,
      kind: 'wait',
      ok: true,
      text: 'The user is not using the phone.',
      ...looking,
    });
    return 'The user is not using the phone.';
  }
  if ('say' in step) {
    core.emit({
      type: 'user_action',
      turn: core.turn,
      kind: 'say',
      ok: true,
      text: step.say,
      ...looking,
    });
    for (const id of step.reveals ?? [])
      if (core.statusOf(id) === 'open')
        core.setStatus(id, 'provided', 'reveal', `the user asked: “${step.say}”`);
    return `The user writes to you: “${step.say}”`;
  }
  const before = core.env.apps.snapshot();
  const outcome = await phone.act(step);
  const screen = screenText(outcome.view);
  const text = outcome.ok ? (step.note ?? outcome.text) : outcome.text;
  const app = step.app ?? (outcome.view.app || 'phone');
  core.emit({
    type: 'user_action',
    turn: core.turn,
    kind: 'screen',
    app,
    action: step.action,
    ...(step.args ? { args: step.args } : {}),
    ok: outcome.ok,
    text,
    screen,
    ...looking,
  });
  const apps = diffApps(before, core.env.apps.snapshot());
  if (apps.length) {
    core.emit({ type: 'app_diff', turn: core.turn, apps });
    goals.creditWorld('user_action', 'the user did it in the apps');
  }
  return `The user, in ${app}: ${text}${outcome.ok ? '' : ' (it did not work)'}\nTheir screen:\n${screen.join('\n')}`;
}
