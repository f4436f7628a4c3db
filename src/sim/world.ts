/**
 * The simulated world while a session runs, for any paradigm that runs on it (time and proposal
 * scenarios): the clock, the environment's state and its scheduled updates, the agent's reminders
 * and task status. Tools change it through ToolContext.time; a protocol (src/time/protocol.ts,
 * src/proposals/protocol.ts) moves the clock and fires updates.
 * Every change is reported as a typed event, so a recording replays it exactly.
 */
import type { EngineTypes } from '../contracts/engine-types.ts';
import type { SessionEvent } from '../contracts/events.ts';
import { ToolError } from '../contracts/errors.ts';
import { SimClock, parseTimeValue } from './clock.ts';
import type { TaskStatus, UpdateSpec } from './schema.ts';

export interface ScheduledUpdate {
  spec: UpdateSpec;
  at: number;
}

export interface Reminder {
  id: string;
  note: string;
  /** A time reminder fires once at `at`; with a condition it is active from `at` on. */
  at?: number;
  condition?: string;
  state: 'active' | 'fired' | 'cancelled';
}

export class TimeWorld {
  readonly clock: SimClock;
  readonly environmentName: string | undefined;
  readonly environmentDescription: string | undefined;
  private envState: Record<string, unknown>;
  /** Updates still to come, in time order (ties keep file order). */
  private readonly queue: ScheduledUpdate[];
  readonly happened: ScheduledUpdate[] = [];
  readonly reminders: Reminder[] = [];
  taskStatus: TaskStatus | undefined;
  /** Set by keep_silent() during the current agent turn. */
  silenced = false;
  private reminderSeq = 0;

  constructor(
    scenario: EngineTypes['scenario'],
    private readonly emit: (event: SessionEvent) => void,
    private readonly turn: () => number,
  ) {
    this.clock = SimClock.from(scenario.clock);
    this.environmentName = scenario.environment?.name;
    this.environmentDescription = scenario.environment?.description;
    this.envState = structuredClone(scenario.environment?.state ?? {});
    this.queue = scheduleOf(scenario, this.clock.startMs);
  }

  // ---- what the agent's tools do

  query(query?: string): { time: string; state: Record<string, unknown> } {
    return {
      time: this.clock.iso(),
      state: query?.trim() ? filterState(this.envState, query) : this.envState,
    };
  }

  setReminder(args: { at?: string | undefined; condition?: string | undefined; note: string }): {
    id: string;
    at?: string;
    condition?: string;
  } {
    if (!args.at && !args.condition)
      throw new ToolError('a reminder needs a time (`at`), a condition in words, or both');
    let at: number | undefined;
    if (args.at) {
      const r = parseTimeValue(args.at, this.clock.now);
      if ('problem' in r) throw new ToolError(r.problem);
      if (r.ms <= this.clock.now && !args.condition)
        throw new ToolError(
          `${this.clock.iso(r.ms)} is not in the future (it is now ${this.clock.iso()})`,
        );
      at = r.ms;
    }
    const reminder: Reminder = {
      id: `r${++this.reminderSeq}`,
      note: args.note,
      state: 'active',
      ...(at !== undefined ? { at } : {}),
      ...(args.condition ? { condition: args.condition } : {}),
    };
    this.reminders.push(reminder);
    this.emitReminder('set', reminder);
    return {
      id: reminder.id,
      ...(at !== undefined ? { at: this.clock.iso(at) } : {}),
      ...(args.condition ? { condition: args.condition } : {}),
    };
  }

  listReminders(): { id: string; note: string; at?: string; condition?: string; state: string }[] {
    return this.reminders.map((r) => ({
      id: r.id,
      note: r.note,
      state: r.state,
      ...(r.at !== undefined ? { at: this.clock.iso(r.at) } : {}),
      ...(r.condition ? { condition: r.condition } : {}),
    }));
  }

