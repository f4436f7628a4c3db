/** calendar: a Google-Calendar-like app in AppWorld's style (events, invitations, free/busy, free slots). */
import { z } from 'zod';
import {
  AppKit,
  applyChanges,
  directory,
  fail,
  getEntity,
  isOwner,
  notFound,
  ownerRef,
  personRef,
  type AppCall,
} from '../kit/app.ts';
import { emails, int, name, oneOf, paging, query, text } from '../kit/args.ts';
import { defineApp } from '../kit/define.ts';
import { paginate, searchBy, sortBy } from '../kit/query.ts';
import { fullName } from '../kit/state.ts';
import {
  attendeeOf,
  buildCalendar,
  CALENDAR_COLLECTIONS,
  CalendarSeed,
  emptyCalendar,
  fromMinutes,
  gaps,
  isBusy,
  isOn,
  isOrganizer,
  isRealStamp,
  mergeIntervals,
  toMinutes,
  type Attendee,
  type CalendarEvent,
  type CalendarState,
  type Interval,
} from './state.ts';

const kit = new AppKit<CalendarState>({
  name: 'calendar',
  title: 'Calendar',
  empty: emptyCalendar,
});
type Call = AppCall<CalendarState>;

/** Working hours find_free_slots offers, in minutes after midnight. */
const DAY_START = 9 * 60;
const DAY_END = 18 * 60;
/** The longest window show_free_busy and find_free_slots look at. */
const MAX_WINDOW_DAYS = 31;

// ---- arguments ------------------------------------------------------------------------------

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-01-05 10:00" and "2026-01-05T10:00" become "2026-01-05T10:00:00". */
function normalize(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/.exec(v.trim());
  return m ? `${m[1]}T${m[2]}${m[3] ?? ':00'}` : v.trim();
}

/** A date and time, YYYY-MM-DDTHH:MM[:SS]. */
function datetime(description: string) {
  return z
    .preprocess(
      normalize,
      z.string().refine(isRealStamp, 'expected a real date and time like 2026-04-27T09:00:00'),
    )
    .describe(description);
}

/** A date (the whole day) or a date and time. */
function bound(description: string) {
  return z
    .preprocess(
      normalize,
      z
        .string()
        .refine(
          (s) => isRealStamp(DAY.test(s) ? `${s}T00:00:00` : s),
          'expected a real date like 2026-04-27 or date and time like 2026-04-27T09:00:00',
        ),
    )
    .describe(description);
}

/** The first moment a lower bound allows. */
const lowerStamp = (b: string) => (DAY.test(b) ? `${b}T00:00:00` : b);
/** The last moment an upper bound allows (a date alone: through the end of that day). */
const upperStamp = (b: string) => (DAY.test(b) ? `${b}T23:59:59` : b);
/** An upper bound as an exclusive end in minutes. */
const upperMinutes = (b: string) =>
  DAY.test(b) ? toMinutes(`${b}T00:00:00`) + 24 * 60 : toMinutes(b);

const eventId = int('ID of the event.');
const responseArg = oneOf(['accepted', 'declined', 'tentative'], 'Your response.');
const windowArgs = {
  min_start: bound(
    'Start of the window: YYYY-MM-DD (from the start of that day) or YYYY-MM-DDTHH:MM:SS.',
  ),
  max_start: bound(
    'End of the window: YYYY-MM-DD (through the end of that day) or YYYY-MM-DDTHH:MM:SS.',
  ),
};

// ---- helpers --------------------------------------------------------------------------------

const view = (e: CalendarEvent) => structuredClone(e);

/** An event on the owner's calendar; events the owner is not on do not exist for these APIs. */
function event(call: Call, id: number): CalendarEvent {
  const e = getEntity(call.state.events, id, 'Event', 'event_id');
  if (!isOn(e, call.ownerEmail)) notFound('Event', 'event_id', id);
  return e;
}

function organized(call: Call, id: number, doing: string): CalendarEvent {
  const e = event(call, id);
  if (!isOrganizer(call.owner, e))
    fail(
      422,
      `Only the organizer (${e.organizer.email}) can ${doing} event ${id}; use respond_to_invitation to answer it.`,
    );
  return e;
}

function checkTimes(start: string, end: string): void {
  if (end <= start) fail(422, `The event end (${end}) must be after its start (${start}).`);
}

/** Attendees for these addresses: the owner is left out, duplicates dropped, and people already invited keep their response. */
function attendeesFor(
  call: Call,
  addresses: readonly string[],
  previous: readonly Attendee[],
): Attendee[] {
  const out: Attendee[] = [];
  for (const address of addresses) {
    if (
      isOwner(call.owner, address) ||
      out.some((a) => a.email.toLowerCase() === address.toLowerCase())
    )
      continue;
    const kept = previous.find((a) => a.email.toLowerCase() === address.toLowerCase());
    out.push(kept ? { ...kept } : { ...personRef(call.state, address), response: 'needs_action' });
  }
  return out;
}

