/** Gmail's drafts: listing, creating, editing and sending them. */
import { fail, getEntity, personRef, removeEntity } from '../kit/app.ts';
import { bool, email, emails, int, paging, query, text } from '../kit/args.ts';
import { paginate, searchBy, sortBy, withinDates } from '../kit/query.ts';
import { draftView } from './state.ts';
import {
  draft,
  draftId,
  kit,
  newDraft,
  replySubject,
  sendFromOwner,
  thread,
  type Call,
} from './common.ts';

export const draftApis = [
  kit.api(
    'show_drafts',
    'Show or search your drafts.',
    {
      query,
      recipient_email: email('Only drafts to this address.').optional(),
      scheduled: bool('Only drafts that are (or are not) scheduled.').optional(),
      belongs_to_email_thread_id: int('Only drafts in this thread.').optional(),
      response_to_email_id: int('Only drafts replying to this email.').optional(),
      min_created_at: text('Minimum created_at date, YYYY-MM-DD.').optional(),
      max_created_at: text('Maximum created_at date, YYYY-MM-DD.').optional(),
      ...paging,
      sort_by: text('+/- created_at or updated_at; default -updated_at.').optional(),
    },
    (a, call) => {
      let list = Object.values(call.state.drafts)
        .filter(
          (d) =>
            a.recipient_email === undefined ||
            d.recipients.some((r) => r.email === a.recipient_email),
        )
        .filter((d) => a.scheduled === undefined || (d.scheduled_send_at !== null) === a.scheduled)
        .filter(
          (d) =>
            a.belongs_to_email_thread_id === undefined ||
            d.belongs_to_email_thread_id === a.belongs_to_email_thread_id,
        )
        .filter(
          (d) =>
            a.response_to_email_id === undefined ||
            d.response_to_email_id === a.response_to_email_id,
        )
        .filter((d) => withinDates(d.created_at, a.min_created_at, a.max_created_at));
      list = a.query?.trim()
        ? searchBy(
            list,
            a.query,
            (d) =>
              `${d.subject ?? ''} ${d.body} ${d.recipients.map((r) => `${r.name} ${r.email}`).join(' ')}`,
          )
        : sortBy(list, a.sort_by, '-updated_at', 'draft_id');
      return paginate(list, a).map(draftView);
    },
  ),
  kit.api(
    'create_draft',
    'Create a new draft (send it later with send_email_from_draft).',
    {
      recipient_email_addresses: emails('Recipient email addresses.'),
      body: text('The body of the draft.'),
      subject: text("The subject (leave it out for a reply: it becomes 'Re: ...').").optional(),
      belongs_to_email_thread_id: int(
        'The thread the draft belongs to (for a reply or forward).',
      ).optional(),
      response_to_email_id: int('The email in that thread the draft responds to.').optional(),
      scheduled_send_at: text('Send automatically at this time, YYYY-MM-DD|HH:MM:SS.').optional(),
    },
    (a, call) => {
      checkDraftLinks(call, a.belongs_to_email_thread_id ?? null, a.response_to_email_id ?? null);
      if (a.response_to_email_id !== undefined && a.subject !== undefined)
        fail(
          422,
          "If response_to_email_id is given, subject must be None, because the subject of the draft will be the subject of the email that it is responds to, prefixed with 'Re: ' or 'Fwd: '.",
        );
      const id = call.nextId('draft');
      call.state.drafts[String(id)] = newDraft(
        call,
        id,
        a.recipient_email_addresses,
        a.response_to_email_id !== undefined
          ? `Re: ${getEntity(call.state.emails, a.response_to_email_id, 'Email', 'email_id').subject}`
          : (a.subject ?? '(no subject)'),
        a.body,
        a.belongs_to_email_thread_id ?? null,
        a.response_to_email_id ?? null,
        a.scheduled_send_at ?? null,
      );
      return { message: 'Draft created.', draft_id: id };
    },
  ),
  kit.api('show_draft', 'Show a draft in full.', { draft_id: draftId }, (a, call) =>
    draftView(draft(call, a.draft_id)),
  ),
  kit.api('delete_draft', 'Delete a draft.', { draft_id: draftId }, (a, call) => {
    removeEntity(call.state.drafts, a.draft_id, 'Draft', 'draft_id');
    return { message: 'Draft deleted.' };
  }),
  kit.api(
    'update_draft',
    'Update a draft; only the fields given change.',
    {
      draft_id: draftId,
      email_addresses: emails('New recipient email addresses.').optional(),
      subject: text('New subject.').optional(),
      body: text('New body.').optional(),
      belongs_to_email_thread_id: int('New thread the draft belongs to.').optional(),
      response_to_email_id: int('New email the draft responds to.').optional(),
      scheduled_send_at: text(
        "New send time YYYY-MM-DD|HH:MM:SS, or 'None' to unschedule.",
      ).optional(),
    },
    (a, call) => {
      const d = draft(call, a.draft_id);
      checkDraftLinks(
        call,
        a.belongs_to_email_thread_id ?? d.belongs_to_email_thread_id,
        a.response_to_email_id ?? d.response_to_email_id,
      );
      if (a.email_addresses !== undefined)
        d.recipients = a.email_addresses.map((x) => personRef(call.state, x));
      if (a.subject !== undefined) d.subject = a.subject;
      if (a.body !== undefined) d.body = a.body;
      if (a.belongs_to_email_thread_id !== undefined)
        d.belongs_to_email_thread_id = a.belongs_to_email_thread_id;
      if (a.response_to_email_id !== undefined) d.response_to_email_id = a.response_to_email_id;
      if (a.scheduled_send_at !== undefined)
        d.scheduled_send_at = a.scheduled_send_at === 'None' ? null : a.scheduled_send_at;
      d.updated_at = call.now;
      return { message: 'Draft updated.' };
    },
  ),
  kit.api(
    'send_email_from_draft',
    'Send a draft right away; the draft is removed.',
    { draft_id: draftId },
    (a, call) => {
      const d = draft(call, a.draft_id);
      if (!d.recipients.length) fail(422, 'Draft has no recipient. At least one is required.');
      const t =
        d.belongs_to_email_thread_id === null ? null : thread(call, d.belongs_to_email_thread_id);
      const subject = d.subject ?? (t ? replySubject(t.subject) : '');
      const sent = sendFromOwner(
        call,
        d.recipients.map((r) => r.email),
        subject,
        d.body,
        t?.email_thread_id ?? null,
        d.response_to_email_id,
      );
      delete call.state.drafts[String(d.draft_id)];
      return { message: 'Sent email from your draft.', ...sent };
    },
  ),
];

function checkDraftLinks(
  call: Call,
  threadIdOrNull: number | null,
  responseTo: number | null,
): void {
  if (threadIdOrNull !== null) thread(call, threadIdOrNull);
  if (threadIdOrNull !== null && responseTo === null)
    fail(
      422,
      'Either both belongs_to_email_thread_id and response_to_email_id must be given or neither must be given.',
    );
  if (responseTo === null) return;
  const e = getEntity(call.state.emails, responseTo, 'Email', 'email_id');
  if (threadIdOrNull === null)
    fail(
      422,
      'Either both belongs_to_email_thread_id and response_to_email_id must be given or neither must be given.',
    );
  if (e.email_thread_id !== threadIdOrNull)
    fail(422, `Email ${responseTo} is not in email thread ${threadIdOrNull}.`);
}
