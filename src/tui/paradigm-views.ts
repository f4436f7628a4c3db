/**
 * What the installed paradigms add to the session screen besides their panes (pane-specs.ts):
 * segments of the status bar and lines of the opening card, each for the sessions that have its
 * slice of the state (src/contracts/paradigm-view.ts).
 */
import type { SessionSlices } from '../contracts/paradigm-view.ts';
import type { Line, Seg, Theme } from '../contracts/styled.ts';
import { derivedFromParadigms } from '../scenario/paradigms.ts';
import type { SessionState } from '../store/state.ts';

const statusParts = derivedFromParadigms((paradigms) =>
  paradigms.flatMap((p) => p.view?.status ?? []),
);
const openingParts = derivedFromParadigms((paradigms) =>
  paradigms.flatMap((p) => p.view?.opening ?? []),
);

/** The status bar's paradigm segments (the clock, the agent's phase), in the registry's order. */
export function statusSegments(
  session: SessionState,
  theme: Theme,
  waitingFrom: string | undefined,
): Seg[] {
  const segments: Seg[] = [];
  for (const part of statusParts()) {
    const slice = session[part.slice];
    const segment = slice && part.segment(slice, theme, waitingFrom);
    if (segment) segments.push(segment);
  }
  return segments;
}

/** What the key that lets time pass does in this session, when a paradigm of it has one. */
export function passTimeLabel(session: SessionState): string | undefined {
  return statusParts().find((part) => part.passTime && session[part.slice])?.passTime;
}

/** The opening card's paradigm lines, after the request. */
export function openingParadigmLines(
  session: Partial<SessionSlices>,
  cols: number,
  theme: Theme,
): Line[] {
  return openingParts().flatMap((part) => {
    const slice = session[part.slice];
    return slice ? part.lines(slice, cols, theme) : [];
  });
}
