/** The `human` user: a person types each message and chooses which intents to reveal (in a proposal scenario: uses the phone and answers proposals). */
import type {
  PhoneChoice,
  PhoneTurnInput,
  ProposalAnswer,
  ProposalAnswerInput,
  UserBackend,
  UserReply,
  UserTurnInput,
} from '../contracts/backends.ts';
import type { BackendInfo } from '../contracts/events.ts';
import type { HumanUserAction, InputQueue } from '../session/input-queue.ts';
import { creditedIntents } from '../judge/credit.ts';
import { phoneCommand, proposalAnswer } from './phone-commands.ts';

export class HumanUser implements UserBackend {
  readonly info: BackendInfo = { kind: 'human' };
  readonly picksIntents = true;
  constructor(private readonly input: InputQueue<HumanUserAction>) {}

  async nextMessage({ turn, emit, signal, open, readStated }: UserTurnInput): Promise<UserReply> {
    emit({ type: 'awaiting_input', turn, role: 'user' });
    const action = await this.input.next(signal);
    // A need stated in the person's own words counts as told, as the reveal key would: read by
    // the model judge when there is one, else offline (src/judge/stated.ts).
    const said = readStated ? await readStated(action.text) : creditedIntents(action.text, open);
    return { text: action.text, reveals: [...new Set([...action.reveals, ...said])] };
  }

  /** Proposal scenarios: the person's move on the phone, typed as phone-commands.ts reads it. */
  async phoneAct({ turn, emit, signal, view }: PhoneTurnInput): Promise<PhoneChoice> {
    emit({ type: 'awaiting_input', turn, role: 'user' });
    return phoneCommand((await this.input.next(signal)).text, view);
  }

  /**
   * Proposal scenarios: `y` or `n`, with an optional reason. Any other move on the phone looks
   * into the proposal first (while `mayGather`); once that is used up, only an answer is taken.
   */
  async answerProposal({
    turn,
    emit,
    signal,
    view,
    mayGather,
  }: ProposalAnswerInput): Promise<ProposalAnswer> {
    for (;;) {
      emit({ type: 'awaiting_input', turn, role: 'user' });
      const typed = (await this.input.next(signal)).text;
      const answer = proposalAnswer(typed);
      if (answer) return answer;
      if (mayGather) return { gather: phoneCommand(typed, view) };
    }
  }
}
