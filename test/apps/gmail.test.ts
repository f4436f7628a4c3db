import { describe, expect, it } from 'vitest';
import { appHarness, loggedIn } from './harness.ts';

const SEED = {
  gmail: {
    now: '2026-04-27T09:00:00',
    account: {
      email: 'stmcco@gmail.com',
      password: 'n3v=I[w',
      first_name: 'Sam',
      last_name: 'McCo',
    },
    users: [
      { email: 'la-mcco@gmail.com', first_name: 'Lara', last_name: 'McCo' },
      { email: 'kim@corp.com' },
    ],
    threads: [
      {
        id: 10,
        subject: 'Venue check',
        label: 'events',
        emails: [{ from: 'la-mcco@gmail.com', body: 'Is the projector booked?' }],
      },
      { subject: 'Spam offer', spam: true, emails: [{ from: 'promo@shop.com', body: 'Buy now' }] },
      {
        subject: 'Old notes',
        archived: true,
        starred: true,
        read: true,
        emails: [{ from: 'kim@corp.com', body: 'notes attached' }],
      },
    ],
    drafts: [{ to: ['kim@corp.com'], subject: 'Draft idea', body: 'half-written' }],
  },
};

const login = () => loggedIn(SEED, 'gmail', 'stmcco@gmail.com', 'n3v=I[w');

