/**
 * The `rules` user: deterministic and offline. It sends the `reveal` text of exactly the
 * intents the judge handed it, in file order, and nothing else.
 */
import type { UserBackend, UserReply, UserTurnInput } from '../contracts/backends.ts';
import type { BackendInfo } from '../contracts/events.ts';

export class RulesUser implements UserBackend {
  readonly info: BackendInfo = { kind: 'rules' };
  readonly picksIntents = false;

  async nextMessage({ handoff, scenario }: UserTurnInput): Promise<UserReply> {
    const ids = new Set(handoff.intents.map((i) => i.id));
    const texts = scenario.intents.filter((i) => ids.has(i.id)).map((i) => i.reveal ?? i.text);
    return { text: texts.length ? texts.join('\n') : 'Please go on.' };
  }
}
