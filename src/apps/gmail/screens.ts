/** gmail on the user's phone: inbox, a thread, writing and replying. */
import { clip, people, type AppScreens } from '../screens/spec.ts';

export const gmailScreens: AppScreens = {
  app: 'gmail',
  title: 'Gmail',
  home: 'inbox',
  screens: [
    {
      kind: 'list',
      id: 'inbox',
      title: 'Inbox',
      api: 'show_inbox_threads',
      args: () => ({ page_limit: 20 }),
      items: (r) => r,
      label: (t) =>
        `${t.read ? '' : '● '}${clip(t.subject, 50)} — ${clip(people(t.participants), 30)}`,
      open: { screen: 'thread', params: (t) => ({ email_thread_id: t.email_thread_id }) },
      empty: '(no emails)',
      actions: [
        {
          name: 'compose',
          label: 'send an email',
          api: 'send_email',
          fields: ['email_addresses', 'subject', 'body'],
        },
        { name: 'search', label: 'search the inbox', go: 'search', params: () => ({}) },
        { name: 'sent', label: 'sent mail', go: 'sent', params: () => ({}) },
      ],
    },
    {
      kind: 'list',
      id: 'sent',
      title: 'Sent',
      api: 'show_outbox_threads',
      args: () => ({ page_limit: 20 }),
      items: (r) => r,
      label: (t) => `${clip(t.subject, 50)} — ${clip(people(t.participants), 30)}`,
      open: { screen: 'thread', params: (t) => ({ email_thread_id: t.email_thread_id }) },
      empty: '(nothing sent)',
    },
    {
      kind: 'list',
      id: 'search',
      title: (p) => (p.query ? `Search: ${String(p.query)}` : 'Search'),
      api: 'show_inbox_threads',
      args: (p) => ({ page_limit: 20, ...(p.query ? { query: p.query } : {}) }),
      items: (r) => r,
      label: (t) => `${clip(t.subject, 50)} — ${clip(people(t.participants), 30)}`,
      open: { screen: 'thread', params: (t) => ({ email_thread_id: t.email_thread_id }) },
      actions: [
        {
          name: 'search',
          label: 'search',
          api: 'show_inbox_threads',
          fields: ['query'],
          then: { screen: 'search', params: (_r, a) => ({ query: a.query }) },
        },
      ],
    },
    {
      kind: 'item',
      id: 'thread',
      api: 'show_thread',
      args: (p) => ({ email_thread_id: p.email_thread_id }),
      title: (t) => clip(t.subject, 60),
      lines: (t) =>
        (t.emails ?? []).flatMap(
          (e: { sender?: { name?: string }; created_at?: string; body?: string }) => [
            `From ${e.sender?.name ?? '?'} · ${e.created_at ?? ''}`,
            ...String(e.body ?? '').split('\n'),
            '',
          ],
        ),
      actions: [
        {
          name: 'reply',
          label: 'reply',
          api: 'reply_to_email',
          fields: ['body'],
          fixed: (p, t) => ({
            email_thread_id: p.email_thread_id,
            email_id: t?.emails?.at(-1)?.email_id,
          }),
        },
        {
          name: 'archive',
          label: 'archive',
          api: 'mark_thread_archived',
          fixed: (p) => ({ email_thread_id: p.email_thread_id }),
          then: 'back',
        },
        {
          name: 'star',
          label: 'star',
          api: 'mark_thread_starred',
          fixed: (p) => ({ email_thread_id: p.email_thread_id }),
        },
      ],
    },
  ],
};
