/** phone: AppWorld's phone app (contacts, text messages, alarms, the clock). */
import { z } from 'zod';
import { AppKit, applyChanges, fail, getEntity, removeEntity, type AppCall } from '../kit/app.ts';
import { bool, int, oneOf, paging, query, strings, text } from '../kit/args.ts';
import { defineApp } from '../kit/define.ts';
import { paginate, searchBy, singularized, sortBy } from '../kit/query.ts';
import {
  assignIds,
  baseFromSeed,
  baseSeedShape,
  checkUniqueIds,
  DateTimeSeed,
  describeNow,
  emptyBase,
  fullName,
  SeedId,
  type BaseState,
  type EntityMap,
} from '../kit/state.ts';
import { compareText } from '../../contracts/order.ts';

export interface Contact {
  contact_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_number: string;
  relationships: string[];
  birthday: string | null;
  home_address: string | null;
  work_address: string | null;
  created_at: string;
}

export interface TextMessage {
  text_message_id: number;
  sender_phone_number: string;
  receiver_phone_number: string;
  message: string;
  sent_at: string;
}

export interface Alarm {
  alarm_id: number;
  time: string;
  /** null when never set, as AppWorld stores it. */
  repeat_days: string[] | null;
  label: string | null;
  enabled: boolean;
  snooze_minutes: number;
  vibration: boolean;
  created_at: string;
}

export interface PhoneState extends BaseState {
  contacts: EntityMap<Contact>;
  messages: EntityMap<TextMessage>;
  alarms: EntityMap<Alarm>;
}

const DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
const TIME = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time like 07:30');

const ContactSeed = z.strictObject({
  id: SeedId,
  first_name: z.string().min(1),
  last_name: z.string().default(''),
  phone_number: z.string().min(1),
  email: z.email().optional(),
  relationships: z.array(z.string()).default([]),
  birthday: z.string().optional(),
  home_address: z.string().optional(),
  work_address: z.string().optional(),
});

const MessageSeed = z.strictObject({
  id: SeedId,
  from: z.string().min(1).optional().meta({ description: "sender's number; default: the account" }),
  to: z.string().min(1).optional().meta({ description: "receiver's number; default: the account" }),
  message: z.string().min(1),
  sent_at: DateTimeSeed.optional(),
});

const AlarmSeed = z.strictObject({
  id: SeedId,
  time: TIME,
  repeat_days: z.array(z.enum(DAYS)).optional(),
  label: z.string().optional(),
  enabled: z.boolean().default(true),
  snooze_minutes: z.number().int().min(0).default(15),
  vibration: z.boolean().default(true),
});

export const PhoneSeed = z.strictObject({
  ...baseSeedShape,
  contacts: z
    .array(ContactSeed)
    .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'contact'))
    .optional(),
  messages: z
    .array(MessageSeed)
    .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'message'))
    .optional(),
  alarms: z
    .array(AlarmSeed)
    .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'alarm'))
    .optional(),
});

function build(seed: z.output<typeof PhoneSeed>): PhoneState {
  const base = baseFromSeed(seed, 'phone_number');
  const me = base.account?.phone_number ?? '0000000000';
  const contacts = assignIds(seed.contacts ?? [], (c, id): Contact => ({
    contact_id: id,
    first_name: c.first_name,
    last_name: c.last_name,
    email: c.email ?? null,
    phone_number: c.phone_number,
    relationships: c.relationships,
    birthday: c.birthday ?? null,
    home_address: c.home_address ?? null,
    work_address: c.work_address ?? null,
    created_at: base.now,
  }));
  const messages = assignIds(seed.messages ?? [], (m, id): TextMessage => ({
    text_message_id: id,
    sender_phone_number: m.from ?? me,
    receiver_phone_number: m.to ?? me,
    message: m.message,
    sent_at: m.sent_at ?? base.now,
  }));
  const alarms = assignIds(seed.alarms ?? [], (a, id): Alarm => ({
    alarm_id: id,
    time: a.time,
    repeat_days: a.repeat_days ?? null,
    label: a.label ?? null,
    enabled: a.enabled,
    snooze_minutes: a.snooze_minutes,
    vibration: a.vibration,
    created_at: base.now,
  }));
  return {
    ...base,
    next_id: { contact: contacts.next, message: messages.next, alarm: alarms.next },
    contacts: contacts.map,
    messages: messages.map,
    alarms: alarms.map,
  };
}

