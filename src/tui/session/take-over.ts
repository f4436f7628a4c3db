/**
 * Watch mode's user: the simulated user until a person takes over, then the person: the next
 * message after a take-over is always the person's.
 * It asks the engine to skip stage 3 from then on (a person picks what to reveal); the session
 * records the take-over when it happens, else (taken over between sessions) this notes it at the
 * first message the person writes.
 */
import type {
  PhoneChoice,
  PhoneTurnInput,
  ProposalAnswer,
  ProposalAnswerInput,
  UserBackend,
  UserReply,
  UserTurnInput,
} from '../../contracts/backends.ts';
import type { BackendInfo } from '../../contracts/events.ts';
import type { HumanPorts } from '../../session/input-queue.ts';
import { HumanUser } from '../../user/human.ts';

export class TakeOverUser implements UserBackend {
  private human: HumanUser | undefined;
  private announced = false;

  constructor(
    private readonly simulated: UserBackend,
    private readonly ports: HumanPorts,
    /** Awaited before the simulated user writes after `turn` (watch: the wait between turns, and a pause). */
    private readonly hold: (turn: number) => Promise<void> = async () => {},
  ) {}

  get info(): BackendInfo {
    return this.simulated.info;
  }

  get picksIntents(): boolean {
    return this.human ? true : this.simulated.picksIntents;
  }

  /**
   * Proposal scenarios: the person's moves on the phone and answers once taken over; before, the
   * simulated user's own (the rules user has none: the scenario's activity plays).
   */
  get phoneAct(): ((input: PhoneTurnInput) => Promise<PhoneChoice>) | undefined {
    const user = this.human ?? this.simulated;
    return user.phoneAct?.bind(user);
  }

  get answerProposal(): ((input: ProposalAnswerInput) => Promise<ProposalAnswer>) | undefined {
    const user = this.human ?? this.simulated;
    return user.answerProposal?.bind(user);
  }

  get takenOver(): boolean {
    return Boolean(this.human);
  }

  /** `announced`: the session already recorded the take-over (at the moment it happened). */
  takeOver(announced = false): void {
    this.human ??= new HumanUser(this.ports.user);
    if (announced) this.announced = true;
  }

  /** The turn the simulated user's latest message opens (0 before it wrote any). */
  get simulatedOpened(): number {
    return this.opened;
  }

  private opened = 0;

  async nextMessage(input: UserTurnInput): Promise<UserReply> {
    if (!this.human) await this.hold(input.turn);
    if (!this.human) {
      const reply = await this.simulated.nextMessage(input);
      // Taken over while the simulated user wrote: the next message is the person's, not this one.
      if (!this.human) {
        this.opened = input.turn + 1;
        return reply;
      }
    }
    if (!this.announced) {
      this.announced = true;
      input.emit({
        type: 'notice',
        turn: input.turn,
        level: 'info',
        text: `a person took over the user after turn ${input.turn}`,
      });
    }
    return this.human.nextMessage(input);
  }
}
