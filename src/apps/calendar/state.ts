/**
 * calendar state: events with an organizer and attendees (each with a response), and a
 * directory of users. Invitations are not stored apart: they are the events where the
 * owner is an attendee whose response is `needs_action`.
 *
 * Times are naive local timestamps (`YYYY-MM-DDTHH:MM:SS`, no zone), like the app clock.
 */
import { z } from 'zod';
import { isOwner, personRef } from '../kit/app.ts';
import {
  assignIds,
  baseFromSeed,
  baseSeedShape,
  checkUniqueIds,
  DateTimeSeed,
  emptyBase,
  personFromSeed,
  PersonSeed,
  SeedId,
  type Account,
  type BaseState,
  type EntityMap,
  type Person,
} from '../kit/state.ts';

export const RESPONSES = ['accepted', 'declined', 'tentative', 'needs_action'] as const;
export type AttendeeResponse = (typeof RESPONSES)[number];

export interface Attendee {
  name: string;
  email: string;
  response: AttendeeResponse;
}

export interface CalendarEvent {
  event_id: number;
  title: string;
  description: string;
  location: string;
  start: string;
  end: string;
  organizer: { name: string; email: string };
  /** Everyone invited besides the organizer. */
  attendees: Attendee[];
  created_at: string;
  updated_at: string;
}

export interface CalendarState extends BaseState {
  users: EntityMap<Person>;
  events: EntityMap<CalendarEvent>;
}

export const CALENDAR_COLLECTIONS = ['users', 'events'] as const;

export function emptyCalendar(): CalendarState {
  return { ...emptyBase(), users: {}, events: {} };
}

const AttendeeSeed = z.strictObject({
  email: z.email(),
  response: z.enum(RESPONSES).default('needs_action'),
});

const EventSeed = z.strictObject({
  id: SeedId,
  title: z.string().min(1),
  description: z.string().default(''),
  location: z.string().default(''),
  start: DateTimeSeed.refine(isRealStamp, 'not a real date and time'),
  end: DateTimeSeed.refine(isRealStamp, 'not a real date and time'),
  organizer: z.email().optional().meta({ description: 'default: the account' }),
  attendees: z
    .array(AttendeeSeed)
    .default([])
    .meta({ description: 'everyone invited besides the organizer' }),
});

export const CalendarSeed = z
  .strictObject({
    ...baseSeedShape,
    users: z.array(PersonSeed).optional().meta({
      description: 'people the owner can find with search_users (and their names on events)',
    }),
    events: z
      .array(EventSeed)
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'event'))
      .optional(),
  })
  .superRefine((seed, ctx) => {
    const me = seed.account?.email ?? seed.account?.username;
    (seed.events ?? []).forEach((e, i) => {
      const at = (...rest: (string | number)[]) => ['events', i, ...rest];
      if (e.end <= e.start)
        ctx.addIssue({ code: 'custom', path: at('end'), message: 'end must be after start' });
      const organizer = e.organizer ?? me;
      const seen = new Set<string>();
      e.attendees.forEach((a, j) => {
        const key = a.email.toLowerCase();
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: at('attendees', j, 'email'),
            message: `${a.email} is listed twice`,
          });
        else if (organizer !== undefined && key === organizer.toLowerCase())
          ctx.addIssue({
            code: 'custom',
            path: at('attendees', j, 'email'),
            message: `${a.email} is the organizer`,
          });
        seen.add(key);
      });
    });
  });

export function buildCalendar(seed: z.output<typeof CalendarSeed>): CalendarState {
  const state: CalendarState = { ...baseFromSeed(seed), users: {}, events: {} };
  const users = assignIds(seed.users ?? [], (u) => personFromSeed(u));
  state.users = users.map;
  const me = state.account?.email ?? state.account?.username ?? 'me@example.com';
  const events = assignIds(seed.events ?? [], (e, id): CalendarEvent => ({
    event_id: id,
    title: e.title,
    description: e.description,
    location: e.location,
    start: e.start,
    end: e.end,
    organizer: personRef(state, e.organizer ?? me),
    attendees: e.attendees.map((a) => ({ ...personRef(state, a.email), response: a.response })),
    created_at: state.now,
    updated_at: state.now,
  }));
  state.events = events.map;
  state.next_id = { ...state.next_id, user: users.next, event: events.next };
  return state;
}

// ---- who is on an event ---------------------------------------------------------------------

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The attendee entry for an address, if that person is invited (the organizer is not). */
export function attendeeOf(e: CalendarEvent, address: string): Attendee | undefined {
  return e.attendees.find((a) => same(a.email, address));
}

/** Whether the event is on this person's calendar: they organize it or are invited. */
export function isOn(e: CalendarEvent, address: string): boolean {
  return same(e.organizer.email, address) || attendeeOf(e, address) !== undefined;
}

/** Whether the event takes this person's time: they organize it or are invited and have not declined. */
export function isBusy(e: CalendarEvent, address: string): boolean {
  if (same(e.organizer.email, address)) return true;
  const a = attendeeOf(e, address);
  return a !== undefined && a.response !== 'declined';
}

export function isOrganizer(owner: Account, e: CalendarEvent): boolean {
  return isOwner(owner, e.organizer.email);
}

// ---- time arithmetic (naive timestamps, minute resolution) ----------------------------------

/** Minutes since the epoch for a `YYYY-MM-DDTHH:MM:SS` timestamp, read as UTC (no zones, no DST). */
export function toMinutes(stamp: string): number {
  const [date = '', time = '00:00:00'] = stamp.split('T');
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  const [hh = 0, mm = 0, ss = 0] = time.split(':').map(Number);
  return Math.floor(Date.UTC(y, m - 1, d, hh, mm, ss) / 60_000);
}

export function fromMinutes(minutes: number): string {
  return new Date(minutes * 60_000).toISOString().slice(0, 19);
}

/** Whether a `YYYY-MM-DDTHH:MM:SS` timestamp names a real moment (no February 30, no 25:00). */
export function isRealStamp(stamp: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(stamp)) return false;
  const minutes = toMinutes(stamp);
  return (
    Number.isFinite(minutes) &&
    fromMinutes(minutes) === stamp.replace(/:\d{2}$/, ':00') &&
    Number(stamp.slice(17)) < 60
  );
}

export interface Interval {
  start: number;
  end: number;
}

/** Sorted, with overlapping and touching intervals joined. */
export function mergeIntervals(list: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const i of [...list].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ ...i });
  }
  return out;
}

/** The parts of `window` that no interval of `busy` (merged) covers. */
export function gaps(window: Interval, busy: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let at = window.start;
  for (const b of mergeIntervals(busy)) {
    if (b.end <= at) continue;
    if (b.start >= window.end) break;
    if (b.start > at) out.push({ start: at, end: b.start });
    at = Math.max(at, b.end);
  }
  if (at < window.end) out.push({ start: at, end: window.end });
  return out;
}
