/**
 * Backends that answer as a recording says they did, so a fork can re-run the turns before its
 * fork point through the real engine and tools: the agent's tool calls run again (files, apps,
 * memory, reminders and proposals come back as they were) and its reply is the recorded one; the
 * user says what it said; the judge gives the verdicts its status events show. Deterministic
 * backends (script, rules) need none of this: a fresh one answers the same (prefixBackends).
 */
import type {
  AgentBackend,
  AgentTurnInput,
  Backends,
  ChecklistGrade,
  JudgeBackend,
  JudgeTurnInput,
  JudgeVerdict,
  PhoneChoice,
  PhoneTurnInput,
  ProposalAnswer,
  ProposalAnswerInput,
  RubricInput,
  UserBackend,
  UserReply,
  UserTurnInput,
} from '../contracts/backends.ts';
import type { BackendInfo, EventOf, Role, SessionEvent, TimedEvent } from '../contracts/events.ts';
import { createBackends, type BackendContext } from '../session/backend-maker.ts';
import type { BackendSpec } from '../session/backend-spec.ts';
import path from 'node:path';
import type { Recording, RecordingHeader } from '../session/recording.ts';
import { headerOf, parentPath } from './headers.ts';
import { ForkSwitch } from './switch.ts';
import { ForkError } from './errors.ts';
import { RecordedPhone } from './phone.ts';

/** Events a backend emits itself (not the engine): replayed as recorded, and not compared. */
export const BACKEND_EVENTS: ReadonlySet<string> = new Set([
  'usage',
  'plan',
  'permission',
  'leak_warning',
]);

/** Backends that replay the same by running again: a fresh one gives the recorded answers. */
const DETERMINISTIC = new Set(['script', 'rules']);

export function isDeterministic(info: BackendInfo): boolean {
  return DETERMINISTIC.has(info.kind);
}

/** The events of one turn (turn 0: before the first), in order. */
function byTurn(events: readonly TimedEvent[]): Map<number, TimedEvent[]> {
  const out = new Map<number, TimedEvent[]>();
  for (const e of events) {
    if (!('turn' in e)) continue;
    const list = out.get(e.turn) ?? [];
    list.push(e);
    out.set(e.turn, list);
  }
  return out;
}

function ownEvents(events: readonly TimedEvent[] | undefined, role: Role): SessionEvent[] {
  return (events ?? []).filter(
    (e) => BACKEND_EVENTS.has(e.type) && (e.type !== 'usage' || e.role === role),
  );
}

/** Drops the recording's time stamps from an event emitted again. */
function untimed(e: TimedEvent): SessionEvent {
  const { t: _t, wall: _wall, ...event } = e;
  return event as SessionEvent;
}

/**
 * The id a recorded call is replayed with. An agent that names its calls (a model, an ACP agent)
 * gets its own ids back; the engine's own `call_N` ids are left for it to give again, so its
 * counter advances as it did in the recording and the calls after the fork point number alike.
 */
function ownId(callId: string): string | undefined {
  if (/^call_\d+$/.test(callId)) return undefined;
  return callId;
}

/** The agent of a recording: each turn's tool calls run again through the engine, then its reply. */
export class RecordedAgent implements AgentBackend {
  private readonly turns: Map<number, TimedEvent[]>;

  constructor(
    readonly info: BackendInfo,
    recording: Recording,
  ) {
    this.turns = byTurn(recording.events);
  }

  async runTurn({ turn, callTool, turnOver, emit }: AgentTurnInput): Promise<{ reply: string }> {
    const events = this.turns.get(turn);
    const reply = events?.find(
      (e): e is EventOf<'message'> & TimedEvent => e.type === 'message' && e.role === 'agent',
    );
    if (!reply) throw new ForkError(`the recording has no agent reply at turn ${turn}`);
    for (const e of events ?? []) {
      if (e.type === 'tool_call' && !turnOver()) await callTool(e.name, e.args, ownId(e.callId));
      else if (BACKEND_EVENTS.has(e.type) && (e.type !== 'usage' || e.role === 'agent'))
        emit(untimed(e));
    }
    return { reply: reply.text };
  }
}

/** The user of a recording: the message that started the next turn, with what it revealed. */
export class RecordedUser implements UserBackend {
  private readonly turns: Map<number, TimedEvent[]>;
  private readonly phone: RecordedPhone;
  private readonly emitted = new Set<number>();

  constructor(
    readonly info: BackendInfo,
    readonly picksIntents: boolean,
    recording: Recording,
  ) {
    this.turns = byTurn(recording.events);
    this.phone = new RecordedPhone(this.turns, path.basename(recording.file));
  }

  /** The user's own events (a model user's usage) of a turn, once. */
  private replayOwn(turn: number, emit: (e: SessionEvent) => void): void {
    if (this.emitted.has(turn)) return;
    this.emitted.add(turn);
    for (const e of ownEvents(this.turns.get(turn), 'user')) emit(e);
  }

  async nextMessage({ turn, emit }: UserTurnInput): Promise<UserReply> {
    const message = this.turns
      .get(turn + 1)
      ?.find(
        (e): e is EventOf<'message'> & TimedEvent => e.type === 'message' && e.role === 'user',
      );
    if (!message) throw new ForkError(`the recording has no user message at turn ${turn + 1}`);
    this.replayOwn(turn, emit);
    // What the message told is stamped with its turn (readRecording moves older recordings' there).
    const told = (this.turns.get(turn + 1) ?? []).flatMap((e) =>
      e.type === 'intent_status' && e.cause === 'reveal' ? [[e.intent, e.detail] as const] : [],
    );
    return { text: message.text, reveals: told.map(([id]) => id), told: Object.fromEntries(told) };
  }