  cancelReminder(id: string): { cancelled: string } {
    const r = this.reminders.find((x) => x.id === id);
    if (!r) throw new ToolError(`no reminder \`${id}\` (list_reminders shows them)`);
    if (r.state !== 'active') throw new ToolError(`reminder \`${id}\` is already ${r.state}`);
    r.state = 'cancelled';
    this.emitReminder('cancelled', r);
    return { cancelled: id };
  }

  setTaskStatus(status: TaskStatus): { status: TaskStatus } {
    this.taskStatus = status;
    this.emit({ type: 'task_status', turn: this.turn(), status });
    return { status };
  }

  // ---- what the time protocol does

  get updatesLeft(): number {
    return this.queue.length;
  }

  /** Any reminder that can still wake the agent: a condition reminder not cancelled, or a time reminder not yet due. */
  hasActiveReminder(): boolean {
    return this.reminders.some((r) => r.state === 'active');
  }

  /** An update still to come that pushes itself to the agent. */
  hasPushLeft(): boolean {
    return this.queue.some((u) => pushesToAgent(u.spec));
  }

  /** The next thing that can happen while the user waits: an update, or a time reminder falling due. */
  nextEvent():
    | { kind: 'update'; update: ScheduledUpdate }
    | { kind: 'reminder'; reminder: Reminder; at: number }
    | undefined {
    const update = this.queue[0];
    let due: Reminder | undefined;
    for (const r of this.reminders)
      if (r.state === 'active' && !r.condition && r.at !== undefined && (!due || r.at < due.at!))
        due = r;
    if (due && (!update || due.at! < update.at))
      return { kind: 'reminder', reminder: due, at: due.at! };
    return update ? { kind: 'update', update } : undefined;
  }

  /** Applies the next update: the environment's keys are replaced; returns it. */
  applyNext(): ScheduledUpdate {
    const next = this.queue.shift()!;
    if (next.spec.set) this.envState = { ...this.envState, ...structuredClone(next.spec.set) };
    this.happened.push(next);
    return next;
  }

  /**
   * Reminders that wake the agent on an update happening now: condition reminders active at
   * this time, and a time reminder falling due at this very moment (the update is what it sees).
   */
  watching(): Reminder[] {
    const now = this.clock.now;
    return this.reminders.filter(
      (r) =>
        r.state === 'active' &&
        (r.condition ? r.at === undefined || r.at <= now : r.at !== undefined && r.at <= now),
    );
  }

  fire(reminder: Reminder): void {
    if (!reminder.condition) reminder.state = 'fired';
    this.emitReminder('fired', reminder);
  }

  private emitReminder(action: 'set' | 'fired' | 'cancelled', r: Reminder): void {
    this.emit({
      type: 'reminder',
      turn: this.turn(),
      action,
      id: r.id,
      note: r.note,
      ...(r.at !== undefined ? { at: this.clock.iso(r.at) } : {}),
      ...(r.condition ? { condition: r.condition } : {}),
    });
  }
}

export function pushesToAgent(spec: UpdateSpec): boolean {
  return spec.notify === 'agent' || spec.notify === 'both';
}

/** The updates in time order (a stable sort: ties keep their file order). */
export function scheduleOf(scenario: EngineTypes['scenario'], startMs: number): ScheduledUpdate[] {
  const updates = scenario.environment?.updates ?? [];
  return updates
    .map((spec) => {
      const r = parseTimeValue(spec.at, startMs);
      return { spec, at: 'ms' in r ? r.ms : startMs };
    })
    .sort((a, b) => a.at - b.at);
}

/**
 * A query narrows each list in the state to the items whose text holds every word of it
 * (case-insensitive); other keys are returned whole. Plain substring search: no regex.
 */
function filterState(state: Record<string, unknown>, query: string): Record<string, unknown> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(state)) {
    out[k] = Array.isArray(v)
      ? v.filter((item) => {
          const text = JSON.stringify(item).toLowerCase();
          return words.every((w) => text.includes(w));
        })
      : v;
  }
  return out;
}
