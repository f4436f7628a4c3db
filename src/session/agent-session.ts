/** What an agent is told about its session each turn: never the hidden intents or checklist. */
import type { AgentTurnInput } from '../contracts/backends.ts';
import type { SessionEvent } from '../contracts/events.ts';
import type { LoadedScenario } from '../scenario/library.ts';
import type { GroupEnv } from './group-env.ts';
import type { SessionProtocol } from './protocol.ts';
import type { TurnToolCalls } from './tool-calls.ts';

type AgentTime = ReturnType<NonNullable<SessionProtocol['agentTime']>>;

export function agentSession(o: {
  scenario: LoadedScenario;
  memory: string;
  index: number;
  /** The date the agent is told when the protocol keeps no time (fixed in tests and benchmarks). */
  date: string | undefined;
  time: AgentTime;
}): AgentTurnInput['session'] {
  const { time } = o;
  return {
    scenarioId: o.scenario.id,
    title: o.scenario.title,
    date: time?.now.slice(0, 10) ?? o.date ?? new Date().toISOString().slice(0, 10),
    memory: o.memory,
    index: o.index,
    ...(time
      ? { now: time.now, woken: time.woken, ...(time.phase ? { phase: time.phase } : {}) }
      : {}),
  };
}

/** The agent backend's input for one turn: its session, the transcript and the turn's tools. */
export function agentTurnInput(o: {
  turn: number;
  scenario: LoadedScenario;
  env: GroupEnv;
  index: number;
  date: string | undefined;
  time: AgentTime;
  transcript: AgentTurnInput['transcript'];
  calls: TurnToolCalls;
  emit: (event: SessionEvent) => void;
  signal: AbortSignal;
}): AgentTurnInput {
  const { env, calls } = o;
  return {
    turn: o.turn,
    session: agentSession({ ...o, memory: env.memory.render() }),
    transcript: o.transcript,
    tools: calls.specs,
    allTools: calls.allSpecs,
    callTool: calls.callTool,
    turnOver: calls.turnOver,
    cwd: env.workspace.root,
    external: calls.external,
    emit: o.emit,
    signal: o.signal,
  };
}
