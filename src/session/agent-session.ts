/** What an agent is told about its session each turn: never the hidden intents or checklist. */
import type { AgentTurnInput } from '../contracts/backends.ts';
import type { LoadedScenario } from '../scenario/library.ts';
import type { SessionProtocol } from './protocol.ts';

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
