/**
 * The state of a proposal scenario while a session runs: the user's place in their activity,
 * the proposal waiting for a verdict, the phase (observe or execute) and the counts behind
 * PARE's scores. The `propose` and `wait` tools write here; the protocol reads it.
 */
import type { SessionEvent } from '../contracts/events.ts';
import { ToolError } from '../contracts/errors.ts';
import type { ActivityStep } from './schema.ts';

export interface Proposal {
  id: string;
  turn: number;
  summary: string;
  verdict?: 'accepted' | 'rejected';
  /** Ticks the user spent looking into it before deciding (PARE's gather context). */
  gathered: number;
}

export class ProposalWorld {
  phase: 'observe' | 'execute' = 'observe';
  tick = 0;
  private cursor = 0;
  readonly proposals: Proposal[] = [];
  /** The proposal waiting for the user's verdict (given in a later tick). */
  pending: Proposal | undefined;
  observeTurns = 0;
  readActions = 0;
  /** App writes the agent tried in observe turns (intentplay's own count, not PARE's). */
  writesBeforeAcceptance = 0;

  constructor(
    private readonly activity: readonly ActivityStep[],
    private readonly emit: (event: SessionEvent) => void,
    private readonly turn: () => number,
  ) {}

  propose(summary: string): { proposal: string; status: string } {
    if (this.phase !== 'observe')
      throw new ToolError('you are executing an accepted proposal: act on it now');
    if (this.pending)
      throw new ToolError(
        `${this.pending.id} still waits for the user's answer: one proposal at a time`,
      );
    const p: Proposal = {
      id: `P${this.proposals.length + 1}`,
      turn: this.turn(),
      summary,
      gathered: 0,
    };
    this.proposals.push(p);
    this.pending = p;
    this.emit({ type: 'proposal', turn: p.turn, proposal: p.id, summary });
    return {
      proposal: p.id,
      status: 'sent to the user; their answer comes with a later observation. Your turn ends here.',
    };
  }

  waitTurn(): { waiting: true; status: string } {
    return { waiting: true, status: 'your turn ends here' };
  }

  get activityLeft(): number {
    return this.activity.length - this.cursor;
  }

  nextStep(): ActivityStep | undefined {
    return this.activity[this.cursor++];
  }
}
