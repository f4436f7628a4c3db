/**
 * The tool calls of one agent turn: the engine's own (`callTool`, which runs the tool) and those an
 * external agent ran by itself (`external`, reported as they start and finish). Both are recorded
 * the same way (event, tool record, transcript entry) and counted against the turn's step cap.
 */
import {
  invokeTool,
  ToolRegistry,
  warmTools,
  type ToolContext,
  type ToolDef,
  type ToolOutcome,
  type ToolSpec,
} from '../tools/registry.ts';
import {
  ToolStepCapError,
  type ExternalCalls,
  type ToolCallRecord,
  type TranscriptEntry,
} from '../contracts/backends.ts';
import type { SessionEvent } from '../contracts/events.ts';
import type { LoadedScenario } from '../scenario/library.ts';
import { DEFAULT_TOOL_STEPS, DEFAULT_TOOLS } from '../scenario/schema.ts';
import type { GroupEnv } from './group-env.ts';
import type { SessionProtocol } from './protocol.ts';

/** The tools of one session, as every turn offers and runs them. */
export interface SessionTools {
  ctx: ToolContext;
  tools: ReadonlyMap<string, ToolDef>;
  specs: ToolSpec[];
  /** The cap on tool calls per agent turn. */
  steps: number;
}

/** The tool-step cap of a scenario's agent turns. */
export function toolStepsOf(scenario: LoadedScenario): number {
  return scenario.limits?.tool_steps ?? DEFAULT_TOOL_STEPS;
}

/** The tools a session offers: the groups its scenario names, as its protocol extends them. */
export function sessionToolsFor(
  env: GroupEnv,
  scenario: LoadedScenario,
  protocol: SessionProtocol,
): SessionTools {
  const ctx: ToolContext = { workspace: env.workspace, memory: env.memory, apps: env.apps };
  const offered = env.registry.forGroups(scenario.tools ?? DEFAULT_TOOLS);
  const tools = new Map((protocol.extendTools?.(ctx, offered) ?? offered).map((t) => [t.name, t]));
  warmTools(tools.values());
  return {
    ctx,
    tools,
    specs: [...tools.values()].map((t) => ToolRegistry.spec(t)),
    steps: toolStepsOf(scenario),
  };
}

/** What a turn's calls report to the session. */
export interface CallLog {
  emit(event: SessionEvent): void;
  /** Throws when the session was stopped. */
  checkAbort(): void;
  nextCallId(): string;
  /** A finished call, for the session's records and the agent's transcript. */
  recorded(record: ToolCallRecord, entry: TranscriptEntry): void;
  /** Other spellings of tool names (an MCP prefix). */
  resolve(name: string): ToolDef | undefined;
}

/** Another spelling of an offered tool (an MCP prefix) runs it; a tool the scenario does not offer is unknown. */
function offeredAlias(
  def: ToolDef | undefined,
  offered: ReadonlyMap<string, ToolDef>,
): ToolDef | undefined {
  return def && offered.get(def.name) === def ? def : undefined;
}

export class TurnToolCalls {
  readonly calls: ToolCallRecord[] = [];
  private steps = 0;
  private readonly pending = new Map<string, { name: string; args: unknown; updated: boolean }>();
  /** Tools a protocol withholds in this turn (an observe turn reads but does not write). */
  private readonly offeredNow: ReadonlySet<string> | undefined;
  /** The tool whose successful call ended the turn (`propose`, `wait`): later calls are refused. */
  private endedBy: string | undefined;

  constructor(
    private readonly turn: number,
    private readonly tools: SessionTools,
    private readonly log: CallLog,
    offeredNames: readonly string[] | undefined,
  ) {
    this.offeredNow = offeredNames ? new Set(offeredNames) : undefined;
  }

  /** The tool specs the agent is offered in this turn. */
  get specs(): SessionTools['specs'] {
    const now = this.offeredNow;
    return now ? this.tools.specs.filter((s) => now.has(s.name)) : this.tools.specs;
  }

  /** Every tool spec of the session, offered in this turn or not. */
  get allSpecs(): SessionTools['specs'] {
    return this.tools.specs;
  }

  private count(): void {
    if (this.steps >= this.tools.steps) throw new ToolStepCapError(this.tools.steps);
    this.steps++;
  }

  /** True once a tool that ends the turn succeeded: the agent should stop and answer. */
  readonly turnOver = (): boolean => this.endedBy !== undefined;

  /** Runs a tool for an agent that calls tools through the engine. */
  readonly callTool = async (
    name: string,
    args: unknown,
    callId?: string,
  ): Promise<ToolOutcome> => {
    this.log.checkAbort();
    this.count();
    const id = callId ?? this.log.nextCallId();
    this.log.emit({ type: 'tool_call', turn: this.turn, callId: id, name, args });
    const def =
      this.tools.tools.get(name) ?? offeredAlias(this.log.resolve(name), this.tools.tools);
    const outcome: ToolOutcome =
      this.refusal(def) ?? (await invokeTool(def, name, args, this.tools.ctx));
    if (outcome.ok && def?.endsTurn) this.endedBy = def.name;
    this.finished(id, def?.name ?? name, name, args, outcome);
    return outcome;
  };

  /** Why a call does not run at all: the turn already ended, or the tool is not offered in this turn. */
  private refusal(def: ToolDef | undefined): ToolOutcome | undefined {
    if (this.endedBy)
      return {
        ok: false,
        error: `your turn ended with ${this.endedBy}: nothing more runs until the next observation`,
      };
    if (def && this.offeredNow && !this.offeredNow.has(def.name))
      return {
        ok: false,
        error: `${def.name} is not available in this turn: observe and propose first; you can act once the user accepts`,
      };
    return undefined;
  }

  /** Tools an external agent ran by itself: recorded like the engine's own, counted against the same cap. */
  readonly external: ExternalCalls = {
    start: (callId, name, args) => {
      this.count();
      this.pending.set(callId, { name, args, updated: false });
      this.log.emit({ type: 'tool_call', turn: this.turn, callId, name, args });
    },
    update: (callId, args) => {
      const call = this.pending.get(callId);
      if (!call) return;
      const before = call.args && typeof call.args === 'object' ? call.args : {};
      call.args = { ...before, ...args };
      call.updated = true;
    },
    finish: (callId, outcome) => {
      const call = this.pending.get(callId);
      if (!call) return;
      this.pending.delete(callId);
      this.finished(callId, call.name, call.name, call.args, outcome, call.updated);
    },
  };

  /** External calls still running when the turn ends fail. */
  settle(): void {
    for (const id of [...this.pending.keys()])
      this.external.finish(id, { ok: false, error: 'did not finish before the turn ended' });
  }

  private finished(
    callId: string,
    recordName: string,
    calledName: string,
    args: unknown,
    outcome: ToolOutcome,
    updated = false,
  ): void {
    const result = outcome.ok ? { result: outcome.result } : { error: outcome.error };
    const record: ToolCallRecord = {
      turn: this.turn,
      callId,
      name: recordName,
      args,
      ok: outcome.ok,
      ...result,
    };
    this.calls.push(record);
    this.log.recorded(record, {
      kind: 'tool',
      turn: this.turn,
      callId,
      name: calledName,
      args,
      outcome,
    });
    // The call's `tool_call` event showed its input as it started; the result carries what came later.
    this.log.emit({
      type: 'tool_result',
      turn: this.turn,
      callId,
      name: calledName,
      ok: outcome.ok,
      ...result,
      ...(updated ? { args } : {}),
    });
  }
}
