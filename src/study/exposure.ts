/**
 * Exposure: what a participant's screen showed during a session, and when. The session screen
 * reports what its body shows (the panes on screen, or the card or overlay covering them); the
 * study run logs when each of those parts starts and stops being visible, with both clocks
 * (in a narrow terminal the panes are tabs, so the goals are on screen only while their tab is
 * open). The export turns the log into one row per span.
 */
import type { StudyFile } from './schema.ts';
import { compareText } from '../contracts/order.ts';

type ParticipantView = StudyFile['participant_view'];

/** What the body of the session screen can show: a pane, or what covers the panes. */
export type ScreenPart =
  | 'conversation'
  | 'intents'
  | 'checklist'
  | 'workspace'
  | 'timeline'
  | 'phone'
  | 'opening_card'
  | 'persona_card'
  | 'help'
  | 'tool_picker'
  | 'result_card';

/** What a part holds in the participant's view, and whether that is hidden information (what the agent must find out, or the judge's verdicts). */
export function exposureContent(
  part: string,
  view: ParticipantView,
): { content: string; hidden: boolean } {
  switch (part) {
    case 'intents':
      return view.intents === 'goals'
        ? { content: 'goals (no statuses)', hidden: true }
        : {
            content: view.verdicts
              ? 'intents with live statuses and Proc'
              : 'intents with live statuses',
            hidden: true,
          };
    case 'checklist':
      return view.verdicts
        ? { content: 'checklist verdicts and Comp', hidden: true }
        : { content: 'nothing (verdicts withheld)', hidden: false };
    case 'opening_card':
      return {
        content: view.intents === 'goals' ? 'request and goals' : 'request and hidden intents',
        hidden: true,
      };
    case 'persona_card':
      return { content: 'persona profile, facts and goals', hidden: true };
    case 'conversation':
      return { content: 'conversation', hidden: false };
    case 'workspace':
      return { content: 'workspace files and diffs', hidden: false };
    case 'help':
      return { content: 'the keys', hidden: false };
    default:
      return { content: part.replace(/_/g, ' '), hidden: false };
  }
}

/** One log line of exposure: a part came on screen (`start`) or left it (`stop`). */
export interface ExposureChange {
  session: number;
  part: string;
  change: 'start' | 'stop';
}

/**
 * Tracks which parts are on screen for one session and says what changed. `show` takes what
 * the screen shows now (nothing while paused or after the session left the screen).
 */
export class ExposureTracker {
  private readonly on = new Set<string>();

  constructor(private readonly session: number) {}

  show(parts: readonly string[]): ExposureChange[] {
    const now = new Set(parts);
    const changes: ExposureChange[] = [];
    for (const p of [...this.on])
      if (!now.has(p)) changes.push({ session: this.session, part: p, change: 'stop' });
    for (const p of now)
      if (!this.on.has(p)) changes.push({ session: this.session, part: p, change: 'start' });
    for (const c of changes) {
      if (c.change === 'start') this.on.add(c.part);
      else this.on.delete(c.part);
    }
    return changes;
  }
}

interface ExposureLine {
  type: string;
  wall: string;
  mono: number;
  run: number;
  [key: string]: unknown;
}

/** One span a part was on screen: start and end on the monotonic clock of its run and on the wall clock. */
export interface ExposureSpan {
  session: number;
  part: string;
  run: number;
  layout: string | undefined;
  /** ms from the session's start in that run (monotonic). */
  startMs: number | undefined;
  endMs: number | undefined;
  startWall: string;
  endWall: string | undefined;
}

/**
 * Pairs each part's start with its stop, in one participant's log. A span still open when its
 * run ended (the process died) has no end. Times count from the session's `session_start` in
 * the same run (a part shown in the moment before it, negative).
 */
export function exposureSpans(log: readonly ExposureLine[]): ExposureSpan[] {
  const sessionStart = new Map<string, number>();
  for (const l of log)
    if (l.type === 'session_start') sessionStart.set(`${l.run}:${l.session as number}`, l.mono);
  const since = (l: ExposureLine, session: number) => {
    const base = sessionStart.get(`${l.run}:${session}`);
    return base === undefined ? undefined : l.mono - base;
  };
  const spans: ExposureSpan[] = [];
  const open = new Map<string, ExposureSpan>();
  const close = (key: string, line?: ExposureLine) => {
    const span = open.get(key);
    if (!span) return;
    open.delete(key);
    spans.push({
      ...span,
      endMs: line ? since(line, span.session) : undefined,
      endWall: line?.wall,
    });
  };
  for (const l of log) {
    if (l.type === 'run_start') for (const key of [...open.keys()]) close(key);
    if (l.type !== 'exposure') continue;
    if (typeof l.part !== 'string') continue;
    const session = l.session as number;
    const key = `${session}:${l.part}`;
    if (l.change === 'start') {
      close(key);
      open.set(key, {
        session,
        part: l.part,
        run: l.run,
        layout: typeof l.layout === 'string' ? l.layout : undefined,
        startMs: since(l, session),
        endMs: undefined,
        startWall: l.wall,
        endWall: undefined,
      });
    } else if (l.change === 'stop') close(key, l);
  }
  for (const key of [...open.keys()]) close(key);
  return spans.sort((a, b) => a.run - b.run || compareText(a.startWall, b.startWall));
}
