/**
 * ChronosBench's per-response measures (docs/time.md, "Scores"): after every agent response
 * (a woken turn that keeps silent is one), which action errors it made and whether its task
 * status is the expected one. The paper's agent does one action per response; here a response
 * may call several tools, so each error type counts once per response.
 */
import type {
  ActionErrorType,
  StatusError,
  TaskStatusName,
  UpdateExpect,
} from '../contracts/events.ts';
import type { ToolCallRecord } from '../contracts/backends.ts';
import type { ScenarioFile } from '../scenario/schema.ts';
import type { ToolDef } from '../tools/registry.ts';
import type { TaskStatus } from '../sim/schema.ts';
import type { Branch } from './schema.ts';

/** What the user's message before this response was, when it is one rule 6 names. */
export type ReplyTo = 'thanks' | 'refuse' | 'shift' | undefined;

/** The branch, the complexity and the status a good agent ends with, derived from the file. */
export interface ScenarioShape {
  branch: Branch;
  complex: boolean;
  finalStatus: TaskStatus;
}

export function shapeOf(
  s: Pick<ScenarioFile, 'environment' | 'intents' | 'branch' | 'refuse' | 'expect_status'>,
): ScenarioShape {
  const withExpect = (s.environment?.updates ?? []).filter((u) => u.expect);
  const derived: Branch = withExpect.at(-1)?.expect === 'follow_up' ? 'positive' : 'negative';
  const branch = s.branch ?? derived;
  let byBranch: TaskStatus = branch === 'positive' ? 'completed' : 'in_progress';
  if (s.refuse) byBranch = 'failed';
  return { branch, complex: s.intents.some(isShift), finalStatus: s.expect_status ?? byBranch };
}

/**
 * An intention shift: an intent that waits for a follow-up and that the user then says (it has
 * a `reveal`) or that replaces others. An `after` intent with neither only checks what the
 * follow-up itself says (the fitting listing, its price), so it makes no scenario complex.
 */
export function isShift(i: {
  after?: unknown;
  reveal?: string | undefined;
  supersedes?: string[] | undefined;
}): boolean {
  return Boolean(i.after && (i.reveal || i.supersedes?.length));
}

/** A woken turn's decision on the update it was woken for. */
export interface Decision {
  expect: UpdateExpect | undefined;
  choice: 'follow_up' | 'keep_silent';
}

export interface Response {
  turn: number;
  /** The turn started with a user message (or the trigger): the user spoke since the last response. */
  fromUser: boolean;
  replyTo: ReplyTo;
  calls: readonly ToolCallRecord[];
  decision?: Decision | undefined;
  /** The task status after this response (the last set_task_status so far). */
  status: TaskStatus | undefined;
}

export class ResponseLedger {
  readonly actionErrors: { turn: number; type: ActionErrorType }[] = [];
  readonly statusErrors: StatusError[] = [];
  responses = 0;
  private responsesWithError = 0;
  /** Bumped by every user message and every update: what makes a new query or reminder worth it. */
  private epoch = 0;
  private previousQueryEpoch: number | undefined;
  private reminderEpoch: number | undefined;
  remindersEverSet = false;
  /** The agent was woken at least once (by a reminder or an update's push). */
  wokenEver = false;
  /** set_task_status(completed) before the user's thanks: an arbitrary completion. */
  arbitraryCompletion = false;
  completedEver = false;

  constructor(
    private readonly shape: ScenarioShape,
    private readonly queryTool: string | undefined,
    private readonly tools: () => ReadonlyMap<string, ToolDef>,
  ) {}

  /** An update happened (seen or not): the world changed. */
  worldChanged(): void {
    this.epoch++;
  }

  record(r: Response): void {
    if (r.fromUser) this.epoch++;
    else this.wokenEver = true;
    const errors = new Set<ActionErrorType>();
    const ok = r.calls.filter((c) => c.ok);
    const queried = ok.some((c) => c.name === this.queryTool);
    if (queried && this.previousQueryEpoch === this.epoch) errors.add('redundant_query');
    this.previousQueryEpoch = queried ? this.epoch : undefined;
    for (let k = ok.filter((x) => x.name === 'set_reminder').length; k > 0; k--) {
      if (this.reminderEpoch === this.epoch) errors.add('repeated_reminder');
      this.reminderEpoch = this.epoch;
      this.remindersEverSet = true;
    }
    if (r.decision?.expect === 'keep_silent' && r.decision.choice === 'follow_up')
      errors.add('false_follow_up');
    if (r.decision?.expect === 'follow_up' && r.decision.choice === 'keep_silent')
      errors.add('missed_follow_up');
    const completes = ok.some(
      (c) => c.name === 'set_task_status' && statusArg(c.args) === 'completed',
    );
    if (completes) {
      this.completedEver = true;
      // Before the user's thanks (or refusal): the paper's arbitrary completion.
      if (r.replyTo !== 'thanks' && r.replyTo !== 'refuse') this.arbitraryCompletion = true;
      if (this.shape.branch === 'negative') errors.add('completed_in_negative');
    }
    if (r.calls.some((c) => this.invalid(c))) errors.add('invalid_call');

    this.responses++;
    if (errors.size) this.responsesWithError++;
    for (const type of errors) this.actionErrors.push({ turn: r.turn, type });
    const expected = this.expectedStatus(r.replyTo);
    const got: TaskStatusName = r.status ?? 'pending';
    if (got !== expected) this.statusErrors.push({ turn: r.turn, expected, got });
  }

  /** Rule 6: the status a good agent's response carries. */
  private expectedStatus(replyTo: ReplyTo): TaskStatusName {
    if (replyTo === 'refuse') return 'failed';
    if (replyTo === 'thanks') return 'completed';
    return this.remindersEverSet || replyTo === 'shift' ? 'in_progress' : 'pending';
  }

  /** A call of a tool the agent was not offered, or with arguments its schema refuses. */
  private invalid(c: ToolCallRecord): boolean {
    const def = this.tools().get(c.name);
    return !def || !def.parameters.safeParse(c.args ?? {}).success;
  }

  get actionAccuracy(): number | null {
    return this.responses ? (this.responses - this.responsesWithError) / this.responses : null;
  }

  get statusAccuracy(): number | null {
    return this.responses ? (this.responses - this.statusErrors.length) / this.responses : null;
  }
}

function statusArg(args: unknown): unknown {
  return args && typeof args === 'object' ? (args as { status?: unknown }).status : undefined;
}
