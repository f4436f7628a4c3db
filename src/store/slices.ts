/**
 * The installed paradigms' slices of the session state (src/contracts/paradigm-view.ts): each is
 * made at `session_start` and reduced over every later event after the core's own fields, so the
 * reducer names no paradigm. Mutates only the fresh state the reducer has just made for the event.
 */
import type { EventOf, SessionEvent } from '../contracts/events.ts';
import { onParadigmsInstalled, paradigmsInstalled } from '../contracts/installed-paradigms.ts';
import type { SessionSlice, SessionSlices } from '../contracts/paradigm-view.ts';

let slices: readonly SessionSlice[] | undefined;
onParadigmsInstalled(() => (slices = undefined));

function installedSlices(): readonly SessionSlice[] {
  return (slices ??= paradigmsInstalled().flatMap((p) => p.view?.slices ?? []));
}

/** A state's slices by key, as the registry sees them (each slice checked its own type). */
type Slots = Record<string, unknown>;

/** The slices a session starts with, set on the session's fresh first state. */
export function startSlices(fresh: Partial<SessionSlices>, event: EventOf<'session_start'>): void {
  for (const slice of installedSlices()) {
    const value = slice.start(event);
    if (value !== undefined) (fresh as Slots)[slice.key] = value;
  }
}

/** Each slice the session has, reduced over `event`, set on the state made for the event. */
export function reduceSlices(
  before: Partial<SessionSlices>,
  fresh: Partial<SessionSlices>,
  event: SessionEvent,
): void {
  for (const slice of installedSlices()) {
    const value = before[slice.key];
    if (value === undefined) continue;
    const reduced = slice.reduce(value as never, event);
    if (reduced !== value) (fresh as Slots)[slice.key] = reduced;
  }
}
