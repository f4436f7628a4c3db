/** calendar on the user's phone: upcoming events, invitations, one event, scheduling. */
import { clip, type AppScreens } from '../screens/spec.ts';

const when = (e: { start: string; end: string }) =>
  `${e.start.replace('T', ' ').slice(0, 16)}–${e.end.slice(11, 16)}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON, read loosely as a screen
const eventLines = (e: any): string[] => [
  when(e),
  ...(e.location ? [`at ${e.location}`] : []),
  `organizer: ${e.organizer?.name ?? '?'}`,
  ...(e.attendees ?? []).map(
    (a: { name: string; response: string }) => `- ${a.name}: ${a.response}`,
  ),
  ...(e.description ? ['', ...String(e.description).split('\n')] : []),
];

export const calendarScreens: AppScreens = {
  app: 'calendar',
  title: 'Calendar',
  home: 'events',
  screens: [
    {
      kind: 'list',
      id: 'events',
      title: 'Calendar',
      api: 'show_events',
      args: () => ({ page_limit: 20 }),
      items: (r) => r,
      label: (e) =>
        `${when(e)} · ${clip(e.title, 40)}${e.location ? ` @ ${clip(e.location, 20)}` : ''}`,
      open: { screen: 'event', params: (e) => ({ event_id: e.event_id }) },
      empty: '(no events)',
      actions: [
        {
          name: 'new_event',
          label: 'new event',
          api: 'create_event',
          fields: ['title', 'start', 'end', 'location?', 'attendee_emails?'],
        },
        { name: 'invitations', label: 'invitations', go: 'invitations', params: () => ({}) },
      ],
    },
    {
      kind: 'list',
      id: 'invitations',
      title: 'Invitations',
      api: 'show_invitations',
      items: (r) => r,
      label: (e) => `${when(e)} · ${clip(e.title, 40)} from ${e.organizer?.name ?? '?'}`,
      open: { screen: 'invitation', params: (e) => ({ event_id: e.event_id }) },
      empty: '(no invitations)',
    },
    {
      kind: 'item',
      id: 'invitation',
      api: 'show_event',
      args: (p) => ({ event_id: p.event_id }),
      title: (e) => `Invitation: ${clip(e.title, 48)}`,
      lines: (e) => eventLines(e),
      actions: [
        {
          name: 'respond',
          label: 'answer the invitation',
          api: 'respond_to_invitation',
          fields: ['response'],
          fixed: (p) => ({ event_id: p.event_id }),
          then: 'back',
        },
      ],
    },
    {
      kind: 'item',
      id: 'event',
      api: 'show_event',
      args: (p) => ({ event_id: p.event_id }),
      title: (e) => clip(e.title, 60),
      lines: (e) => eventLines(e),
      actions: [
        {
          name: 'edit',
          label: 'edit the event',
          api: 'update_event',
          fields: ['title?', 'start?', 'end?', 'location?'],
          fixed: (p) => ({ event_id: p.event_id }),
        },
        {
          name: 'delete',
          label: 'delete the event',
          api: 'delete_event',
          fixed: (p) => ({ event_id: p.event_id }),
          then: 'back',
        },
      ],
    },
  ],
};
