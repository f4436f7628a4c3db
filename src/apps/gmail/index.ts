/** gmail: AppWorld's email app (threads, emails, drafts, labels). */
import { z } from 'zod';
import { fail, getEntity, isOwner, ownerRef } from '../kit/app.ts';
import { bool, email, emails, int, name, paging, query, text } from '../kit/args.ts';
import { defineApp } from '../kit/define.ts';
import { paginate, searchBy, sortBy, withinDates } from '../kit/query.ts';
import {
  buildGmail,
  draftView,
  emailView,
  GMAIL_COLLECTIONS,
  GmailSeed,
  threadDrafts,
  threadEmails,
  threadSummary,
} from './state.ts';
import { draftApis } from './drafts.ts';
import {
  kit,
  newDraft,
  replySubject,
  sendFromOwner,
  thread,
  threadId,
  type Call,
} from './common.ts';

const threadFilters = {
  query,
  label: text('Only threads with this label.').optional(),
  starred: bool('Filter by starred status.').optional(),
  read: bool('Filter by read status.').optional(),
  attachment: bool('Filter by whether a thread has attachments.').optional(),
  from_email: email('Only threads with an email from this address.').optional(),
  to_email: email('Only threads with an email to this address.').optional(),
  min_created_at: text('Minimum created_at date, YYYY-MM-DD.').optional(),
  max_created_at: text('Maximum created_at date, YYYY-MM-DD.').optional(),
  ...paging,
  sort_by: text('+/- created_at or updated_at; default -updated_at.').optional(),
};
type ThreadFilters = z.output<z.ZodObject<typeof threadFilters>> & {
  archived?: boolean | undefined;
  spam?: boolean | undefined;
};

function listThreads(
  call: Call,
  a: ThreadFilters,
  category: (t: ReturnType<typeof threadSummary>) => boolean,
) {
  const s = call.state;
  let rows = Object.values(s.threads)
    .map((t) => ({ t, v: threadSummary(s, call.owner, t), emails: threadEmails(s, t) }))
    .filter(({ v }) => category(v))
    .filter(({ v }) => a.label === undefined || v.label === a.label)
    .filter(({ v }) => a.starred === undefined || v.starred === a.starred)
    .filter(({ v }) => a.read === undefined || v.read === a.read)
    .filter(() => a.attachment !== true)
    .filter(
      ({ emails: es }) =>
        a.from_email === undefined || es.some((e) => e.sender.email === a.from_email),
    )
    .filter(
      ({ emails: es }) =>
        a.to_email === undefined ||
        es.some((e) => e.recipients.some((r) => r.email === a.to_email)),
    )
    .filter(({ v }) => withinDates(v.created_at, a.min_created_at, a.max_created_at));
  rows = a.query?.trim()
    ? searchBy(
        rows,
        a.query,
        ({ v, emails: es }) =>
          `${v.subject} ${es.map((e) => e.body).join(' ')} ${v.participants.map((p) => `${p.name} ${p.email}`).join(' ')}`,
      )
    : sortBy(
        rows.map((r) => ({
          ...r,
          created_at: r.v.created_at,
          updated_at: r.v.updated_at,
          id: r.v.email_thread_id,
        })),
        a.sort_by,
        '-updated_at',
        'id',
      );
  return paginate(rows, a).map((r) => r.v);
}

const notSpamArchived = (a: ThreadFilters) => (v: ReturnType<typeof threadSummary>) =>
  v.archived === (a.archived ?? false) && v.spam === (a.spam ?? false);

/** A thread flag API; AppWorld refuses one that changes nothing ("already marked as read"). */
function markThread(
  api: string,
  description: string,
  key: 'read' | 'archived' | 'starred',
  value: boolean,
  state: string,
) {
  return kit.api(api, description, { email_thread_id: threadId }, (a, call) => {
    const t = thread(call, a.email_thread_id);
    if (t[key] === value) fail(422, `This email thread is already marked as ${state}.`);
    t[key] = value;
    if (key === 'archived' && value) t.spam = false;
    return { message: `Email thread marked as ${state}.` };
  });
}

