/**
 * What the user of a proposal scenario did on the phone, read back from a recording: a person's
 * or a model user's move of each tick (its `user_action`) and its answer to each proposal (the
 * `proposal_verdict`, or a move that looked into the proposal first), so a fork replays them in
 * their turns and the apps, the phone's screens and the proposals end as they did.
 */
import type { ScreenView } from '../apps/screens/spec.ts';
import type { PhoneChoice, ProposalAnswer } from '../contracts/backends.ts';
import type { EventOf, TimedEvent } from '../contracts/events.ts';
import { ForkError } from './errors.ts';

type Move = EventOf<'user_action'>;

export class RecordedPhone {
  constructor(
    private readonly turns: ReadonlyMap<number, readonly TimedEvent[]>,
    /** The recording's file name, for a refusal. */
    private readonly file: string,
  ) {}

  /** The user's moves of the tick after `turn` (the tick of turn 0 comes before the first). */
  private moves(turn: number): Move[] {
    return (this.turns.get(turn) ?? []).filter(
      (e): e is Move & TimedEvent => e.type === 'user_action',
    );
  }

  /** The move of this tick while no proposal waits. */
  move(turn: number, view: ScreenView): PhoneChoice {
    const move = this.moves(turn).find((e) => !e.gathering);
    if (!move)
      throw new ForkError(
        `${this.file}: the user's move on the phone at turn ${turn} is not in the recording (${this.whatIsThere(turn)}), so its state after that turn cannot be restored`,
      );
    return choiceOf(move, view);
  }

  /** The answer to a waiting proposal: a look into it first (gather context), else the verdict. */
  answer(turn: number, proposal: string, view: ScreenView): ProposalAnswer {
    const look = this.moves(turn).find((e) => e.gathering === proposal);
    if (look) return { gather: choiceOf(look, view) };
    // The verdict opens the next turn; a recording made before that carries the tick's own turn.
    const verdict = [...(this.turns.get(turn + 1) ?? []), ...(this.turns.get(turn) ?? [])].find(
      (e): e is EventOf<'proposal_verdict'> & TimedEvent =>
        e.type === 'proposal_verdict' && e.proposal === proposal,
    );
    if (!verdict)
      throw new ForkError(
        `${this.file}: the user's answer to proposal ${proposal} at turn ${turn} is not in the recording (${this.whatIsThere(turn)}), so its state after that turn cannot be restored`,
      );
    return { accept: verdict.verdict === 'accepted', reason: verdict.reason };
  }

  /** What the recording holds for the user at that tick instead, for a refusal. */
  private whatIsThere(turn: number): string {
    const moves = this.moves(turn);
    if (!moves.length) return 'it records no move of the user then';
    return `it records ${moves.map((m) => m.action ?? m.kind).join(', ')} then`;
  }
}

/**
 * The move as the user chose it. A person's and a model user's moves act in the app on screen
 * (phone-commands.ts, openai-phone.ts); `open_app` names its app in its args. The app a
 * `user_action` names is the one on screen after the move, so it is not passed back.
 */
function choiceOf(move: Move, view: ScreenView): PhoneChoice {
  if (move.kind === 'wait') return { kind: 'wait' };
  if (move.kind === 'say') return { kind: 'say', text: move.text };
  const action = move.action ?? '';
  return {
    kind: 'screen',
    app: action === 'open_app' ? undefined : view.app || undefined,
    action,
    ...(move.args ? { args: move.args } : {}),
  };
}
