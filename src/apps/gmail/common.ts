/** What the gmail APIs share: the kit, thread and draft lookups, and sending as the owner. */
import { AppKit, fail, getEntity, ownerRef, personRef, type AppCall } from '../kit/app.ts';
import { int } from '../kit/args.ts';
import { emptyGmail, type Draft, type Email, type GmailState, type Thread } from './state.ts';

/** Everyone is available: AppWorld's availability status is not simulated. */
const STATUS = { status: 'active' } as const;
export const kit = new AppKit<GmailState>({
  name: 'gmail',
  title: 'Gmail',
  empty: emptyGmail,
  accountFields: STATUS,
  profileFields: STATUS,
});
export type Call = AppCall<GmailState>;

export const threadId = int('The ID of the email thread.');
export const draftId = int('The ID of the draft.');

export function thread(call: Call, id: number): Thread {
  return getEntity(call.state.threads, id, 'Email thread', 'email_thread_id');
}

export function draft(call: Call, id: number): Draft {
  return getEntity(call.state.drafts, id, 'Draft', 'draft_id');
}

/** Appends an email from the owner, to a thread (new when `threadId` is null). */
export function sendFromOwner(
  call: Call,
  to: string[],
  subject: string,
  body: string,
  threadIdOrNull: number | null,
  responseTo: number | null,
) {
  if (!to.length) fail(422, 'At least one recipient email address is required.');
  const s = call.state;
  let t: Thread;
  if (threadIdOrNull === null) {
    const id = call.nextId('thread');
    t = {
      email_thread_id: id,
      subject,
      label: null,
      read: true,
      starred: false,
      archived: false,
      spam: false,
      created_at: call.now,
      updated_at: call.now,
      email_ids: [],
    };
    s.threads[String(id)] = t;
  } else {
    t = thread(call, threadIdOrNull);
  }
  const emailId = call.nextId('email');
  const sent: Email = {
    email_id: emailId,
    email_thread_id: t.email_thread_id,
    subject,
    body,
    sender: ownerRef(call.owner),
    recipients: to.map((a) => personRef(s, a)),
    response_to_email_id: responseTo,
    created_at: call.now,
  };
  s.emails[String(emailId)] = sent;
  t.email_ids.push(emailId);
  t.updated_at = call.now;
  t.read = true;
  return { sent_email_thread_id: t.email_thread_id, sent_email_id: emailId };
}

export function replySubject(subject: string): string {
  return /^re:/i.test(subject) ? subject : `Re: ${subject}`;
}

export function newDraft(
  call: Call,
  id: number,
  to: string[],
  subject: string | null,
  body: string,
  threadIdOrNull: number | null,
  responseTo: number | null,
  scheduled: string | null,
): Draft {
  return {
    draft_id: id,
    belongs_to_email_thread_id: threadIdOrNull,
    response_to_email_id: responseTo,
    subject,
    body,
    recipients: to.map((x) => personRef(call.state, x)),
    scheduled_send_at: scheduled,
    created_at: call.now,
    updated_at: call.now,
  };
}