  /** Proposal scenarios: the user's move on the phone of this tick, as recorded. */
  async phoneAct({ turn, view, emit }: PhoneTurnInput): Promise<PhoneChoice> {
    this.replayOwn(turn, emit);
    return this.phone.move(turn, view);
  }

  /** Proposal scenarios: the user's verdict on a proposal, or the move that looked into it first. */
  async answerProposal({
    turn,
    proposal,
    view,
    emit,
  }: ProposalAnswerInput): Promise<ProposalAnswer> {
    this.replayOwn(turn, emit);
    return this.phone.answer(turn, proposal.id, view);
  }
}

/** The judge of a recording: stage 1 and 2 from the turn's status events, stage 3 from its pick. */
export class RecordedJudge implements JudgeBackend {
  readonly rubricByRules = false;
  private readonly turns: Map<number, TimedEvent[]>;
  private readonly emitted = new Set<number>();

  constructor(
    readonly info: BackendInfo,
    private readonly recording: Recording,
  ) {
    this.turns = byTurn(recording.events);
  }

  /** The judge's own events (usage) of a turn, once. */
  private replayOwn(turn: number, emit: (e: SessionEvent) => void): void {
    if (this.emitted.has(turn)) return;
    this.emitted.add(turn);
    for (const e of ownEvents(this.turns.get(turn), 'judge')) emit(e);
  }

  private statuses(turn: number, cause: string): EventOf<'intent_status'>[] {
    return (this.turns.get(turn) ?? []).filter(
      (e): e is EventOf<'intent_status'> & TimedEvent =>
        e.type === 'intent_status' && e.cause === cause,
    );
  }

  async assessTurn({ turn, open, emit }: JudgeTurnInput): Promise<JudgeVerdict> {
    this.replayOwn(turn, emit);
    const ids = new Set(open.map((i) => i.id));
    return {
      completed: this.statuses(turn, 'evidence')
        .filter((e) => ids.has(e.intent))
        .map((e) => ({ intent: e.intent, evidence: e.detail })),
      targeted: this.statuses(turn, 'question')
        .filter((e) => ids.has(e.intent))
        .map((e) => ({ intent: e.intent, question: e.detail })),
    };
  }

  async pickNext({
    turn,
    emit,
  }: Omit<JudgeTurnInput, 'evidence'>): Promise<{ intent: string; reason: string }> {
    this.replayOwn(turn, emit);
    // The pick is stamped with the turn of the message that tells it.
    const pick = this.statuses(turn + 1, 'picked')[0];
    if (!pick) throw new ForkError(`the recording has no pick of the judge at turn ${turn}`);
    return { intent: pick.intent, reason: pick.detail };
  }

  async gradeRubric({ items }: RubricInput): Promise<ChecklistGrade[]> {
    const last = new Map<string, ChecklistGrade>();
    for (const e of this.recording.events)
      if (e.type === 'checklist_result' && e.by === 'rubric')
        last.set(e.item, { item: e.item, pass: e.pass, reason: e.reason });
    return items.flatMap((i) => last.get(i.id) ?? []);
  }
}

/** The spec that builds a backend like the one a recording names. */
function specOf(info: BackendInfo): BackendSpec {
  return { kind: info.kind, ...(info.name ? { name: info.name } : {}) } as BackendSpec;
}

/**
 * The backends that replay a recording's session: a fresh script or rules backend where the
 * recording used one (it answers the same), built by the factory as any session's are, else one
 * that answers from the recording. (A role answered from the recording gets an offline backend
 * from the factory that is not used.)
 */
async function prefixBackends(
  infos: Record<Role, BackendInfo>,
  recording: Recording,
  ctx: BackendContext,
): Promise<Backends> {
  const fresh = (role: Role, offline: BackendSpec) =>
    isDeterministic(infos[role]) ? specOf(infos[role]) : offline;
  const built = await createBackends(
    {
      agent: fresh('agent', { kind: 'script' }),
      user: fresh('user', { kind: 'rules' }),
      judge: fresh('judge', { kind: 'rules' }),
    },
    ctx,
  );
  const { agent, user, judge } = infos;
  return {
    agent: isDeterministic(agent) ? built.agent : new RecordedAgent(agent, recording),
    user: isDeterministic(user)
      ? built.user
      : new RecordedUser(user, user.kind === 'human', recording),
    judge: isDeterministic(judge) ? built.judge : new RecordedJudge(judge, recording),
  };
}

/**
 * The backends that replay a recording's session. A fork's first turns were played by its
 * parent's backends (and those of the parent's parent...): they replay as those did, and a switch
 * hands over at each fork turn, registered for the engine's hook to throw (`at`).
 */
export async function replayBackends(
  recording: Recording,
  ctx: BackendContext,
  at: (turn: number, handOver: ForkSwitch) => void,
): Promise<Backends> {
  const chain = async (header: RecordingHeader, file: string): Promise<Backends> => {
    const own = await prefixBackends(header.backends, recording, ctx);
    if (!header.fork) return own;
    const parentFile = parentPath(file, header.fork.parent);
    const parent = headerOf(parentFile);
    if (!parent)
      throw new ForkError(
        `${path.basename(recording.file)}: it is a fork of ${header.fork.parent}, which is not there, so who played its first ${header.fork.turn} turns is unknown`,
      );
    const handOver = new ForkSwitch(await chain(parent, parentFile), own, header.fork.editUser);
    if (header.fork.turn === 0) handOver.goLive();
    else at(header.fork.turn, handOver);
    return handOver.backends;
  };
  return chain(recording.header, recording.file);
}