const kit = new AppKit<PhoneState>({
  name: 'phone',
  title: 'Phone',
  loginKey: 'phone_number',
  empty: () => ({ ...emptyBase(), contacts: {}, messages: {}, alarms: {} }),
});
type Call = AppCall<PhoneState>;

const digits = (n: string) => n.replace(/\D/g, '');
const samePhone = (a: string, b: string) => digits(a) !== '' && digits(a) === digits(b);

function party(call: Call, phone: string) {
  if (call.state.account && samePhone(call.state.account.phone_number ?? '', phone))
    return { contact_id: null, name: fullName(call.state.account), phone_number: phone };
  const c = Object.values(call.state.contacts).find((x) => samePhone(x.phone_number, phone));
  return { contact_id: c?.contact_id ?? null, name: c ? fullName(c) : phone, phone_number: phone };
}

function messageView(call: Call, m: TextMessage) {
  return {
    text_message_id: m.text_message_id,
    sender: party(call, m.sender_phone_number),
    receiver: party(call, m.receiver_phone_number),
    message: m.message,
    sent_at: m.sent_at,
  };
}

/** Messages between the owner and `phone`. */
function conversation(call: Call, phone: string): TextMessage[] {
  return Object.values(call.state.messages).filter(
    (m) => samePhone(m.sender_phone_number, phone) || samePhone(m.receiver_phone_number, phone),
  );
}

/** "YYYY-MM-DD|HH:MM:SS" (or with T) as a comparable timestamp. */
const stamp = (s: string) => s.replace('|', 'T');

/** AppWorld keeps one alarm per time, repeat days and label; a second one is refused. */
function refuseTwin(call: Call, alarm: Alarm): void {
  const key = (x: Alarm) => JSON.stringify([x.time, x.repeat_days, x.label]);
  if (
    Object.values(call.state.alarms).some(
      (x) => x.alarm_id !== alarm.alarm_id && key(x) === key(alarm),
    )
  )
    fail(422, `An alarm at ${alarm.time} with the same repeat days and label already exists.`);
}

const alarmView = (call: Call, a: Alarm) => ({
  ...a,
  user: { name: fullName(call.owner), phone_number: call.owner.phone_number },
});

const contactFields = {
  email: z.email().optional().describe('Email of the contact.'),
  relationships: strings('Relationships with the contact (e.g. friend, coworker).').optional(),
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date in YYYY-MM-DD format')
    .describe('Birthday, YYYY-MM-DD.')
    .optional(),
  home_address: text('Home address.').optional(),
  work_address: text('Work address.').optional(),
};

const alarmFields = {
  repeat_days: z
    .preprocess(
      (v) => (Array.isArray(v) ? v.map((d) => (typeof d === 'string' ? d.toLowerCase() : d)) : v),
      z.array(z.enum(DAYS)),
    )
    .optional()
    .describe('Days on which the alarm repeats (monday ... sunday).'),
  label: text('The label of the alarm.').optional(),
  enabled: bool('Whether the alarm is on.').optional(),
  snooze_minutes: int('Snooze duration in minutes; 0 for none.', { min: 0 }).optional(),
  vibration: bool('Whether the alarm vibrates.').optional(),
};

