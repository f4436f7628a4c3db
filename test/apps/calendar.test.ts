import { describe, expect, it } from 'vitest';
import { isReadOnly } from '../../src/proposals/tools.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import { appHarness, loggedIn } from './harness.ts';

const ME = 'stmcco@gmail.com';
const LARA = 'la-mcco@gmail.com';
const KIM = 'kim@corp.com';

// 2026-01-05 is a Monday; the clock is 09:00 that day.
const SEED = {
  calendar: {
    account: { email: ME, password: 'c4l#Q9', first_name: 'Sam', last_name: 'McCo' },
    users: [
      { email: LARA, first_name: 'Lara', last_name: 'McCo' },
      { email: KIM, first_name: 'Kim', last_name: 'Park' },
    ],
    events: [
      {
        id: 1,
        title: 'Team standup',
        start: '2026-01-05T10:00',
        end: '2026-01-05T10:30',
        attendees: [{ email: LARA, response: 'accepted' }, { email: KIM }],
      },
      {
        title: 'Design review',
        location: 'Room 4',
        start: '2026-01-05T13:00',
        end: '2026-01-05T14:30',
        organizer: KIM,
        attendees: [{ email: ME }, { email: LARA, response: 'accepted' }],
      },
      {
        title: 'Lunch with Lara',
        start: '2026-01-06T12:00',
        end: '2026-01-06T13:00',
        organizer: LARA,
        attendees: [{ email: ME, response: 'declined' }],
      },
      {
        title: 'Kim focus block',
        start: '2026-01-05T14:00',
        end: '2026-01-05T16:00',
        organizer: KIM,
      },
      {
        title: 'Offsite planning',
        description: 'budget and venue',
        start: '2026-01-07T09:00',
        end: '2026-01-07T11:00',
        organizer: LARA,
        attendees: [{ email: ME, response: 'tentative' }],
      },
    ],
  },
};

const login = () => loggedIn(SEED, 'calendar', ME, 'c4l#Q9');
const titles = (list: { title: string }[]) => list.map((e) => e.title);