/** The window [min_start, max_start) in minutes, or a 422. */
function windowOf(a: { min_start: string; max_start: string }): Interval {
  const w = { start: toMinutes(lowerStamp(a.min_start)), end: upperMinutes(a.max_start) };
  if (w.end <= w.start)
    fail(422, `max_start (${a.max_start}) must be after min_start (${a.min_start}).`);
  if (w.end - w.start > MAX_WINDOW_DAYS * 24 * 60)
    fail(422, `The window can span at most ${MAX_WINDOW_DAYS} days.`);
  return w;
}

/** The owner and the given people, each once, failing with 404 for someone the calendar knows nothing of. */
function people(call: Call, addresses: readonly string[]): { name: string; email: string }[] {
  const s = call.state;
  const known = (address: string) =>
    Object.values(directory(s)).some((p) => p.email.toLowerCase() === address.toLowerCase()) ||
    Object.values(s.events).some((e) => isOn(e, address));
  const out = [ownerRef(call.owner)];
  for (const address of addresses) {
    if (out.some((p) => p.email.toLowerCase() === address.toLowerCase())) continue;
    if (!known(address)) fail(404, `User with email ${JSON.stringify(address)} does not exist.`);
    out.push(personRef(s, address));
  }
  return out;
}

/** When a person is busy inside the window: every event they organize or have not declined, clipped and merged. */
function busyOf(call: Call, address: string, w: Interval): Interval[] {
  const list = Object.values(call.state.events)
    .filter((e) => isBusy(e, address))
    .map((e) => ({
      start: Math.max(toMinutes(e.start), w.start),
      end: Math.min(toMinutes(e.end), w.end),
    }))
    .filter((i) => i.end > i.start);
  return mergeIntervals(list);
}

/** The working hours of each day that the window touches, inside the window. */
function workingHours(w: Interval): Interval[] {
  const out: Interval[] = [];
  for (let day = Math.floor(w.start / 1440) * 1440; day < w.end; day += 1440) {
    const i = { start: Math.max(day + DAY_START, w.start), end: Math.min(day + DAY_END, w.end) };
    if (i.end > i.start) out.push(i);
  }
  return out;
}

const stamps = (i: Interval) => ({ start: fromMinutes(i.start), end: fromMinutes(i.end) });

// ---- tools ----------------------------------------------------------------------------------

