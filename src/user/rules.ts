/**
 * The `rules` user: deterministic and offline. It sends the `reveal` text of exactly the
 * intents the judge handed it, in file order, and nothing else; in a time scenario it thanks
 * (or refuses) when a follow-up meets every need.
 */
import {
  DEFAULT_THANKS,
  type UserBackend,
  type UserReply,
  type UserTurnInput,
} from '../contracts/backends.ts';
import type { BackendInfo } from '../contracts/events.ts';

export class RulesUser implements UserBackend {
  readonly info: BackendInfo = { kind: 'rules' };
  readonly picksIntents = false;

  async nextMessage({ handoff, scenario }: UserTurnInput): Promise<UserReply> {
    // Time scenarios: a follow-up met every need (docs/time.md, "Thanks and task status").
    if (handoff.reason === 'refuse') return { text: scenario.refuse ?? DEFAULT_THANKS };
    if (handoff.reason === 'thanks') return { text: scenario.thanks ?? DEFAULT_THANKS };
    const ids = new Set(handoff.intents.map((i) => i.id));
    const texts = scenario.intents.filter((i) => ids.has(i.id)).map((i) => i.reveal ?? i.text);
    return { text: texts.length ? texts.join('\n') : 'Please go on.' };
  }
}
