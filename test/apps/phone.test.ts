import { describe, expect, it } from 'vitest';
import { appHarness, loggedIn } from './harness.ts';

const SEED = {
  phone: {
    now: '2026-04-27T21:05:00',
    account: {
      phone_number: '5707454150',
      password: 'A!HFDCn',
      first_name: 'Sam',
      last_name: 'McCo',
    },
    contacts: [
      {
        first_name: 'Mei',
        last_name: 'Chen',
        phone_number: '2873148336',
        relationships: ['friend'],
      },
      {
        first_name: 'Bo',
        last_name: 'Li',
        phone_number: '1112223333',
        email: 'bo@li.com',
        relationships: ['coworker'],
      },
    ],
    messages: [
      { from: '2873148336', message: 'Can you take Chestnut?', sent_at: '2026-04-27T08:00:00' },
      { to: '2873148336', message: 'Sure', sent_at: '2026-04-27T08:05:00' },
      { from: '1112223333', message: 'Lunch?', sent_at: '2026-04-27T09:00:00' },
    ],
    alarms: [{ time: '06:30', label: 'Wake up', repeat_days: ['monday'] }],
  },
};

const login = () => loggedIn(SEED, 'phone', '5707454150', 'A!HFDCn');

describe('phone', () => {
  it('logs in with the phone number and password the scenario declares', async () => {
    const h = appHarness(SEED);
    expect(
      await h.fails('phone__login', { username: 'stmcco@gmail.com', password: 'A!HFDCn' }),
    ).toMatch(/Invalid credentials/);
    const token = await h.login('phone', '5707454150', 'A!HFDCn');
    expect(await h.ok('phone__show_account', { access_token: token })).toMatchObject({
      first_name: 'Sam',
      phone_number: '5707454150',
    });
  });

  it('tells the time from the scenario clock, without login', async () => {
    expect(await appHarness(SEED).ok('mcp_appworld_phone__get_current_date_and_time')).toEqual({
      date: 'Monday, April 27, 2026',
      time: '09:05 PM',
    });
    // strftime's %d and %I: the day and the hour keep their leading zero.
    const early = appHarness({ phone: { ...SEED.phone, now: '2026-04-07T00:15:00' } });
    expect(await early.ok('phone__get_current_date_and_time')).toEqual({
      date: 'Tuesday, April 07, 2026',
      time: '12:15 AM',
    });
  });

  it('searches, adds and updates contacts', async () => {
    const { h, token } = await login();
    expect(
      (await h.ok('phone__search_contacts', { access_token: token, query: 'mei' }))[0],
    ).toMatchObject({
      contact_id: 1,
      phone_number: '2873148336',
    });
    // AppWorld lowercases and singularizes the relationship asked for.
    expect(
      await h.ok('phone__search_contacts', { access_token: token, relationship: 'Coworkers' }),
    ).toMatchObject([{ first_name: 'Bo' }]);
    expect(await h.ok('phone__show_contact_relationships', { access_token: token })).toEqual([
      'coworker',
      'friend',
    ]);
    const { contact_id } = await h.ok('phone__add_contact', {
      access_token: token,
      first_name: 'Ana',
      last_name: 'Vet',
      phone_number: '9998887777',
      relationships: ['vet'],
    });
    await h.ok('phone__update_contact', {
      access_token: token,
      contact_id,
      work_address: 'Riverside Vet Clinic',
    });
    expect(
      (await h.ok('phone__search_contacts', { access_token: token, query: 'ana' }))[0],
    ).toMatchObject({
      work_address: 'Riverside Vet Clinic',
      relationships: ['vet'],
    });
    // Newest contact first, as AppWorld lists them.
    expect(
      (await h.ok('phone__search_contacts', { access_token: token })).map(
        (c: { first_name: string }) => c.first_name,
      ),
    ).toEqual(['Ana', 'Bo', 'Mei']);
    expect(
      await h.fails('phone__add_contact', {
        access_token: token,
        first_name: 'X',
        last_name: 'Y',
        phone_number: '2873148336',
      }),
    ).toMatch(/409/);
    expect(
      await h.fails('phone__add_contact', {
        access_token: token,
        first_name: 'X',
        last_name: 'Y',
        phone_number: '5550001111',
        birthday: 'May 1st',
      }),
    ).toMatch(/422[\s\S]*birthday: expected a date in YYYY-MM-DD format/);
    expect(
      await h.fails('phone__update_contact', {
        access_token: token,
        contact_id: 99,
        first_name: 'Z',
      }),
    ).toMatch(/404/);
    await h.ok('phone__delete_contact', { access_token: token, contact_id });
  });

  it('sends a text and shows it in the conversation window and in search', async () => {
    const { h, token } = await login();
    const { text_message_id } = await h.ok('phone__send_text_message', {
      access_token: token,
      phone_number: '2873148336',
      message: 'Handover 07:40 at the west gate',
    });
    const window = await h.ok('phone__show_text_message_window', {
      access_token: token,
      phone_number: '2873148336',
    });
    expect(window.map((m: { message: string }) => m.message)).toEqual([
      'Can you take Chestnut?',
      'Sure',
      'Handover 07:40 at the west gate',
    ]);
    expect(window[0]).toMatchObject({
      sender: { contact_id: 1, name: 'Mei Chen' },
      receiver: { name: 'Sam McCo', phone_number: '5707454150' },
    });
    const newest = await h.ok('phone__show_text_message_window', {
      access_token: token,
      phone_number: '2873148336',
      page_limit: 2,
    });
    expect(newest.map((m: { text_message_id: number }) => m.text_message_id)).toEqual([
      2,
      text_message_id,
    ]);
    const early = await h.ok('phone__show_text_message_window', {
      access_token: token,
      phone_number: '2873148336',
      max_datetime: '2026-04-27|08:01:00',
    });
    expect(early).toHaveLength(1);
    expect(
      await h.ok('phone__search_text_messages', {
        access_token: token,
        phone_number: '2873148336',
      }),
    ).toHaveLength(3);
    expect(
      await h.ok('phone__search_text_messages', { access_token: token, query: 'lunch' }),
    ).toHaveLength(1);
    expect(
      await h.ok('phone__search_text_messages', {
        access_token: token,
        only_latest_per_contact: true,
      }),
    ).toHaveLength(2);
    expect(
      (await h.ok('phone__show_text_message', { access_token: token, text_message_id })).message,
    ).toMatch(/west gate/);
    expect(
      await h.fails('phone__send_text_message', {
        access_token: token,
        phone_number: '2873148336',
        message: '',
      }),
    ).toMatch(/message/);
    expect(
      await h.fails('phone__show_text_message', { access_token: token, text_message_id: 99 }),
    ).toMatch(/404/);
    await h.ok('phone__delete_text_message', { access_token: token, text_message_id });
    expect(
      await h.fails('phone__delete_text_message', { access_token: token, text_message_id }),
    ).toMatch(/404/);
  });

  it('creates, shows and updates alarms', async () => {
    const { h, token } = await login();
    const created = await h.ok('phone__create_alarm', {
      access_token: token,
      time: '07:10',
      label: 'Vet',
    });
    expect(created).toEqual({ message: 'Alarm created successfully.', alarm_id: 2 });
    const { alarm_id } = created;
    // AppWorld's defaults: enabled, 15 snooze minutes, vibration on, no repeat days (null).
    expect(await h.ok('phone__show_alarm', { access_token: token, alarm_id })).toEqual({
      alarm_id,
      time: '07:10',
      repeat_days: null,
      label: 'Vet',
      enabled: true,
      snooze_minutes: 15,
      vibration: true,
      created_at: '2026-04-27T21:05:00',
      user: { name: 'Sam McCo', phone_number: '5707454150' },
    });
    expect(
      await h.ok('phone__update_alarm', {
        access_token: token,
        alarm_id,
        enabled: false,
        time: '07:00',
        repeat_days: ['Saturday'],
      }),
    ).toEqual({ message: 'Alarm updated successfully.' });
    expect(await h.ok('phone__show_alarm', { access_token: token, alarm_id })).toMatchObject({
      time: '07:00',
      enabled: false,
      label: 'Vet',
      snooze_minutes: 15,
      repeat_days: ['saturday'],
    });
    // Newest first; the seeded alarm was made at the same moment, so the higher id leads.
    expect(
      (await h.ok('phone__show_alarms', { access_token: token })).map(
        (a: { alarm_id: number }) => a.alarm_id,
      ),
    ).toEqual([2, 1]);
    expect(
      await h.ok('phone__show_alarms', { access_token: token, page_limit: 1, page_index: 1 }),
    ).toMatchObject([{ alarm_id: 1, label: 'Wake up' }]);
    // One alarm per time, repeat days and label, as AppWorld's uniqueness rule has it.
    expect(
      await h.fails('phone__create_alarm', {
        access_token: token,
        time: '06:30',
        label: 'Wake up',
        repeat_days: ['monday'],
      }),
    ).toMatch(/422[\s\S]*already exists/);
    expect(
      await h.fails('phone__update_alarm', {
        access_token: token,
        alarm_id,
        time: '06:30',
        label: 'Wake up',
        repeat_days: ['monday'],
      }),
    ).toMatch(/422/);
    expect(await h.fails('phone__create_alarm', { access_token: token, time: '7pm' })).toMatch(
      /time/,
    );
    expect(await h.fails('phone__show_alarm', { access_token: token, alarm_id: 99 })).toMatch(
      /404/,
    );
    expect(await h.ok('phone__delete_alarm', { access_token: token, alarm_id })).toEqual({
      message: 'Alarm deleted successfully.',
    });
    expect(await h.ok('phone__show_alarms', { access_token: token })).toHaveLength(1);
  });

  it('makes sent texts visible to app_state rules', async () => {
    const { h, token } = await login();
    const rule = { app: 'phone', path: 'messages.*.message', pattern: 'vaccination booklet' };
    expect(h.holds(rule)).toBe(false);
    await h.ok('phone__send_text_message', {
      access_token: token,
      phone_number: '2873148336',
      message: 'Bring the vaccination booklet',
    });
    expect(h.holds(rule)).toBe(true);
    expect(
      h.holds({ app: 'phone', path: 'messages.4.receiver_phone_number', equals: '2873148336' }),
    ).toBe(true);
  });
});
