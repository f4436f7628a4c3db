/**
 * The intents' statuses of one session. Kept apart from the engine's turn loop because a status
 * has two ways to change: at once (an event now), or told by the user's next message, where it
 * waits until that message is delivered (carried-statuses.ts) and may still be taken back.
 */
import type { IntentSpec } from '../scenario/schema.ts';
import type { IntentStatus, SessionEvent, StatusCause } from '../contracts/events.ts';
import { CarriedStatuses } from './carried-statuses.ts';

export class IntentStatuses {
  private readonly status = new Map<string, IntentStatus>();
  /** Statuses the user's next message carries, emitted after it. */
  private readonly carried = new CarriedStatuses();

  constructor(private readonly emit: (event: SessionEvent) => void) {}

  /** Every intent's status, as the scores read them. */
  get all(): ReadonlyMap<string, IntentStatus> {
    return this.status;
  }

  start(id: string, status: IntentStatus): void {
    this.status.set(id, status);
  }

  get(id: string): IntentStatus | undefined {
    return this.status.get(id);
  }

  has(id: string): boolean {
    return this.status.has(id);
  }

  open(intents: readonly IntentSpec[]): IntentSpec[] {
    return intents.filter((i) => this.status.get(i.id) === 'open');
  }

  set(turn: number, id: string, to: IntentStatus, cause: StatusCause, detail: string): void {
    // Changed again before the message that was to tell it came: that change is not shown.
    const from = this.carried.take(id)?.from ?? this.status.get(id);
    if (!from || from === to) return;
    this.status.set(id, to);
    this.emit({ type: 'intent_status', turn, intent: id, from, to, cause, detail });
  }

  /** `provided` now, shown with the message that opens `turn` (deliver): its words tell it. */
  providedBy(turn: number, id: string, cause: StatusCause, detail: string): void {
    const from = this.status.get(id);
    if (!from || from === 'provided') return;
    this.status.set(id, 'provided');
    this.carried.add({
      type: 'intent_status',
      turn,
      intent: id,
      from,
      to: 'provided',
      cause,
      detail,
    });
  }

  /** Takes back a status still waiting for its message; true if there was one. */
  withdraw(id: string): boolean {
    const status = this.carried.take(id);
    if (status) this.status.set(id, status.from);
    return Boolean(status);
  }

  /** Emits the statuses waiting for a message, stamped with `turn`. */
  flush(turn: number): void {
    this.carried.flush(turn, this.emit);
  }
}
