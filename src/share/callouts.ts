/**
 * Short callouts for an audience: one line each time the agent is proactive. They are
 * derived from events in one place (`calloutFor`), so the presentation mode, the asciicast,
 * the HTML replay and the Markdown transcript say the same thing, and a new event type
 * (a proposal accepted, an update kept silent) adds one case here.
 */
import type { SessionEvent, TimedEvent } from '../contracts/events.ts';

export type CalloutKind =
  'completed' | 'carried' | 'asked' | 'followed' | 'silent' | 'delivered' | 'accepted' | 'rejected';

export interface Callout {
  turn: number;
  kind: CalloutKind;
  /** The intent or item it is about. */
  about: string;
  text: string;
}

const PHRASES: Record<CalloutKind, (about: string) => string> = {
  completed: (ids) => `completed ${ids} without being asked`,
  carried: (ids) => `carried out ${ids} once the user accepted`,
  asked: (ids) => `asked about ${ids}`,
  followed: (ids) => `followed up on ${ids}`,
  silent: (ids) => `kept silent on ${ids}, an update that did not fit`,
  delivered: (ids) => `reminder ${ids} delivered`,
  accepted: (ids) => `proposal ${ids} accepted`,
  rejected: (ids) => `proposal ${ids} rejected`,
};

/** The callout an event deserves on its own, or null when it shows no proactivity. */
export function calloutFor(event: SessionEvent | TimedEvent): Callout | null {
  switch (event.type) {
    case 'intent_status':
      // Open → completed on evidence: the user never said it (a revealed intent is provided, not open).
      if (event.to === 'completed' && event.from === 'open' && event.cause === 'evidence')
        return {
          turn: event.turn,
          kind: 'completed',
          about: event.intent,
          text: PHRASES.completed(event.intent),
        };
      if (event.to === 'inferred' && event.cause === 'question')
        return {
          turn: event.turn,
          kind: 'asked',
          about: event.intent,
          text: PHRASES.asked(event.intent),
        };
      return null;
    // Time scenarios: an update handled as it should be, when the agent saw it.
    case 'update_verdict':
      if (event.verdict === 'kept')
        return {
          turn: event.turn,
          kind: 'silent',
          about: event.update,
          text: PHRASES.silent(event.update),
        };
      if (event.verdict === 'hit')
        return {
          turn: event.turn,
          kind: 'followed',
          about: event.update,
          text: PHRASES.followed(event.update),
        };
      return null;
    // A reminder the agent set for a time came due and woke it (a condition reminder firing on an
    // update is called out by how the agent handled that update).
    case 'reminder':
      return event.action === 'fired' && !event.condition
        ? {
            turn: event.turn,
            kind: 'delivered',
            about: event.id,
            text: PHRASES.delivered(event.id),
          }
        : null;
    // Proposal scenarios: the user's verdict on what the agent offered to do.
    case 'proposal_verdict':
      return {
        turn: event.turn,
        kind: event.verdict,
        about: event.proposal,
        text: PHRASES[event.verdict](event.proposal),
      };
    default:
      return null;
  }
}

/**
 * Reads a session's events in order and gives each one's callout, knowing what came before: a
 * goal completed by an accepted proposal's execution was asked for (the user just said yes), so
 * it reads "carried out P1 (G1) once the user accepted", not "completed G1 without being asked".
 */
export function calloutReader(): (event: SessionEvent | TimedEvent) => Callout | null {
  let accepted = new Map<string, string>();
  return (event) => {
    if (event.type === 'session_start') accepted = new Map();
    if (event.type === 'proposal_verdict' && event.verdict === 'accepted' && event.goal)
      accepted.set(event.goal, event.proposal);
    const callout = calloutFor(event);
    if (callout?.kind !== 'completed') return callout;
    const proposal = accepted.get(callout.about);
    if (!proposal) return callout;
    const about = `${proposal} (${callout.about})`;
    return { ...callout, kind: 'carried', about, text: PHRASES.carried(about) };
  };
}

/** Callouts that happen together as one line: `completed I1, I3 without being asked · asked about I2`. */
export function summarizeCallouts(callouts: readonly Callout[]): string {
  const byKind = new Map<CalloutKind, string[]>();
  for (const c of callouts) byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c.about]);
  return [...byKind].map(([kind, ids]) => PHRASES[kind](ids.join(', '))).join(' · ');
}

/** Every callout of a recording, in order. */
export function calloutsOf(events: readonly (SessionEvent | TimedEvent)[]): Callout[] {
  const out: Callout[] = [];
  const read = calloutReader();
  for (const e of events) {
    const c = read(e);
    if (c) out.push(c);
  }
  return out;
}