const tools = [
  ...kit.accountApis(),
  kit.api(
    'get_current_date_and_time',
    'Show the current date and time.',
    {},
    (_a, call) => describeNow(call.now),
    { auth: 'none' },
  ),
  kit.api(
    'search_contacts',
    'Search your contact book, newest contacts first.',
    { query, relationship: text('Only contacts with this relationship.').optional(), ...paging },
    (a, call) => {
      // As AppWorld: the relationship asked for is lowercased and singularized ("Friends" finds "friend").
      const wanted = a.relationship === undefined ? undefined : singularized(a.relationship);
      const newest = sortBy(
        Object.values(call.state.contacts),
        undefined,
        '-created_at',
        'contact_id',
      );
      const list = newest.filter(
        (c) => wanted === undefined || c.relationships.some((r) => singularized(r) === wanted),
      );
      return paginate(
        searchBy(
          list,
          a.query,
          (c) => `${fullName(c)} ${c.phone_number} ${c.email ?? ''} ${c.relationships.join(' ')}`,
        ),
        a,
      );
    },
  ),
  kit.api(
    'show_contact_relationships',
    'List the relationships used in your contact book.',
    {},
    (_a, call) =>
      [...new Set(Object.values(call.state.contacts).flatMap((c) => c.relationships))].sort(),
  ),
  kit.api(
    'add_contact',
    'Add a contact.',
    {
      first_name: text('First name.'),
      last_name: text('Last name.'),
      phone_number: text('Phone number.'),
      ...contactFields,
    },
    (a, call) => {
      if (Object.values(call.state.contacts).some((c) => samePhone(c.phone_number, a.phone_number)))
        fail(409, `A contact with phone number ${a.phone_number} already exists.`);
      const id = call.nextId('contact');
      call.state.contacts[String(id)] = {
        contact_id: id,
        first_name: a.first_name,
        last_name: a.last_name,
        email: a.email ?? null,
        phone_number: a.phone_number,
        relationships: a.relationships ?? [],
        birthday: a.birthday ?? null,
        home_address: a.home_address ?? null,
        work_address: a.work_address ?? null,
        created_at: call.now,
      };
      return { message: 'Contact added.', contact_id: id };
    },
  ),
  kit.api(
    'update_contact',
    'Update a contact; only the fields given change.',
    {
      contact_id: int('ID of the contact.'),
      first_name: text('First name.').optional(),
      last_name: text('Last name.').optional(),
      phone_number: text('Phone number.').optional(),
      ...contactFields,
    },
    (a, call) => {
      const c = getEntity(call.state.contacts, a.contact_id, 'Contact', 'contact_id');
      const { contact_id: _id, access_token: _token, ...changes } = a;
      applyChanges(c, changes);
      return { message: 'Contact updated.' };
    },
  ),
  kit.api(
    'delete_contact',
    'Delete a contact.',
    { contact_id: int('ID of the contact.') },
    (a, call) => {
      removeEntity(call.state.contacts, a.contact_id, 'Contact', 'contact_id');
      return { message: 'Contact deleted.' };
    },
  ),
  kit.api(
    'search_text_messages',
    'Show or search your text messages, newest first.',
    {
      query,
      phone_number: text('Only messages with this number.').optional(),
      only_latest_per_contact: bool('Only the latest message with each number.').optional(),
      ...paging,
      sort_by: text('+/- sent_at; default -sent_at.').optional(),
    },
    (a, call) => {
      let list =
        a.phone_number === undefined
          ? Object.values(call.state.messages)
          : conversation(call, a.phone_number);
      list = a.query?.trim()
        ? searchBy(list, a.query, (m) => m.message)
        : sortBy(list, a.sort_by?.replace('created_at', 'sent_at'), '-sent_at', 'text_message_id');
      if (a.only_latest_per_contact) {
        const me = call.owner.phone_number ?? '';
        const seen = new Set<string>();
        list = list.filter((m) => {
          const other = digits(
            samePhone(m.sender_phone_number, me) ? m.receiver_phone_number : m.sender_phone_number,
          );
          if (seen.has(other)) return false;
          seen.add(other);
          return true;
        });
      }
      return paginate(list, a).map((m) => messageView(call, m));
    },
  ),
  kit.api(
    'show_text_message_window',
    'Show the text messages with a number in a time window; each page runs oldest to newest.',
    {
      phone_number: text('The phone number of the other person.'),
      min_datetime: text('Earliest time, YYYY-MM-DD|HH:MM:SS.').optional(),
      max_datetime: text('Latest time, YYYY-MM-DD|HH:MM:SS.').optional(),
      pagination_order: oneOf(
        ['ascending', 'descending'],
        'descending (default): page 0 holds the newest messages.',
      ).optional(),
      ...paging,
    },
    (a, call) => {
      const inWindow = conversation(call, a.phone_number)
        .filter(
          (m) =>
            (a.min_datetime === undefined || m.sent_at >= stamp(a.min_datetime)) &&
            (a.max_datetime === undefined || m.sent_at <= stamp(a.max_datetime)),
        )
        .sort((x, y) => compareText(x.sent_at, y.sent_at) || x.text_message_id - y.text_message_id);
      const descending = (a.pagination_order ?? 'descending') === 'descending';
      const page = descending
        ? paginate([...inWindow].reverse(), a).reverse()
        : paginate(inWindow, a);
      return page.map((m) => messageView(call, m));
    },
  ),
  kit.api(
    'show_text_message',
    'Show a text message.',
    { text_message_id: int('ID of the text message.') },
    (a, call) =>
      messageView(
        call,
        getEntity(call.state.messages, a.text_message_id, 'Text message', 'text_message_id'),
      ),
  ),
  kit.api(
    'delete_text_message',
    'Delete a text message.',
    { text_message_id: int('ID of the text message.') },
    (a, call) => {
      removeEntity(call.state.messages, a.text_message_id, 'Text message', 'text_message_id');
      return { message: 'Text message deleted.' };
    },
  ),
  kit.api(
    'send_text_message',
    'Send a text message to a phone number.',
    {
      phone_number: text('The number to send to.'),
      message: z.string().min(1).describe('The text.'),
    },
    (a, call) => {
      if (!digits(a.phone_number))
        fail(422, `${JSON.stringify(a.phone_number)} is not a phone number.`);
      const id = call.nextId('message');
      call.state.messages[String(id)] = {
        text_message_id: id,
        sender_phone_number: call.owner.phone_number ?? call.owner.username,
        receiver_phone_number: a.phone_number,
        message: a.message,
        sent_at: call.now,
      };
      return { message: 'Text message sent.', text_message_id: id };
    },
  ),
  kit.api('show_alarms', 'List your alarms, newest first.', { ...paging }, (a, call) =>
    paginate(sortBy(Object.values(call.state.alarms), undefined, '-created_at', 'alarm_id'), a).map(
      (x) => alarmView(call, x),
    ),
  ),
  kit.api(
    'create_alarm',
    'Create a new alarm.',
    { time: TIME.describe('The time of the alarm in HH:MM format.'), ...alarmFields },
    (a, call) => {
      const alarm: Alarm = {
        alarm_id: 0,
        time: a.time,
        repeat_days: a.repeat_days ?? null,
        label: a.label ?? null,
        enabled: a.enabled ?? true,
        snooze_minutes: a.snooze_minutes ?? 15,
        vibration: a.vibration ?? true,
        created_at: call.now,
      };
      refuseTwin(call, alarm);
      alarm.alarm_id = call.nextId('alarm');
      call.state.alarms[String(alarm.alarm_id)] = alarm;
      return { message: 'Alarm created successfully.', alarm_id: alarm.alarm_id };
    },
  ),
  kit.api(
    'show_alarm',
    'Show alarm details.',
    { alarm_id: int('ID of the alarm to show.') },
    (a, call) => alarmView(call, getEntity(call.state.alarms, a.alarm_id, 'Alarm', 'alarm_id')),
  ),
  kit.api(
    'update_alarm',
    "Update an alarm's settings; only the fields given change.",
    {
      alarm_id: int('ID of the alarm to be updated.'),
      time: TIME.describe('The updated time of the alarm in HH:MM format.').optional(),
      ...alarmFields,
    },
    (a, call) => {
      const x = getEntity(call.state.alarms, a.alarm_id, 'Alarm', 'alarm_id');
      const { alarm_id: _id, access_token: _token, ...changes } = a;
      applyChanges(x, changes);
      refuseTwin(call, x);
      return { message: 'Alarm updated successfully.' };
    },
  ),
  kit.api(
    'delete_alarm',
    'Delete an alarm.',
    { alarm_id: int('ID of the alarm to delete.') },
    (a, call) => {
      removeEntity(call.state.alarms, a.alarm_id, 'Alarm', 'alarm_id');
      return { message: 'Alarm deleted successfully.' };
    },
  ),
];

export const phone = defineApp({
  name: 'phone',
  title: 'Phone',
  seedSchema: PhoneSeed,
  collections: ['contacts', 'messages', 'alarms'],
  // The APIs that change nothing the user owns (login included): a proposal's observe turns offer only these.
  readOnly: [
    'login',
    'show_account',
    'show_profile',
    'get_current_date_and_time',
    'search_contacts',
    'show_contact_relationships',
    'search_text_messages',
    'show_text_message_window',
    'show_text_message',
    'show_alarms',
    'show_alarm',
  ],
  tools,
  build,
});
