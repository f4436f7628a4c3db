/** phone on the user's phone: conversations, one conversation, contacts, alarms. */
import { clip, oneLine, type AppScreens } from '../screens/spec.ts';

export const phoneScreens: AppScreens = {
  app: 'phone',
  title: 'Messages & Phone',
  home: 'messages',
  screens: [
    {
      kind: 'list',
      id: 'messages',
      title: 'Messages',
      api: 'search_text_messages',
      args: () => ({ only_latest_per_contact: true, page_limit: 20 }),
      items: (r) => r,
      label: (m) => `${clip(otherParty(m).name, 24)}: ${clip(m.message, 50)}`,
      open: {
        screen: 'conversation',
        params: (m) => ({ phone_number: otherParty(m).phone_number, name: otherParty(m).name }),
      },
      empty: '(no messages)',
      actions: [
        {
          name: 'new_message',
          label: 'send a text',
          api: 'send_text_message',
          fields: ['phone_number', 'message'],
        },
        { name: 'contacts', label: 'contacts', go: 'contacts', params: () => ({}) },
        { name: 'alarms', label: 'alarms', go: 'alarms', params: () => ({}) },
      ],
    },
    {
      kind: 'list',
      id: 'conversation',
      title: (p) => String(p.name ?? p.phone_number),
      api: 'show_text_message_window',
      args: (p) => ({
        phone_number: p.phone_number,
        pagination_order: 'descending',
        page_limit: 20,
      }),
      items: (r) => [...r].reverse(),
      // Each text whole: the conversation is where the user reads what the list cuts short.
      label: (m) => `${m.sender?.name ?? '?'}: ${oneLine(m.message)}`,
      empty: '(no messages yet)',
      actions: [
        {
          name: 'send',
          label: 'send',
          api: 'send_text_message',
          fields: ['message'],
          fixed: (p) => ({ phone_number: p.phone_number }),
        },
      ],
    },
    {
      kind: 'list',
      id: 'contacts',
      title: 'Contacts',
      api: 'search_contacts',
      items: (r) => r,
      label: (c) =>
        `${c.first_name} ${c.last_name} · ${c.phone_number}${c.relationships?.length ? ` (${c.relationships.join(', ')})` : ''}`,
      open: {
        screen: 'conversation',
        params: (c) => ({ phone_number: c.phone_number, name: `${c.first_name} ${c.last_name}` }),
      },
      empty: '(no contacts)',
      actions: [
        {
          name: 'add_contact',
          label: 'add a contact',
          api: 'add_contact',
          fields: ['first_name', 'last_name', 'phone_number'],
        },
      ],
    },
    {
      kind: 'list',
      id: 'alarms',
      title: 'Alarms',
      api: 'show_alarms',
      items: (r) => r,
      label: (a) =>
        `${a.time} ${a.label ?? ''} ${a.enabled ? 'on' : 'off'}${a.repeat_days?.length ? ` · ${a.repeat_days.join(', ')}` : ''}`,
      empty: '(no alarms)',
      actions: [
        {
          name: 'new_alarm',
          label: 'set an alarm',
          api: 'create_alarm',
          fields: ['time', 'label?'],
        },
      ],
    },
  ],
};

/** The person a message is with, from the owner's side. */
function otherParty(m: { sender?: Party; receiver?: Party }): Party {
  // The owner is never a contact; a sender who is not one either is a stranger writing in.
  if (m.sender && m.sender.contact_id !== null) return m.sender;
  if (m.receiver && m.receiver.contact_id !== null) return m.receiver;
  return m.sender ?? { contact_id: null, name: '?', phone_number: '' };
}

interface Party {
  contact_id: number | null;
  name: string;
  phone_number: string;
}
