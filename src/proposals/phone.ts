/**
 * The user's side of the apps, as the proposal protocol drives it: one screen action at a
 * time. INTERIM: the apps' user screens are being built (docs/apps/screens.md when they land);
 * until then a screen step is observed as its `note` (or its app, action and arguments) and
 * changes no app state, so a scenario's state changes come from updates and the agent.
 */
import type { AppHost } from '../tools/registry.ts';
import type { ScreenStep } from './schema.ts';

export interface PhoneOutcome {
  ok: boolean;
  /** How the move reads to the agent observing it. */
  text: string;
  /** The lines of the screen the user is on afterwards. */
  screen?: string[];
}

export interface UserPhone {
  act(step: ScreenStep): PhoneOutcome | Promise<PhoneOutcome>;
}

const describe = (step: ScreenStep) =>
  `${step.action.replace(/_/g, ' ')}${step.args && Object.keys(step.args).length ? ` (${Object.entries(step.args).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', ')})` : ''}`;

export function phoneFor(_apps: AppHost): UserPhone {
  return { act: (step) => ({ ok: true, text: step.note ?? describe(step) }) };
}
