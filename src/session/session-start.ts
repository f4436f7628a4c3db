/**
 * How a session opens: the `session_start` event (what a recording and every screen read
 * first), the intents that start pending, and the first incoming message from the trigger.
 */
import { given } from '../contracts/optional.ts';
import type { LoadedPersona, LoadedScenario } from '../scenario/library.ts';
import type { Backends } from '../contracts/backends.ts';
import type { EventOf, IntentStatus, PersonaCard, SessionEvent } from '../contracts/events.ts';
import { announcedIntentFields } from '../scenario/paradigms.ts';
import type { Incoming, SessionProtocol } from './protocol.ts';

/** What the start event is built from. */
export interface SessionOpening {
  scenario: LoadedScenario;
  persona: LoadedPersona | undefined;
  backends: Backends;
  protocol: SessionProtocol;
  index: number;
  of: number;
  maxTurns: number;
  toolSteps: number;
  checklist: EventOf<'session_start'>['checklist'];
}

export function sessionStartEvent(o: SessionOpening): EventOf<'session_start'> {
  const { scenario, backends } = o;
  return {
    type: 'session_start',
    scenario: scenario.id,
    persona: scenario.persona,
    title: scenario.title,
    index: o.index,
    of: o.of,
    trigger: {
      kind: scenario.trigger.kind,
      text: scenario.trigger.text,
      ...given({ source: scenario.trigger.source }),
    },
    intents: scenario.intents.map((i) => ({
      id: i.id,
      text: i.text,
      reveal: i.reveal ?? i.text,
      ...announcedIntentFields(i),
    })),
    checklist: o.checklist,
    maxTurns: o.maxTurns,
    toolSteps: o.toolSteps,
    backends: {
      agent: backends.agent.info,
      user: backends.user.info,
      judge: backends.judge.info,
    },
    ...given({
      time: o.protocol.info,
      proposals: o.protocol.proposalInfo,
      paradigms: o.protocol.announce?.(),
    }),
    ...(o.persona ? { personaCard: personaCard(o.persona) } : {}),
  };
}

/**
 * Every event of the opening, in order: session_start, a warning about the task's rule script
 * (`scriptProblem`) if it cannot run, and the intents that start pending.
 */
export function openingEvents(
  o: SessionOpening,
  scriptProblem: string | undefined,
  statusOf: (id: string) => IntentStatus | undefined,
): SessionEvent[] {
  return [
    sessionStartEvent(o),
    ...(scriptProblem
      ? [{ type: 'notice', turn: 0, level: 'warning', text: scriptProblem } as const]
      : []),
    ...pendingAtStart(o.scenario, statusOf, o.protocol),
  ];
}

/** The turn-0 events of the intents the protocol starts pending (they wait on the world). */
function pendingAtStart(
  scenario: LoadedScenario,
  statusOf: (id: string) => IntentStatus | undefined,
  protocol: SessionProtocol,
): SessionEvent[] {
  return scenario.intents
    .filter((i) => statusOf(i.id) === 'pending')
    .map((i) => ({
      type: 'intent_status',
      turn: 0,
      intent: i.id,
      from: 'open',
      to: 'pending',
      cause: 'follow_up',
      detail: protocol.pendingDetail?.(i) ?? 'waits on the world',
    }));
}

/** The first agent turn's incoming message: the scenario's trigger, a user message or an event. */
export function triggerIncoming(scenario: LoadedScenario): Incoming {
  const { trigger } = scenario;
  if (trigger.kind === 'user') return { kind: 'user', turn: 1, text: trigger.text };
  return {
    kind: 'event',
    turn: 1,
    text: trigger.text,
    ...(trigger.source ? { source: trigger.source } : {}),
  };
}

function personaCard(p: LoadedPersona): PersonaCard {
  return {
    name: p.name,
    role: p.role,
    profile: p.profile,
    ...given({ style: p.style, facts: p.facts, goals: p.goals }),
  };
}