describe('calendar', () => {
  it('logs in with the declared credentials only, and accepts the mcp_appworld_ prefix', async () => {
    const h = appHarness(SEED);
    expect(await h.fails('calendar__login', { username: ME, password: 'nope' })).toMatch(
      /401[\s\S]*Invalid credentials/,
    );
    const token = await h.login('calendar', ME, 'c4l#Q9');
    expect(token).toBe('calendar-access-token-1');
    expect(
      await h.ok('mcp_appworld_calendar__show_event', { access_token: token, event_id: 1 }),
    ).toMatchObject({ title: 'Team standup' });
    expect(await h.ok('calendar__show_profile', { email: KIM })).toMatchObject({
      first_name: 'Kim',
      last_name: 'Park',
    });
    expect(await h.ok('calendar__search_users', { query: 'park' })).toMatchObject([{ email: KIM }]);
  });

  it('offers the show_/search_/find_ APIs on observe turns as read-only, and only those', () => {
    const tools = createToolRegistry().forGroups(['calendar']);
    const writes = tools
      .filter((t) => !isReadOnly(t))
      .map((t) => t.name.slice('calendar__'.length));
    expect(writes).toEqual([
      'logout',
      'create_event',
      'update_event',
      'delete_event',
      'respond_to_invitation',
    ]);
    expect(tools.filter(isReadOnly).map((t) => t.name)).toContain('calendar__find_free_slots');
  });

  it('builds events from the seed: ids, organizer, attendees with names and responses', () => {
    const h = appHarness(SEED);
    const s = h.apps.snapshot().calendar as {
      events: Record<string, unknown>;
      next_id: Record<string, number>;
    };
    expect(Object.keys(s.events)).toEqual(['1', '2', '3', '4', '5']);
    expect(s.events['1']).toEqual({
      event_id: 1,
      title: 'Team standup',
      description: '',
      location: '',
      start: '2026-01-05T10:00:00',
      end: '2026-01-05T10:30:00',
      organizer: { name: 'Sam McCo', email: ME },
      attendees: [
        { name: 'Lara McCo', email: LARA, response: 'accepted' },
        { name: 'Kim Park', email: KIM, response: 'needs_action' },
      ],
      created_at: '2026-01-05T09:00:00',
      updated_at: '2026-01-05T09:00:00',
    });
    expect(s.events['2']).toMatchObject({
      organizer: { name: 'Kim Park', email: KIM },
      location: 'Room 4',
    });
    expect(s.next_id.event).toBe(6);
  });

  it("shows the events on the owner's calendar by window, query and attendee, soonest first", async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    // The focus block is Kim's alone: not on the owner's calendar. The declined lunch is.
    expect(titles(await h.ok('calendar__show_events', { ...t, page_limit: 20 }))).toEqual([
      'Team standup',
      'Design review',
      'Lunch with Lara',
      'Offsite planning',
    ]);
    expect(
      titles(
        await h.ok('calendar__show_events', {
          ...t,
          min_start: '2026-01-05',
          max_start: '2026-01-05',
        }),
      ),
    ).toEqual(['Team standup', 'Design review']);
    expect(
      titles(
        await h.ok('calendar__show_events', {
          ...t,
          min_start: '2026-01-05T12:00',
          max_start: '2026-01-06T12:00:00',
        }),
      ),
    ).toEqual(['Design review', 'Lunch with Lara']);
    expect(titles(await h.ok('calendar__show_events', { ...t, query: 'venue' }))).toEqual([
      'Offsite planning',
    ]);
    expect(titles(await h.ok('calendar__show_events', { ...t, attendee_email: KIM }))).toEqual([
      'Team standup',
      'Design review',
    ]);
    expect(
      titles(
        await h.ok('calendar__show_events', {
          ...t,
          sort_by: '-start',
          page_limit: 2,
          page_index: '1',
        }),
      ),
    ).toEqual(['Design review', 'Team standup']);
    expect(await h.fails('calendar__show_events', { ...t, min_start: 'monday' })).toMatch(
      /min_start/,
    );
  });

  it('shows one event, and 404s for unknown events and events the owner is not on', async () => {
    const { h, token } = await login();
    expect(await h.ok('calendar__show_event', { access_token: token, event_id: 2 })).toMatchObject({
      event_id: 2,
      title: 'Design review',
      attendees: [{ email: ME, response: 'needs_action' }, { email: LARA }],
    });
    expect(await h.fails('calendar__show_event', { access_token: token, event_id: 99 })).toMatch(
      /^Response status code is 404:\n\{"message":"Event with event_id 99 does not exist."\}$/,
    );
    expect(await h.fails('calendar__show_event', { access_token: token, event_id: 4 })).toMatch(
      /404/,
    );
    expect(await h.fails('calendar__show_event', { event_id: 1 })).toMatch(
      /^Response status code is 401:[\s\S]*access token is missing/,
    );
  });

  it('creates, updates and deletes an event the owner organizes', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    const { event_id } = await h.ok('calendar__create_event', {
      ...t,
      title: 'Budget sync',
      start: '2026-01-08 15:00',
      end: '2026-01-08T15:45',
      location: 'Zoom',
      attendee_emails: [LARA, 'new.person@ext.io', ME, LARA],
    });
    expect(event_id).toBe(6);
    expect(await h.ok('calendar__show_event', { ...t, event_id })).toEqual({
      event_id: 6,
      title: 'Budget sync',
      description: '',
      location: 'Zoom',
      start: '2026-01-08T15:00:00',
      end: '2026-01-08T15:45:00',
      organizer: { name: 'Sam McCo', email: ME },
      attendees: [
        { name: 'Lara McCo', email: LARA, response: 'needs_action' },
        { name: 'New Person', email: 'new.person@ext.io', response: 'needs_action' },
      ],
      created_at: '2026-01-05T09:00:00',
      updated_at: '2026-01-05T09:00:00',
    });

    await h.ok('calendar__update_event', {
      ...t,
      event_id: 1,
      end: '2026-01-05T10:45',
      attendee_emails: [KIM, 'ops@corp.com'],
    });
    const standup = await h.ok('calendar__show_event', { ...t, event_id: 1 });
    expect(standup).toMatchObject({
      title: 'Team standup',
      start: '2026-01-05T10:00:00',
      end: '2026-01-05T10:45:00',
      location: '',
    });
    expect(standup.attendees).toEqual([
      { name: 'Kim Park', email: KIM, response: 'needs_action' },
      { name: 'Ops', email: 'ops@corp.com', response: 'needs_action' },
    ]);
    await h.ok('calendar__update_event', { ...t, event_id: 1, title: 'Daily standup' });
    expect((await h.ok('calendar__show_event', { ...t, event_id: 1 })).attendees).toHaveLength(2);

    await h.ok('calendar__delete_event', { ...t, event_id });
    expect(await h.fails('calendar__show_event', { ...t, event_id })).toMatch(/404/);
    expect(
      (
        await h.ok('calendar__create_event', {
          ...t,
          title: 'Solo',
          start: '2026-01-09T09:00',
          end: '2026-01-09T09:30',
        })
      ).event_id,
    ).toBe(7);
  });

  it('refuses bad times, unknown events and changes to events someone else organizes', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    expect(
      await h.fails('calendar__create_event', {
        ...t,
        title: 'Backwards',
        start: '2026-01-08T15:00',
        end: '2026-01-08T14:00',
      }),
    ).toMatch(/^Response status code is 422:[\s\S]*must be after its start/);
    expect(
      await h.fails('calendar__create_event', {
        ...t,
        title: 'Empty',
        start: '2026-01-08T15:00',
        end: '2026-01-08T15:00',
      }),
    ).toMatch(/422/);
    expect(
      await h.fails('calendar__create_event', {
        ...t,
        title: 'x',
        start: '2026-02-30T10:00',
        end: '2026-03-01T10:00',
      }),
    ).toMatch(/start/);
    expect(
      await h.fails('calendar__create_event', {
        ...t,
        title: 'x',
        start: 'tomorrow',
        end: '2026-03-01T10:00',
      }),
    ).toMatch(/start/);
    expect(
      await h.fails('calendar__create_event', {
        ...t,
        title: '',
        start: '2026-01-08T15:00',
        end: '2026-01-08T16:00',
      }),
    ).toMatch(/title/);
    expect(
      await h.fails('calendar__create_event', {
        ...t,
        title: 'x',
        start: '2026-01-08T15:00',
        end: '2026-01-08T16:00',
        attendee_emails: ['not-mail'],
      }),
    ).toMatch(/attendee_emails/);
    expect(
      await h.fails('calendar__update_event', { ...t, event_id: 1, start: '2026-01-05T11:00' }),
    ).toMatch(/422/);
    expect(await h.fails('calendar__update_event', { ...t, event_id: 99, title: 'x' })).toMatch(
      /404/,
    );
    expect(
      await h.fails('calendar__update_event', { ...t, event_id: 2, title: 'Mine now' }),
    ).toMatch(/422[\s\S]*Only the organizer \(kim@corp.com\)/);
    expect(await h.fails('calendar__delete_event', { ...t, event_id: 2 })).toMatch(/422/);
    expect(await h.fails('calendar__delete_event', { ...t, event_id: 4 })).toMatch(/404/);
    expect(await h.fails('calendar__delete_event', { ...t, event_id: 99 })).toMatch(/404/);
    // A failed call changes nothing.
    expect((await h.ok('calendar__show_event', { ...t, event_id: 1 })).start).toBe(
      '2026-01-05T10:00:00',
    );
  });

  it('lists unanswered invitations and records responses', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    expect(titles(await h.ok('calendar__show_invitations', t))).toEqual(['Design review']);
    expect(
      await h.ok('calendar__respond_to_invitation', { ...t, event_id: 2, response: 'accepted' }),
    ).toEqual({
      message: 'Invitation accepted.',
    });
    expect(await h.ok('calendar__show_invitations', t)).toEqual([]);
    expect((await h.ok('calendar__show_event', { ...t, event_id: 2 })).attendees[0]).toEqual({
      name: 'Sam McCo',
      email: ME,
      response: 'accepted',
    });
    // A later answer replaces the earlier one; declined events stay on the calendar.
    expect(
      (await h.ok('calendar__respond_to_invitation', { ...t, event_id: 5, response: 'tentative' }))
        .message,
    ).toBe('Invitation tentatively accepted.');
    await h.ok('calendar__respond_to_invitation', { ...t, event_id: 3, response: 'accepted' });
    await h.ok('calendar__respond_to_invitation', { ...t, event_id: 2, response: 'declined' });
    expect(
      titles(
        await h.ok('calendar__show_events', {
          ...t,
          min_start: '2026-01-05',
          max_start: '2026-01-05',
        }),
      ),
    ).toEqual(['Team standup', 'Design review']);
    expect(
      await h.fails('calendar__respond_to_invitation', { ...t, event_id: 1, response: 'accepted' }),
    ).toMatch(/^Response status code is 422:[\s\S]*not invited to event 1/);
    expect(
      await h.fails('calendar__respond_to_invitation', { ...t, event_id: 4, response: 'accepted' }),
    ).toMatch(/404/);
    expect(
      await h.fails('calendar__respond_to_invitation', {
        ...t,
        event_id: 99,
        response: 'accepted',
      }),
    ).toMatch(/404/);
    expect(
      await h.fails('calendar__respond_to_invitation', {
        ...t,
        event_id: 2,
        response: 'needs_action',
      }),
    ).toMatch(/response/);
  });

  it('shows free/busy for the owner and others: merged, clipped, declined events left out', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    const day = await h.ok('calendar__show_free_busy', {
      ...t,
      emails: [KIM, LARA, KIM],
      min_start: '2026-01-05',
      max_start: '2026-01-06',
    });
    expect(day).toEqual([
      {
        name: 'Sam McCo',
        email: ME,
        busy: [
          { start: '2026-01-05T10:00:00', end: '2026-01-05T10:30:00' },
          { start: '2026-01-05T13:00:00', end: '2026-01-05T14:30:00' },
        ],
      },
      // Kim's private focus block overlaps the design review she organizes: one busy stretch.
      {
        name: 'Kim Park',
        email: KIM,
        busy: [
          { start: '2026-01-05T10:00:00', end: '2026-01-05T10:30:00' },
          { start: '2026-01-05T13:00:00', end: '2026-01-05T16:00:00' },
        ],
      },
      {
        name: 'Lara McCo',
        email: LARA,
        busy: [
          { start: '2026-01-05T10:00:00', end: '2026-01-05T10:30:00' },
          { start: '2026-01-05T13:00:00', end: '2026-01-05T14:30:00' },
          { start: '2026-01-06T12:00:00', end: '2026-01-06T13:00:00' },
        ],
      },
    ]);
    const clipped = await h.ok('calendar__show_free_busy', {
      ...t,
      emails: [KIM],
      min_start: '2026-01-05T14:00',
      max_start: '2026-01-05T15:00',
    });
    expect(clipped.map((p: { busy: unknown[] }) => p.busy)).toEqual([
      [{ start: '2026-01-05T14:00:00', end: '2026-01-05T14:30:00' }],
      [{ start: '2026-01-05T14:00:00', end: '2026-01-05T15:00:00' }],
    ]);
    expect(
      (
        await h.ok('calendar__show_free_busy', {
          ...t,
          min_start: '2026-01-06',
          max_start: '2026-01-06',
        })
      )[0].busy,
    ).toEqual([]);
    expect(
      await h.fails('calendar__show_free_busy', {
        ...t,
        emails: ['ghost@nowhere.io'],
        min_start: '2026-01-05',
        max_start: '2026-01-05',
      }),
    ).toMatch(/404[\s\S]*ghost@nowhere.io/);
    expect(
      await h.fails('calendar__show_free_busy', {
        ...t,
        min_start: '2026-01-06',
        max_start: '2026-01-05T12:00',
      }),
    ).toMatch(/422[\s\S]*must be after min_start/);
    expect(
      await h.fails('calendar__show_free_busy', {
        ...t,
        min_start: '2026-01-01',
        max_start: '2026-03-01',
      }),
    ).toMatch(/422[\s\S]*31 days/);
  });

  it('finds free slots common to everyone, inside working hours and not before now', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    const monday = { min_start: '2026-01-05', max_start: '2026-01-05' };
    expect(
      await h.ok('calendar__find_free_slots', { ...t, ...monday, duration_minutes: 60 }),
    ).toEqual([
      { start: '2026-01-05T09:00:00', end: '2026-01-05T10:00:00', duration_minutes: 60 },
      { start: '2026-01-05T10:30:00', end: '2026-01-05T13:00:00', duration_minutes: 150 },
      { start: '2026-01-05T14:30:00', end: '2026-01-05T18:00:00', duration_minutes: 210 },
    ]);
    // With Kim, her focus block takes 14:30-16:00 too; a 90-minute meeting no longer fits before 10:00.
    expect(
      await h.ok('calendar__find_free_slots', {
        ...t,
        ...monday,
        duration_minutes: '90',
        attendee_emails: [KIM],
      }),
    ).toEqual([
      { start: '2026-01-05T10:30:00', end: '2026-01-05T13:00:00', duration_minutes: 150 },
      { start: '2026-01-05T16:00:00', end: '2026-01-05T18:00:00', duration_minutes: 120 },
    ]);
    // Tuesday: the owner declined the lunch, Lara did not.
    expect(
      await h.ok('calendar__find_free_slots', {
        ...t,
        min_start: '2026-01-06',
        max_start: '2026-01-06',
        duration_minutes: 30,
      }),
    ).toEqual([
      { start: '2026-01-06T09:00:00', end: '2026-01-06T18:00:00', duration_minutes: 540 },
    ]);
    const withLara = await h.ok('calendar__find_free_slots', {
      ...t,
      min_start: '2026-01-06T10:00',
      max_start: '2026-01-07',
      duration_minutes: 60,
      attendee_emails: [LARA],
      page_limit: 20,
    });
    expect(
      withLara.map((s: { start: string; end: string }) => `${s.start}-${s.end.slice(11)}`),
    ).toEqual([
      '2026-01-06T10:00:00-12:00:00',
      '2026-01-06T13:00:00-18:00:00',
      '2026-01-07T11:00:00-18:00:00',
    ]);
    expect(
      await h.ok('calendar__find_free_slots', { ...t, ...monday, duration_minutes: 541 }),
    ).toEqual([]);
    expect(
      await h.ok('calendar__find_free_slots', {
        ...t,
        min_start: '2026-01-01',
        max_start: '2026-01-04',
        duration_minutes: 30,
      }),
    ).toEqual([]);
    expect(
      await h.ok('calendar__find_free_slots', {
        ...t,
        min_start: '2026-01-05',
        max_start: '2026-01-09',
        duration_minutes: 30,
        page_limit: 2,
        page_index: 2,
      }),
    ).toHaveLength(2);
    expect(
      await h.fails('calendar__find_free_slots', { ...t, ...monday, duration_minutes: 0 }),
    ).toMatch(/duration_minutes/);
    expect(
      await h.fails('calendar__find_free_slots', {
        ...t,
        ...monday,
        duration_minutes: 30,
        attendee_emails: ['ghost@nowhere.io'],
      }),
    ).toMatch(/404/);
    expect(
      await h.fails('calendar__find_free_slots', {
        ...t,
        min_start: '2026-01-05',
        duration_minutes: 30,
      }),
    ).toMatch(/max_start/);
  });

  it('makes changes visible to app_state rules', async () => {
    const { h, token } = await login();
    const accepted = { app: 'calendar', path: 'events.2.attendees.0.response', equals: 'accepted' };
    const booked = { app: 'calendar', path: 'events.*.title', pattern: '(?i)budget sync' };
    expect(h.holds(accepted)).toBe(false);
    expect(h.holds(booked)).toBe(false);
    await h.ok('calendar__respond_to_invitation', {
      access_token: token,
      event_id: 2,
      response: 'accepted',
    });
    await h.ok('calendar__create_event', {
      access_token: token,
      title: 'Budget sync',
      start: '2026-01-08T15:00',
      end: '2026-01-08T16:00',
      attendee_emails: [KIM],
    });
    expect(h.holds(accepted)).toBe(true);
    expect(h.holds(booked)).toBe(true);
    expect(h.holds({ app: 'calendar', path: 'events.*.attendees.*.email', equals: KIM })).toBe(
      true,
    );
  });

  it('reports seed mistakes at their path', async () => {
    const { validateAppSeeds } = await import('../../src/apps/index.ts');
    expect(validateAppSeeds({ calendar: SEED.calendar })).toEqual([]);
    expect(
      validateAppSeeds({
        calendar: {
          account: { email: ME, password: 'p' },
          events: [
            { id: 2, title: 'Backwards', start: '2026-01-05T10:00', end: '2026-01-05T09:00' },
            {
              id: 2,
              title: 'Twice',
              start: '2026-01-05T10:00',
              end: '2026-01-05T11:00',
              attendees: [{ email: ME }, { email: KIM }, { email: KIM }],
            },
          ],
          meetings: [],
        },
      }),
    ).toEqual([
      { path: ['calendar', 'events', 1, 'id'], message: 'duplicate event id 2' },
      { path: ['calendar', 'meetings'], message: 'unknown key `meetings`' },
      { path: ['calendar', 'events', 0, 'end'], message: 'end must be after start' },
      {
        path: ['calendar', 'events', 1, 'attendees', 0, 'email'],
        message: `${ME} is the organizer`,
      },
      {
        path: ['calendar', 'events', 1, 'attendees', 2, 'email'],
        message: `${KIM} is listed twice`,
      },
    ]);
    expect(
      validateAppSeeds({
        calendar: {
          events: [
            {
              title: 'x',
              start: '2026-02-30T10:00',
              end: '2026-03-01T10:00',
              attendees: [{ email: KIM, response: 'maybe' }],
            },
          ],
        },
      }).map((i) => i.path.join('.')),
    ).toEqual(['calendar.events.0.start', 'calendar.events.0.attendees.0.response']);
  });
});
