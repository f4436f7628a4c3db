/** What the events of a proposal scenario carry: its setup and PARE's scores. */
/** A proposal scenario's setup, as the person watching may see it. */
export interface ProposalInfo {
  /** Steps of the user's activity (one per tick), and the simulated time a tick takes. */
  steps: number;
  tick: string;
  noise?: { notifications_per_hour?: number; tool_failure?: number; seed?: number };
  /** The phone's home screen as the session starts (its apps), before the user's first move. */
  home?: string[];
}

/** How many proposals were decided each way (each proposal counts once). */
export interface ProposalDecisions {
  accept: number;
  reject: number;
  gather_context: number;
  truncated: number;
}

/** How the proposals the user looked into first were finally decided (PARE's Table 3). */
export interface GatherResolution {
  accept: number;
  reject: number;
  /** The session ended while the user was still looking into it. */
  truncated: number;
}

/** PARE's scores for one session of a proposal scenario. */
export interface ProposalScores {
  proposals: number;
  accepted: number;
  /** accepted / proposals (null without proposals). */
  acceptance_rate: number | null;
  /** proposals / observe turns (null without observe turns). */
  proposal_rate: number | null;
  /** Successful calls of the agent to tools declared read-only (an app's `login` included). */
  read_actions: number;
  /**
   * intentplay's own measure, not PARE's: calls to an app's write tools the agent attempted in
   * observe turns, before the user accepted a proposal (each refused). Present only when there
   * were any (and never in recordings made before it was counted).
   */
  writes_before_acceptance?: number;
  /** PARE's Table 2: how each proposal was decided (direct accept or reject, the user looked into it first, or the session ended with it pending). */
  decisions: ProposalDecisions;
  /**
   * PARE's Table 3: what the `gather_context` proposals finally resolved to (they add up to
   * `decisions.gather_context`). Present only when the user looked into any, and never in
   * results written before it was recorded.
   */
  gather_resolution?: GatherResolution;
  /** Share of goals whose `done` holds on the final state (null without goals that have one). */
  success: number | null;
  /** Every goal's `done` holds on the final state. */
  succeeded: boolean;
  /** The noise the session ran with (the scenario's, or `run --noise`); null without noise. */
  noise: { notifications_per_hour?: number; tool_failure?: number; seed?: number } | null;
}

/**
 * The line of the agent's observation when the user makes another move while proposal `id` waits
 * (PARE's gather context). It speaks of the user to the agent; a person playing the user is shown
 * other words (the TUI finds this line with `gatheringOf`).
 */
export const gatheringLine = (id: string) =>
  `${id} still waits for the user, who looks into it first.`;

/** The proposal a gathering line (above) names, when `line` is one. */
export function gatheringOf(line: string): string | undefined {
  return /^(\S+) still waits for the user, who looks into it first\.$/.exec(line)?.[1];
}
