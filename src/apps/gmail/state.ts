/** gmail state: the owner's mailbox (threads, emails, drafts) and a directory of users. */
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

export interface Address {
  name: string;
  email: string;
}

export interface Email {
  email_id: number;
  email_thread_id: number;
  subject: string;
  body: string;
  sender: Address;
  recipients: Address[];
  response_to_email_id: number | null;
  created_at: string;
}

export interface Thread {
  email_thread_id: number;
  subject: string;
  label: string | null;
  read: boolean;
  starred: boolean;
  archived: boolean;
  spam: boolean;
  created_at: string;
  updated_at: string;
  email_ids: number[];
}

export interface Draft {
  draft_id: number;
  belongs_to_email_thread_id: number | null;
  response_to_email_id: number | null;
  subject: string | null;
  body: string;
  recipients: Address[];
  scheduled_send_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface GmailState extends BaseState {
  users: EntityMap<Person>;
  threads: EntityMap<Thread>;
  emails: EntityMap<Email>;
  drafts: EntityMap<Draft>;
}

export const GMAIL_COLLECTIONS = ['users', 'threads', 'emails', 'drafts'] as const;

export function emptyGmail(): GmailState {
  return { ...emptyBase(), users: {}, threads: {}, emails: {}, drafts: {} };
}

const EmailSeed = z.strictObject({
  id: SeedId,
  from: z.email().optional().meta({ description: 'sender; default: the account' }),
  to: z.array(z.email()).optional().meta({ description: 'recipients; default: the account' }),
  subject: z.string().optional().meta({ description: "default: the thread's subject" }),
  body: z.string(),
  sent_at: DateTimeSeed.optional(),
});

const ThreadSeed = z.strictObject({
  id: SeedId,
  subject: z.string(),
  label: z.string().min(1).optional(),
  read: z.boolean().default(false),
  starred: z.boolean().default(false),
  archived: z.boolean().default(false),
  spam: z.boolean().default(false),
  emails: z
    .array(EmailSeed)
    .min(1)
    .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'email')),
});

const DraftSeed = z.strictObject({
  id: SeedId,
  to: z.array(z.email()).default([]),
  subject: z.string().optional(),
  body: z.string().default(''),
  thread_id: z
    .number()
    .int()
    .positive()
    .optional()
    .meta({ description: 'the thread the draft replies in' }),
});

export const GmailSeed = z.strictObject({
  ...baseSeedShape,
  users: z
    .array(PersonSeed)
    .optional()
    .meta({ description: 'other Gmail users (search_users, recipient names)' }),
  threads: z
    .array(ThreadSeed)
    .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'thread'))
    .optional(),
  drafts: z
    .array(DraftSeed)
    .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'draft'))
    .optional(),
});

export function buildGmail(seed: z.output<typeof GmailSeed>): GmailState {
  const state: GmailState = {
    ...baseFromSeed(seed),
    users: {},
    threads: {},
    emails: {},
    drafts: {},
  };
  const users = assignIds(seed.users ?? [], (u) => personFromSeed(u));
  state.users = users.map;
  const me = state.account?.email ?? state.account?.username ?? 'me@example.com';
  const threads = assignIds(seed.threads ?? [], (t, id) => ({ t, id }));
  const flat = (seed.threads ?? []).flatMap((t, i) =>
    t.emails.map((e) => ({ ...e, thread: threads.ids[i] ?? 0, threadSubject: t.subject })),
  );
  const emails = assignIds(flat, (e, id): Email => ({
    email_id: id,
    email_thread_id: e.thread,
    subject: e.subject ?? e.threadSubject,
    body: e.body,
    sender: personRef(state, e.from ?? me),
    recipients: (e.to ?? [me]).map((a) => personRef(state, a)),
    response_to_email_id: null,
    created_at: e.sent_at ?? state.now,
  }));
  state.emails = emails.map;
  for (const { t, id } of Object.values(threads.map)) {
    const mine = Object.values(emails.map).filter((e) => e.email_thread_id === id);
    const times = mine.map((e) => e.created_at).sort();
    state.threads[String(id)] = {
      email_thread_id: id,
      subject: t.subject,
      label: t.label ?? null,
      read: t.read,
      starred: t.starred,
      archived: t.archived,
      spam: t.spam,
      created_at: times[0] ?? state.now,
      updated_at: times[times.length - 1] ?? state.now,
      email_ids: mine.map((e) => e.email_id),
    };
  }
  const drafts = assignIds(seed.drafts ?? [], (d, id): Draft => ({
    draft_id: id,
    belongs_to_email_thread_id: d.thread_id ?? null,
    response_to_email_id: null,
    subject: d.subject ?? null,
    body: d.body,
    recipients: d.to.map((a) => personRef(state, a)),
    scheduled_send_at: null,
    created_at: state.now,
    updated_at: state.now,
  }));
  state.drafts = drafts.map;
  state.next_id = {
    ...state.next_id,
    user: users.next,
    thread: threads.next,
    email: emails.next,
    draft: drafts.next,
  };
  return state;
}

// ---- views ------------------------------------------------------------------------------

export function threadEmails(s: GmailState, t: Thread): Email[] {
  return t.email_ids.map((id) => s.emails[String(id)]).filter((e): e is Email => e !== undefined);
}

export function threadDrafts(s: GmailState, t: Thread): Draft[] {
  return Object.values(s.drafts).filter((d) => d.belongs_to_email_thread_id === t.email_thread_id);
}

export function direction(
  owner: Account,
  emails: Email[],
): { incoming: boolean; outgoing: boolean } {
  return {
    incoming: emails.some((e) => !isOwner(owner, e.sender.email)),
    outgoing: emails.some((e) => isOwner(owner, e.sender.email)),
  };
}

export function participants(emails: Email[]): Address[] {
  const seen = new Map<string, Address>();
  for (const e of emails)
    for (const a of [e.sender, ...e.recipients]) if (!seen.has(a.email)) seen.set(a.email, a);
  return [...seen.values()];
}

export function threadSummary(s: GmailState, owner: Account, t: Thread) {
  const emails = threadEmails(s, t);
  return {
    email_thread_id: t.email_thread_id,
    email_ids: t.email_ids,
    draft_ids: threadDrafts(s, t).map((d) => d.draft_id),
    ...direction(owner, emails),
    read: t.read,
    label: t.label,
    starred: t.starred,
    archived: t.archived,
    spam: t.spam,
    created_at: t.created_at,
    updated_at: t.updated_at,
    subject: t.subject,
    participants: participants(emails),
  };
}

export function emailView(e: Email) {
  return { ...e, attachments: [] as { id: number; file_name: string }[] };
}

export function draftView(d: Draft) {
  return { ...d, attachments: [] as { id: number; file_name: string }[] };
}