describe('gmail', () => {
  it('logs in only with the declared credentials', async () => {
    const h = appHarness(SEED);
    expect(
      await h.fails('gmail__login', { username: 'stmcco@gmail.com', password: 'wrong' }),
    ).toMatch(/401[\s\S]*Invalid credentials/);
    expect(
      await h.fails('gmail__login', { username: 'other@gmail.com', password: 'n3v=I[w' }),
    ).toMatch(/Invalid credentials/);
    const token = await h.login('gmail', 'STMCCO@gmail.com', 'n3v=I[w');
    expect(token).toBe('gmail-access-token-1');
    expect((await h.ok('gmail__show_account', { access_token: token })).email).toBe(
      'stmcco@gmail.com',
    );
  });

  it('refuses a login when the scenario declares no account', async () => {
    expect(
      await appHarness({}).fails('gmail__login', { username: 'a@b.com', password: 'x' }),
    ).toMatch(/no Gmail account is set up/);
  });

  it('needs a valid access token, and logout revokes it', async () => {
    const { h, token } = await login();
    expect(await h.fails('gmail__show_inbox_threads', { access_token: 'made-up' })).toMatch(
      /401[\s\S]*access token is missing, invalid or expired/,
    );
    // As in AppWorld, the login check comes first: no token is a 401, whatever else is wrong.
    expect(await h.fails('gmail__show_inbox_threads', {})).toMatch(
      /^Response status code is 401:[\s\S]*access token is missing/,
    );
    expect(await h.fails('gmail__show_email', { email_id: 'x' })).toMatch(
      /^Response status code is 401:/,
    );
    // Other refused arguments: AppWorld's 422 "Validation error", one reason per argument.
    const refused = await h.fails('gmail__send_email', {
      access_token: token,
      email_addresses: ['not-an-address', 'also bad'],
      subject: 3,
      body: 'Hi',
    });
    expect(refused).toMatch(/^Response status code is 422:\n/);
    const { message } = JSON.parse(refused.slice(refused.indexOf('\n') + 1)) as { message: string };
    expect(message.split('\n')).toEqual([
      'Validation error. Reason: ',
      expect.stringMatching(/^email_addresses: /),
      expect.stringMatching(/^subject: /),
    ]);
    await h.ok('gmail__logout', { access_token: token });
    expect(await h.fails('gmail__show_drafts', { access_token: token })).toMatch(/401/);
  });

  it('accepts the mcp_appworld_ prefix', async () => {
    const { h, token } = await login();
    const r = await h.ok('mcp_appworld_gmail__show_category_sizes', { access_token: token });
    expect(r).toEqual({
      inbox: 1,
      outbox: 0,
      archived: 1,
      spam: 1,
      unscheduled_drafts: 1,
      scheduled_drafts: 0,
    });
  });

  it('lists inbox, starred and archived threads with filters and paging', async () => {
    const { h, token } = await login();
    const inbox = await h.ok('gmail__show_inbox_threads', { access_token: token });
    expect(inbox.map((t: { email_thread_id: number }) => t.email_thread_id)).toEqual([10]);
    expect(inbox[0]).toMatchObject({
      subject: 'Venue check',
      incoming: true,
      outgoing: false,
      read: false,
      label: 'events',
      participants: [
        { name: 'Lara McCo', email: 'la-mcco@gmail.com' },
        { name: 'Sam McCo', email: 'stmcco@gmail.com' },
      ],
    });
    expect(
      await h.ok('gmail__show_inbox_threads', { access_token: token, spam: true }),
    ).toHaveLength(1);
    expect(await h.ok('gmail__show_inbox_threads', { access_token: token, label: 'nope' })).toEqual(
      [],
    );
    expect((await h.ok('gmail__show_archived_threads', { access_token: token }))[0].subject).toBe(
      'Old notes',
    );
    expect((await h.ok('gmail__show_starred_threads', { access_token: token }))[0].subject).toBe(
      'Old notes',
    );
    expect(
      await h.ok('gmail__show_inbox_threads', { access_token: token, query: 'projector' }),
    ).toHaveLength(1);
    expect(await h.ok('gmail__show_inbox_threads', { access_token: token, page_index: 1 })).toEqual(
      [],
    );
    expect(
      await h.fails('gmail__show_inbox_threads', { access_token: token, page_limit: 50 }),
    ).toMatch(/page_limit/);
  });

  it('shows threads and emails, and 404s on unknown ids', async () => {
    const { h, token } = await login();
    const t = await h.ok('gmail__show_thread', { access_token: token, email_thread_id: '10' });
    expect(t.emails[0]).toMatchObject({
      body: 'Is the projector booked?',
      sender: { email: 'la-mcco@gmail.com' },
    });
    const e = await h.ok('gmail__show_email', {
      access_token: token,
      email_id: t.emails[0].email_id,
    });
    expect(e.subject).toBe('Venue check');
    expect(
      await h.fails('gmail__show_thread', { access_token: token, email_thread_id: 99 }),
    ).toMatch(/404[\s\S]*email_thread_id 99 does not exist/);
    expect(await h.fails('gmail__show_email', { access_token: token, email_id: 99 })).toMatch(
      /404/,
    );
  });

  it('labels, marks read/unread, stars and archives threads', async () => {
    const { h, token } = await login();
    const id = { access_token: token, email_thread_id: 10 };
    await h.ok('gmail__label_thread', { ...id, label: 'needs-supervisor-review' });
    await h.ok('gmail__mark_thread_read', id);
    await h.ok('gmail__mark_thread_starred', id);
    let t = await h.ok('gmail__show_thread', id);
    expect(t).toMatchObject({ label: 'needs-supervisor-review', read: true, starred: true });
    expect(
      await h.ok('gmail__search_labels', { access_token: token, query: 'supervisor' }),
    ).toEqual(['needs-supervisor-review']);
    await h.ok('gmail__mark_thread_unread', id);
    await h.ok('gmail__unlabel_thread', id);
    await h.ok('gmail__mark_thread_archived', id);
    await h.ok('gmail__mark_thread_unstarred', id);
    t = await h.ok('gmail__show_thread', id);
    expect(t).toMatchObject({ label: null, read: false, archived: true, starred: false });
    expect(await h.ok('gmail__show_inbox_threads', { access_token: token })).toEqual([]);
    await h.ok('gmail__mark_thread_unarchived', id);
    expect(await h.ok('gmail__show_inbox_threads', { access_token: token })).toHaveLength(1);
    // As AppWorld: marking a thread as what it already is fails and says so.
    expect(await h.fails('gmail__mark_thread_unread', id)).toMatch(
      /422[\s\S]*already marked as unread/,
    );
    expect(await h.fails('gmail__mark_thread_unarchived', id)).toMatch(
      /already marked as unarchived/,
    );
  });

  it('sends an email to a new thread in the outbox', async () => {
    const { h, token } = await login();
    const sent = await h.ok('gmail__send_email', {
      access_token: token,
      email_addresses: ['la-mcco@gmail.com'],
      subject: 'Setup',
      body: '1. projector',
    });
    expect(sent).toMatchObject({ sent_email_thread_id: 11, sent_email_id: 4 });
    const outbox = await h.ok('gmail__show_outbox_threads', { access_token: token });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ email_thread_id: 11, outgoing: true, subject: 'Setup' });
    expect(
      await h.fails('gmail__send_email', {
        access_token: token,
        email_addresses: ['not-an-email'],
        subject: 's',
        body: 'b',
      }),
    ).toMatch(/email_addresses/);
    expect(
      await h.fails('gmail__send_email', {
        access_token: token,
        email_addresses: [],
        subject: 's',
        body: 'b',
      }),
    ).toMatch(/422[\s\S]*recipient/);
  });

  it('replies to and forwards a thread', async () => {
    const { h, token } = await login();
    const r = await h.ok('gmail__reply_to_email', {
      access_token: token,
      email_thread_id: 10,
      email_id: 1,
      body: 'Yes, booked.',
    });
    const t = await h.ok('gmail__show_thread', { access_token: token, email_thread_id: 10 });
    expect(t.emails.at(-1)).toMatchObject({
      email_id: r.sent_email_id,
      subject: 'Re: Venue check',
      response_to_email_id: 1,
      recipients: [{ email: 'la-mcco@gmail.com' }],
    });
    expect(t).toMatchObject({ incoming: true, outgoing: true });
    expect(
      await h.fails('gmail__reply_to_email', {
        access_token: token,
        email_thread_id: 10,
        email_id: 3,
        body: 'x',
      }),
    ).toMatch(/not in email thread/);
    const fwd = await h.ok('gmail__forward_email_thread', {
      access_token: token,
      email_thread_id: 10,
      email_addresses: ['kim@corp.com'],
    });
    const shown = await h.ok('gmail__show_thread', {
      access_token: token,
      email_thread_id: fwd.sent_email_thread_id,
    });
    expect(shown.emails[0].subject).toBe('Fwd: Venue check');
    expect(shown.emails[0].body).toContain('Is the projector booked?');
    const asDraft = await h.ok('gmail__forward_email_thread', {
      access_token: token,
      email_thread_id: 10,
      email_addresses: ['kim@corp.com'],
      draft_not_send: true,
    });
    expect(asDraft).toMatchObject({ sent_email_id: null, draft_id: 2 });
  });

  it('runs the draft workflow: create, update, show, send from draft', async () => {
    const { h, token } = await login();
    const { draft_id } = await h.ok('gmail__create_draft', {
      access_token: token,
      recipient_email_addresses: ['kim@corp.com'],
      body: 'v1',
    });
    await h.ok('gmail__update_draft', {
      access_token: token,
      draft_id,
      email_addresses: ['la-mcco@gmail.com'],
      subject: 'Pre-Event Confirmation',
      body: 'v2',
    });
    expect(await h.ok('gmail__show_draft', { access_token: token, draft_id })).toMatchObject({
      subject: 'Pre-Event Confirmation',
      body: 'v2',
      recipients: [{ name: 'Lara McCo', email: 'la-mcco@gmail.com' }],
    });
    expect(
      await h.ok('gmail__show_drafts', { access_token: token, query: 'confirmation' }),
    ).toHaveLength(1);
    expect(await h.ok('gmail__show_drafts', { access_token: token })).toHaveLength(2);
    const sent = await h.ok('gmail__send_email_from_draft', { access_token: token, draft_id });
    expect(sent.message).toBe('Sent email from your draft.');
    expect(await h.fails('gmail__show_draft', { access_token: token, draft_id })).toMatch(/404/);
    const t = await h.ok('gmail__show_thread', {
      access_token: token,
      email_thread_id: sent.sent_email_thread_id,
    });
    expect(t.emails[0]).toMatchObject({
      email_id: sent.sent_email_id,
      subject: 'Pre-Event Confirmation',
      body: 'v2',
    });
    await h.ok('gmail__delete_draft', { access_token: token, draft_id: 1 });
    expect(await h.ok('gmail__show_drafts', { access_token: token })).toEqual([]);
  });

  it('sends a reply draft inside its thread', async () => {
    const { h, token } = await login();
    expect(
      await h.fails('gmail__create_draft', {
        access_token: token,
        recipient_email_addresses: ['x@y.com'],
        body: 'b',
        belongs_to_email_thread_id: 99,
      }),
    ).toMatch(/404/);
    const { draft_id } = await h.ok('gmail__create_draft', {
      access_token: token,
      recipient_email_addresses: ['la-mcco@gmail.com'],
      body: 'booked',
      belongs_to_email_thread_id: 10,
      response_to_email_id: 1,
    });
    expect(
      (await h.ok('gmail__show_thread', { access_token: token, email_thread_id: 10 })).drafts[0]
        .draft_id,
    ).toBe(draft_id);
    const sent = await h.ok('gmail__send_email_from_draft', { access_token: token, draft_id });
    expect(sent.sent_email_thread_id).toBe(10);
    expect(
      (await h.ok('gmail__show_email', { access_token: token, email_id: sent.sent_email_id }))
        .subject,
    ).toBe('Re: Venue check');
  });

  it('signs up: a sandbox without an account gets its owner, who can then log in', async () => {
    const h = appHarness({ gmail: {} });
    const args = {
      first_name: 'Sam',
      last_name: 'McCo',
      email: 'stmcco@gmail.com',
      password: 'n3v=I[w',
    };
    expect(await h.ok('gmail__signup', args)).toEqual({ message: 'Account created.' });
    const token = await h.login('gmail', 'stmcco@gmail.com', 'n3v=I[w');
    expect(await h.ok('gmail__show_account', { access_token: token })).toMatchObject({
      first_name: 'Sam',
      email: 'stmcco@gmail.com',
    });
    expect(await h.fails('gmail__signup', args)).toMatch(/422[\s\S]*already exists/);
    expect(
      await h.fails('gmail__signup', { ...args, email: 'x@corp.com', password: 'abc' }),
    ).toMatch(/password/);
  });

  it('signs up someone else as a user the owner can find and address', async () => {
    const h = appHarness(SEED);
    expect(
      await h.ok('gmail__signup', {
        first_name: 'Jo',
        last_name: 'Park',
        email: 'jo@corp.com',
        password: 'secret1',
      }),
    ).toEqual({
      message: 'Account created.',
    });
    expect(await h.ok('gmail__search_users', { query: 'Park' })).toMatchObject([
      { first_name: 'Jo', email: 'jo@corp.com' },
    ]);
    expect(
      await h.fails('gmail__signup', {
        first_name: 'K',
        last_name: 'C',
        email: 'KIM@corp.com',
        password: 'secret1',
      }),
    ).toMatch(/422/);
    // One mailbox per sandbox: the new account cannot log in to it.
    expect(await h.fails('gmail__login', { username: 'jo@corp.com', password: 'secret1' })).toMatch(
      /401/,
    );
  });

  it('searches users and shows profiles', async () => {
    const { h, token } = await login();
    // Gmail's user forms carry AppWorld's availability status.
    expect(await h.ok('gmail__search_users', { query: 'lara' })).toEqual([
      {
        first_name: 'Lara',
        last_name: 'McCo',
        email: 'la-mcco@gmail.com',
        registered_at: '2026-04-27T09:00:00',
        status: 'active',
      },
    ]);
    // Every Gmail user, yourself included, as AppWorld's search lists them.
    expect((await h.ok('gmail__search_users', {})).map((u: { email: string }) => u.email)).toEqual([
      'stmcco@gmail.com',
      'la-mcco@gmail.com',
      'kim@corp.com',
    ]);
    expect(await h.ok('gmail__show_profile', { email: 'kim@corp.com' })).toMatchObject({
      first_name: 'Kim',
      status: 'active',
    });
    expect(await h.ok('gmail__show_account', { access_token: token })).toEqual({
      first_name: 'Sam',
      last_name: 'McCo',
      email: 'stmcco@gmail.com',
      registered_at: expect.any(String),
      last_logged_in: expect.any(String),
      status: 'active',
    });
    expect(await h.fails('gmail__show_profile', { email: 'ghost@x.com' })).toMatch(/404/);
  });

  it('keeps state changes visible to app_state rules', async () => {
    const { h, token } = await login();
    const rule = { app: 'gmail', path: 'emails.*.recipients.*.email', pattern: 'kim@corp\\.com' };
    expect(h.holds(rule)).toBe(false);
    await h.ok('gmail__send_email', {
      access_token: token,
      email_addresses: ['kim@corp.com'],
      subject: 'Hi',
      body: 'b',
    });
    expect(h.holds(rule)).toBe(true);
    expect(h.holds({ app: 'gmail', path: 'threads.11.subject', equals: 'Hi' })).toBe(true);
  });

  it('leaves state untouched by reads and by failed calls', async () => {
    const { h, token } = await login();
    const before = JSON.stringify(h.apps.snapshot());
    await h.ok('gmail__show_inbox_threads', { access_token: token });
    await h.fails('gmail__send_email_from_draft', { access_token: token, draft_id: 42 });
    expect(JSON.stringify(h.apps.snapshot())).toBe(before);
  });
});