const tools = [
  ...kit.accountApis(),
  kit.api(
    'search_users',
    'Search the people you can invite, by name or email address. No login needed.',
    { query, ...paging },
    (a, call) =>
      paginate(
        searchBy(Object.values(call.state.users), a.query, (u) => `${fullName(u)} ${u.email}`),
        a,
      ).map((u) => ({
        first_name: u.first_name,
        last_name: u.last_name,
        email: u.email,
        registered_at: call.now,
      })),
    { auth: 'none' },
  ),
  kit.api(
    'show_events',
    'Show or search the events on your calendar (ones you organize or are invited to, declined ones included).',
    {
      query,
      min_start: bound(
        'Only events starting at or after this: YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS.',
      ).optional(),
      max_start: bound(
        'Only events starting at or before this: YYYY-MM-DD (through the end of that day) or YYYY-MM-DDTHH:MM:SS.',
      ).optional(),
      attendee_email: z
        .email()
        .optional()
        .describe('Only events this person organizes or is invited to.'),
      ...paging,
      sort_by: text('+/- start, end, created_at or updated_at; default +start.').optional(),
    },
    (a, call) => {
      let list = Object.values(call.state.events)
        .filter((e) => isOn(e, call.ownerEmail))
        .filter((e) => a.min_start === undefined || e.start >= lowerStamp(a.min_start))
        .filter((e) => a.max_start === undefined || e.start <= upperStamp(a.max_start))
        .filter((e) => a.attendee_email === undefined || isOn(e, a.attendee_email));
      list = a.query?.trim()
        ? searchBy(
            list,
            a.query,
            (e) =>
              `${e.title} ${e.description} ${e.location} ${[e.organizer, ...e.attendees].map((p) => `${p.name} ${p.email}`).join(' ')}`,
          )
        : sortBy(list, a.sort_by, '+start', 'event_id');
      return paginate(list, a).map(view);
    },
  ),
  kit.api(
    'show_event',
    'Show an event with its organizer and attendees (and their responses).',
    { event_id: eventId },
    (a, call) => view(event(call, a.event_id)),
  ),
  kit.api(
    'create_event',
    'Create an event you organize; the attendees get an invitation (their response starts as needs_action).',
    {
      title: name('Title of the event.'),
      start: datetime('Start, YYYY-MM-DDTHH:MM:SS.'),
      end: datetime('End, YYYY-MM-DDTHH:MM:SS (after start).'),
      description: text('Description of the event.').optional(),
      location: text('Location of the event.').optional(),
      attendee_emails: emails(
        'Emails of the people to invite (you are the organizer and need not be listed).',
      ).optional(),
    },
    (a, call) => {
      checkTimes(a.start, a.end);
      const id = call.nextId('event');
      call.state.events[String(id)] = {
        event_id: id,
        title: a.title,
        description: a.description ?? '',
        location: a.location ?? '',
        start: a.start,
        end: a.end,
        organizer: ownerRef(call.owner),
        attendees: attendeesFor(call, a.attendee_emails ?? [], []),
        created_at: call.now,
        updated_at: call.now,
      };
      return { message: 'Event created.', event_id: id };
    },
  ),
  kit.api(
    'update_event',
    'Update an event you organize; only the fields given change. attendee_emails replaces the guest list (people already invited keep their response).',
    {
      event_id: eventId,
      title: name('New title.').optional(),
      start: datetime('New start, YYYY-MM-DDTHH:MM:SS.').optional(),
      end: datetime('New end, YYYY-MM-DDTHH:MM:SS.').optional(),
      description: text('New description.').optional(),
      location: text('New location.').optional(),
      attendee_emails: emails('The new guest list.').optional(),
    },
    (a, call) => {
      const e = organized(call, a.event_id, 'update');
      checkTimes(a.start ?? e.start, a.end ?? e.end);
      applyChanges(e, {
        title: a.title,
        start: a.start,
        end: a.end,
        description: a.description,
        location: a.location,
      });
      if (a.attendee_emails !== undefined)
        e.attendees = attendeesFor(call, a.attendee_emails, e.attendees);
      e.updated_at = call.now;
      return { message: 'Event updated.' };
    },
  ),
  kit.api(
    'delete_event',
    'Delete (cancel) an event you organize.',
    { event_id: eventId },
    (a, call) => {
      organized(call, a.event_id, 'delete');
      delete call.state.events[String(a.event_id)];
      return { message: 'Event deleted.' };
    },
  ),
  kit.api(
    'show_invitations',
    'Show the invitations you have not answered yet: events you are invited to whose response is needs_action, soonest first.',
    {
      min_start: bound('Only events starting at or after this.').optional(),
      max_start: bound('Only events starting at or before this.').optional(),
      ...paging,
    },
    (a, call) => {
      const list = Object.values(call.state.events)
        .filter((e) => attendeeOf(e, call.ownerEmail)?.response === 'needs_action')
        .filter((e) => a.min_start === undefined || e.start >= lowerStamp(a.min_start))
        .filter((e) => a.max_start === undefined || e.start <= upperStamp(a.max_start));
      return paginate(sortBy(list, undefined, '+start', 'event_id'), a).map(view);
    },
  ),
  kit.api(
    'respond_to_invitation',
    'Accept, decline or tentatively accept an event you are invited to (you may change an earlier answer).',
    { event_id: eventId, response: responseArg },
    (a, call) => {
      const e = event(call, a.event_id);
      const me = attendeeOf(e, call.ownerEmail);
      if (!me) fail(422, `You are not invited to event ${a.event_id}: you organize it.`);
      me.response = a.response;
      e.updated_at = call.now;
      return {
        message: `Invitation ${a.response === 'tentative' ? 'tentatively accepted' : a.response}.`,
      };
    },
  ),
  kit.api(
    'show_free_busy',
    "Show when you and the given people are busy in a window (at most 31 days): the merged times of events each one organizes or has not declined, without the events' details.",
    { emails: emails('Emails of the people to look at besides you.').optional(), ...windowArgs },
    (a, call) => {
      const w = windowOf(a);
      return people(call, a.emails ?? []).map((p) => ({
        ...p,
        busy: busyOf(call, p.email, w).map(stamps),
      }));
    },
  ),
  kit.api(
    'find_free_slots',
    'Find times when you and the given people are all free for at least duration_minutes, within 09:00-18:00 of each day of the window (at most 31 days) and not before now. Each slot is a whole free stretch, earliest first.',
    {
      duration_minutes: int('The least length of a slot, in minutes.', { min: 1 }),
      ...windowArgs,
      attendee_emails: emails(
        'Emails of the people who must be free too (you always are included).',
      ).optional(),
      ...paging,
    },
    (a, call) => {
      const w = windowOf(a);
      const from = { start: Math.max(w.start, toMinutes(call.now)), end: w.end };
      const busy = people(call, a.attendee_emails ?? []).flatMap((p) => busyOf(call, p.email, w));
      const slots = workingHours(from)
        .flatMap((day) => gaps(day, busy))
        .filter((i) => i.end - i.start >= a.duration_minutes);
      return paginate(slots, a).map((i) => ({ ...stamps(i), duration_minutes: i.end - i.start }));
    },
  ),
];

export const calendar = defineApp({
  name: 'calendar',
  title: 'Calendar',
  seedSchema: CalendarSeed,
  collections: CALENDAR_COLLECTIONS,
  // The APIs that change nothing the user owns (login included): a proposal's observe turns offer only these.
  readOnly: [
    'login',
    'show_account',
    'show_profile',
    'search_users',
    'show_events',
    'show_event',
    'show_invitations',
    'show_free_busy',
    'find_free_slots',
  ],
  tools,
  build: buildCalendar,
});