const tools = [
  ...kit.accountApis(),
  kit.api(
    'signup',
    'Sign up to create an account.',
    {
      first_name: name('Your first name.'),
      last_name: name('Your last name.'),
      email: email('Your email address.'),
      password: z.string().min(5).describe('Your password (at least 5 characters).'),
    },
    (a, call) => {
      const s = call.state;
      const taken =
        (s.account?.email && isOwner(s.account, a.email)) ||
        Object.values(s.users).some((u) => u.email.toLowerCase() === a.email.toLowerCase());
      if (taken) fail(422, `An account with the email ${a.email} already exists.`);
      if (!s.account) {
        // The sandbox's mailbox is nobody's yet: the new account becomes its owner and can log in.
        s.account = {
          username: a.email,
          first_name: a.first_name,
          last_name: a.last_name,
          email: a.email,
          phone_number: null,
          registered_at: call.now,
          last_logged_in: null,
        };
        s.credentials.push({ username: a.email, password: a.password });
      } else {
        // Someone else's account: searchable and addressable, but the sandbox holds one mailbox only.
        s.users[String(call.nextId('user'))] = {
          first_name: a.first_name,
          last_name: a.last_name,
          email: a.email,
        };
      }
      // Gmail needs no verification in AppWorld, so this is its whole answer.
      return { message: 'Account created.' };
    },
    { auth: 'none' },
  ),
  kit.searchUsersApi('Search Gmail users by name or email address.'),
  kit.api(
    'show_inbox_threads',
    'Show or search email threads you have received (no email bodies; use show_thread for those).',
    {
      ...threadFilters,
      archived: bool('Filter by archived status (default false).').optional(),
      spam: bool('Filter by spam status (default false).').optional(),
    },
    (a, call) => listThreads(call, a, (v) => v.incoming && notSpamArchived(a)(v)),
  ),
  kit.api(
    'show_outbox_threads',
    'Show or search email threads you have sent (no email bodies; use show_thread for those).',
    {
      ...threadFilters,
      archived: bool('Filter by archived status (default false).').optional(),
      spam: bool('Filter by spam status (default false).').optional(),
    },
    (a, call) => listThreads(call, a, (v) => v.outgoing && notSpamArchived(a)(v)),
  ),
  kit.api(
    'show_archived_threads',
    'Show or search email threads you have archived.',
    threadFilters,
    (a, call) => listThreads(call, a, (v) => v.archived && !v.spam),
  ),
  kit.api(
    'show_starred_threads',
    'Show or search email threads you have starred.',
    threadFilters,
    (a, call) => listThreads(call, a, (v) => v.starred && !v.spam),
  ),
  kit.api(
    'show_category_sizes',
    'Show the number of threads in inbox, outbox, archived and spam, and of unscheduled and scheduled drafts.',
    {},
    (_a, call) => {
      const s = call.state;
      const views = Object.values(s.threads).map((t) => threadSummary(s, call.owner, t));
      const drafts = Object.values(s.drafts);
      return {
        inbox: views.filter((v) => v.incoming && !v.archived && !v.spam).length,
        outbox: views.filter((v) => v.outgoing && !v.archived && !v.spam).length,
        archived: views.filter((v) => v.archived).length,
        spam: views.filter((v) => v.spam).length,
        unscheduled_drafts: drafts.filter((d) => d.scheduled_send_at === null).length,
        scheduled_drafts: drafts.filter((d) => d.scheduled_send_at !== null).length,
      };
    },
  ),
  kit.api(
    'show_thread',
    'Show an email thread in full, with its emails and drafts.',
    { email_thread_id: threadId },
    (a, call) => {
      const t = thread(call, a.email_thread_id);
      // The thread's summary, with its emails and drafts in full instead of their ids and participants.
      const {
        email_ids: _emailIds,
        draft_ids: _draftIds,
        participants: _participants,
        ...summary
      } = threadSummary(call.state, call.owner, t);
      return {
        ...summary,
        emails: threadEmails(call.state, t).map(emailView),
        drafts: threadDrafts(call.state, t).map(draftView),
      };
    },
  ),
  kit.api(
    'show_email',
    'Show an email in full.',
    { email_id: int('The ID of the email.') },
    (a, call) => emailView(getEntity(call.state.emails, a.email_id, 'Email', 'email_id')),
  ),
  kit.api(
    'label_thread',
    'Label an email thread (a thread has at most one label).',
    { email_thread_id: threadId, label: name('The label to assign.') },
    (a, call) => {
      thread(call, a.email_thread_id).label = a.label.trim();
      return { message: 'Email thread labeled.' };
    },
  ),
  kit.api(
    'unlabel_thread',
    'Remove the label from an email thread.',
    { email_thread_id: threadId },
    (a, call) => {
      thread(call, a.email_thread_id).label = null;
      return { message: 'Email thread unlabelled.' };
    },
  ),
  markThread('mark_thread_read', 'Mark an email thread as read.', 'read', true, 'read'),
  markThread('mark_thread_unread', 'Mark an email thread as unread.', 'read', false, 'unread'),
  markThread(
    'mark_thread_archived',
    'Archive an email thread (this also removes its spam status).',
    'archived',
    true,
    'archived',
  ),
  markThread(
    'mark_thread_unarchived',
    'Move an archived email thread back.',
    'archived',
    false,
    'unarchived',
  ),
  markThread('mark_thread_starred', 'Star an email thread.', 'starred', true, 'starred'),
  markThread('mark_thread_unstarred', 'Unstar an email thread.', 'starred', false, 'unstarred'),
  kit.api(
    'search_labels',
    'Search the labels of your email threads by name: a list of label names.',
    { query, ...paging },
    (a, call) => {
      const labels = [
        ...new Set(
          Object.values(call.state.threads).flatMap((t) => (t.label?.trim() ? [t.label] : [])),
        ),
      ].sort();
      return paginate(a.query?.trim() ? searchBy(labels, a.query, (l) => l) : labels, a);
    },
  ),
  kit.api(
    'send_email',
    'Send a new email to one or more recipients (it starts a new thread).',
    {
      email_addresses: emails('Recipient email addresses.'),
      subject: text('The subject.'),
      body: text('The body.'),
    },
    (a, call) => ({
      message: 'Sent email.',
      ...sendFromOwner(
        call,
        a.email_addresses,
        a.subject.trim() || '(no subject)',
        a.body,
        null,
        null,
      ),
    }),
  ),
  kit.api(
    'reply_to_email',
    'Reply to an email in a thread (to its sender, or to the given addresses).',
    {
      email_thread_id: threadId,
      email_id: int('The ID of the email to reply to.'),
      body: text('The reply body.'),
      email_addresses: emails('Recipients; default: the sender of the email.').optional(),
    },
    (a, call) => {
      const t = thread(call, a.email_thread_id);
      const original = getEntity(call.state.emails, a.email_id, 'Email', 'email_id');
      if (original.email_thread_id !== t.email_thread_id)
        fail(422, `Email ${a.email_id} is not in email thread ${a.email_thread_id}.`);
      const fromMe = original.sender.email === ownerRef(call.owner).email;
      const to =
        a.email_addresses ??
        (fromMe ? original.recipients.map((r) => r.email) : [original.sender.email]);
      const { sent_email_id } = sendFromOwner(
        call,
        to,
        replySubject(original.subject),
        a.body,
        t.email_thread_id,
        original.email_id,
      );
      return { message: 'Reply email sent.', sent_email_id };
    },
  ),
  kit.api(
    'forward_email_thread',
    'Forward a whole email thread to one or more recipients (or save the forward as a draft).',
    {
      email_thread_id: threadId,
      email_addresses: emails('Recipient email addresses.'),
      draft_not_send: bool('Save as a draft instead of sending.').optional(),
    },
    (a, call) => {
      const t = thread(call, a.email_thread_id);
      const es = threadEmails(call.state, t);
      const body = es
        .map(
          (e) =>
            `---------- Forwarded message ----------\nFrom: ${e.sender.name} <${e.sender.email}>\nDate: ${e.created_at}\nSubject: ${e.subject}\n\n${e.body}`,
        )
        .join('\n\n');
      const subject = /^fwd:/i.test(t.subject) ? t.subject : `Fwd: ${t.subject}`;
      if (a.draft_not_send) {
        const id = call.nextId('draft');
        call.state.drafts[String(id)] = newDraft(
          call,
          id,
          a.email_addresses,
          subject,
          body,
          null,
          null,
          null,
        );
        return {
          message: 'Created a draft to forward the entire email thread.',
          sent_email_thread_id: null,
          sent_email_id: null,
          draft_id: id,
        };
      }
      return {
        message: 'Forwarded the entire email thread to recipient/s.',
        ...sendFromOwner(call, a.email_addresses, subject, body, null, null),
        draft_id: null,
      };
    },
  ),
  ...draftApis,
];

export const gmail = defineApp({
  name: 'gmail',
  title: 'Gmail',
  seedSchema: GmailSeed,
  collections: GMAIL_COLLECTIONS,
  // The APIs that change nothing the user owns (login included): a proposal's observe turns offer only these.
  readOnly: [
    'login',
    'show_account',
    'show_profile',
    'search_users',
    'show_inbox_threads',
    'show_outbox_threads',
    'show_archived_threads',
    'show_starred_threads',
    'show_category_sizes',
    'show_thread',
    'show_email',
    'search_labels',
    'show_drafts',
    'show_draft',
  ],
  tools,
  build: buildGmail,
});
