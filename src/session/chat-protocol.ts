/**
 * π-Bench's conversation: after each agent turn, an intent the agent asked about goes to the
 * user to answer (stage 2), or else the judge picks one for the user to reveal (stage 3); the
 * session ends when no intent is open, one turn after the last is handed over, or at max_turns.
 */
import type { IntentSpec } from '../scenario/schema.ts';
import type { HandoffReason } from '../contracts/backends.ts';
import type { IntentStatus } from '../contracts/events.ts';
import type { Incoming, Next, SessionCore, SessionProtocol, TurnResult } from './protocol.ts';

export class EndRequested extends Error {
  constructor() {
    super('ended by hand');
  }
}

export class ChatProtocol implements SessionProtocol {
  /** Stage 2 or 3 closed the last open intent: the agent answers once more, then the session ends. */
  private finalTurn = false;

  constructor(protected readonly core: SessionCore) {}

  initialStatus(): IntentStatus {
    return 'open';
  }

  async afterTurn(t: TurnResult): Promise<Next> {
    const core = this.core;
    if (this.finalTurn || core.open().length === 0) return { kind: 'end', end: 'resolved' };
    if (t.turn >= core.maxTurns) {
      for (const i of core.open())
        core.setStatus(
          i.id,
          'unresolved',
          'max_turns',
          `still open after ${core.maxTurns} agent turns`,
        );
      return { kind: 'end', end: 'max_turns' };
    }
    if (core.endRequested) throw new EndRequested();

    // ---- stage 2: inferred (a question targets it)
    const handed: IntentSpec[] = [];
    let reason: HandoffReason = 'none';
    for (const q of t.verdict.targeted) {
      if (core.statusOf(q.intent) !== 'open') continue;
      core.setStatus(q.intent, 'inferred', 'question', q.question);
      handed.push(core.intent(q.intent));
      reason = 'question';
    }
    // ---- stage 3: provided (the judge picks one for the user to reveal)
    if (!handed.length && core.open().length && !core.backends.user.picksIntents) {
      const pick = await core.pick();
      core.providedByNextMessage(pick.intent, 'picked', pick.reason);
      handed.push(core.intent(pick.intent));
      reason = 'picked';
    }
    return { kind: 'continue', incoming: await this.handOff(handed, reason) };
  }

  /** The user's message for the handed intents; the next agent turn is the last if nothing is left open. */
  async handOff(handed: IntentSpec[], reason: HandoffReason): Promise<Incoming> {
    const reply = await this.core.userMessage(handed, reason);
    this.finalTurn = this.core.open().length === 0;
    return {
      kind: 'user',
      turn: this.core.turn + 1,
      text: reply.text,
      intents: [
        ...new Set([
          ...handed.map((i) => i.id).filter((id) => !reply.withdrawn.includes(id)),
          ...reply.reveals,
        ]),
      ],
    };
  }
}
