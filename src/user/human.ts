/** The `human` user: a person types each message and chooses which intents to reveal. */
import type { UserBackend, UserReply, UserTurnInput } from '../session/backends.ts';
import type { BackendInfo } from '../session/events.ts';
import type { HumanUserAction, InputQueue } from '../session/input-queue.ts';

export class HumanUser implements UserBackend {
  readonly info: BackendInfo = { kind: 'human' };
  readonly picksIntents = true;
  constructor(private readonly input: InputQueue<HumanUserAction>) {}

  async nextMessage({ turn, emit, signal }: UserTurnInput): Promise<UserReply> {
    emit({ type: 'awaiting_input', turn, role: 'user' });
    const action = await this.input.next(signal);
    return { text: action.text, reveals: action.reveals };
  }
}
