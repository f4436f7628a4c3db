/**
 * The user's side of every app (src/apps/<app>/screens.ts) on a seeded phone: every screen is
 * reachable from the app's home, shows its content without an error, and every form submits
 * with the values a person would type (on a fresh phone each, since forms change things).
 */
import { describe, expect, it } from 'vitest';
import { AppStateHost } from '../../src/apps/index.ts';
import {
  APP_SCREENS,
  PhoneDevice,
  screenText,
  type PhoneAct,
} from '../../src/apps/screens/index.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import type { ToolContext, ToolDef } from '../../src/tools/registry.ts';

const ME = 'sam@example.com';
const SEEDS: Record<string, unknown> = {
  gmail: {
    account: { email: ME, password: 'pw', first_name: 'Sam', last_name: 'Lee' },
    users: [{ email: 'kim@corp.com', first_name: 'Kim', last_name: 'Ho' }],
    threads: [
      {
        subject: 'Venue check',
        emails: [{ from: 'kim@corp.com', body: 'Is the projector booked?' }],
      },
    ],
  },
  phone: {
    account: { phone_number: '100', password: 'pw', first_name: 'Sam', last_name: 'Lee' },
    contacts: [{ first_name: 'Mei', last_name: 'Chen', phone_number: '200' }],
    messages: [{ from: '200', message: 'Can you take Chestnut?', sent_at: '2026-04-27T08:00:00' }],
    alarms: [{ time: '06:30', label: 'Wake up' }],
  },
  todoist: {
    account: { email: ME, password: 'pw' },
    projects: [{ name: 'Home', tasks: [{ title: 'Fix tap' }] }],
  },
  simple_note: {
    account: { email: ME, password: 'pw' },
    notes: [{ title: 'Groceries', content: 'eggs' }],
  },
  amazon: {
    account: { email: ME, password: 'pw', first_name: 'Sam', last_name: 'Lee' },
    products: [{ name: 'Wool Socks', product_type: 'socks', price: 22, rating: 4.8 }],
    addresses: [
      {
        name: 'Home',
        street_address: '1 Main St',
        city: 'Seattle',
        state: 'WA',
        country: 'USA',
        zip_code: 98101,
      },
    ],
    payment_cards: [
      { card_name: 'Visa', card_number: '4111111111111111', expiry_year: 2030, expiry_month: 5 },
    ],
    orders: [{ items: [{ product_id: 1, quantity: 1 }], created_at: '2025-12-01T10:00:00' }],
    cart: [{ product_id: 1, quantity: 1 }],
  },
  splitwise: {
    account: { email: ME, password: 'pw', first_name: 'Sam', last_name: 'Lee' },
    users: [{ email: 'wei@lab.org', first_name: 'Wei', last_name: 'Zhang' }],
    groups: [{ name: 'Lab Lunch', members: ['wei@lab.org'] }],
    expenses: [
      { group_id: 1, description: 'Pizza', paid_amount: 30, debtor_emails: [ME, 'wei@lab.org'] },
    ],
  },
  spotify: {
    account: { email: ME, password: 'pw' },
    artists: [{ name: 'Nova Lights', genre: 'pop' }],
    songs: [
      {
        title: 'Morning Run',
        artist_ids: [1],
        genre: 'pop',
        release_date: '2024-03-01',
        album_title: 'Daybreak',
      },
    ],
    playlists: [{ title: 'Focus', song_ids: [1] }, { title: 'Later' }],
    liked_song_ids: [],
    song_queue: [1],
  },
  file_system: {
    account: { email: ME, password: 'pw' },
    files: [{ path: '~/docs/readme.txt', content: 'hello' }],
  },
  calendar: {
    now: '2026-05-04T09:00:00',
    account: { email: ME, password: 'pw', first_name: 'Sam', last_name: 'Lee' },
    users: [{ email: 'kim@corp.com', first_name: 'Kim', last_name: 'Ho' }],
    events: [
      {
        title: 'Standup',
        start: '2026-05-04T10:00:00',
        end: '2026-05-04T10:15:00',
        attendees: [{ email: 'kim@corp.com' }],
      },
      {
        title: 'Review',
        start: '2026-05-05T14:00:00',
        end: '2026-05-05T15:00:00',
        organizer: 'kim@corp.com',
        attendees: [{ email: ME }],
      },
    ],
  },
};

/** What a person would type into a field of one form, where it differs from TYPED. */
const TYPED_IN: Record<string, Record<string, string>> = {
  add_contact: { phone_number: '300' },
  add_to_playlist: { playlist_id: '2' },
};

/** What a person would type into each field. */
const TYPED: Record<string, string> = {
  email_addresses: 'kim@corp.com',
  subject: 'Hello',
  body: 'See you at ten.',
  query: 'o',
  title: 'Something new',
  content: 'a line',
  tags: 'home, weekly',
  added_content: 'one more line',
  due_date: '2026-05-01',
  description: 'written on the phone',
  name: 'Trip',
  phone_number: '200',
  message: 'On my way.',
  first_name: 'Bo',
  last_name: 'Li',
  time: '07:15',
  label: 'Gym',
  quantity: '2',
  payment_card_id: '1',
  address_id: '1',
  product_id: '1',
  member_emails: 'wei@lab.org',
  paid_amount: '40',
  payer_email: ME,
  debtor_emails: `${ME}, wei@lab.org`,
  debt_amounts: '20, 20',
  playlist_id: '1',
  file_path: '~/docs/new.txt',
  start: '2026-05-06T10:00:00',
  end: '2026-05-06T11:00:00',
  location: 'Room 4',
  attendee_emails: 'kim@corp.com',
  response: 'accepted',
};

const registry = createToolRegistry();
const tools = new Map<string, ToolDef>(
  registry.forGroups(registry.groups()).map((t) => [t.name, t]),
);

function phone(): PhoneDevice {
  const apps = new AppStateHost();
  apps.seed(SEEDS);
  return new PhoneDevice(tools, { apps } as unknown as ToolContext, APP_SCREENS);
}

/** Every screen of `app` reachable from its home, with the acts that reach it. */
async function reachable(app: string): Promise<Map<string, PhoneAct[]>> {
  const found = new Map<string, PhoneAct[]>();
  const seen = new Set<string>();
  const queue: PhoneAct[][] = [[{ app, action: 'open_app' }]];
  while (queue.length) {
    const path = queue.shift()!;
    const device = phone();
    let view;
    for (const act of path) view = (await device.act(act)).view;
    // A screen id can show different places (a folder inside a folder): each place once.
    if (!view) continue;
    const place = `${view.screen}|${view.title}`;
    if (seen.has(place) || seen.size > 40) continue;
    seen.add(place);
    if (!found.has(view.screen)) found.set(view.screen, path);
    for (const a of view.actions) {
      if (a.name === 'open')
        for (let i = 1; i <= Math.min(view.lines.length, 3); i++)
          queue.push([...path, { app, action: 'open', args: { item: i } }]);
      else if (
        !a.fields.length &&
        !['back', 'home'].includes(a.name) &&
        APP_SCREENS.find((s) => s.app === app)!.screens.some((s) =>
          s.actions?.some((x) => x.name === a.name && x.go),
        )
      )
        queue.push([...path, { app, action: a.name }]);
      else if (a.fields.some((f) => f.name === 'query'))
        // A search is a form: opened, its query filled, then submitted.
        queue.push([
          ...path,
          { app, action: a.name },
          { app, action: 'fill', args: { field: 'query', value: 'o' } },
          { app, action: 'submit' },
        ]);
    }
  }
  return found;
}

describe("the apps' screens on the user's phone", () => {
  it('covers every app, and every screen and action names a real API with real parameters', () => {
    expect(APP_SCREENS.map((a) => a.app).sort()).toEqual([
      'amazon',
      'calendar',
      'file_system',
      'gmail',
      'phone',
      'simple_note',
      'splitwise',
      'spotify',
      'todoist',
    ]);
    for (const app of APP_SCREENS) {
      const ids = new Set(app.screens.map((s) => s.id));
      expect(ids.has(app.home), `${app.app} home`).toBe(true);
      for (const s of app.screens) {
        expect(tools.has(`${app.app}__${s.api}`), `${app.app}/${s.id} shows ${s.api}`).toBe(true);
        if (s.kind === 'list' && typeof s.open?.screen === 'string')
          expect(ids.has(s.open.screen), `${app.app}/${s.id} opens ${s.open.screen}`).toBe(true);
        for (const a of s.actions ?? []) {
          if (a.go)
            expect(ids.has(a.go), `${app.app}/${s.id}.${a.name} goes to ${a.go}`).toBe(true);
          if (typeof a.then === 'object') expect(ids.has(a.then.screen)).toBe(true);
          if (!a.api) continue;
          const tool = tools.get(`${app.app}__${a.api}`);
          expect(tool, `${app.app}/${s.id}.${a.name} calls ${a.api}`).toBeDefined();
          const shape = (tool!.parameters as unknown as { shape: Record<string, unknown> }).shape;
          for (const f of a.fields ?? [])
            expect(Object.keys(shape), `${app.app}/${s.id}.${a.name} field ${f}`).toContain(
              f.replace(/\?$/, ''),
            );
        }
      }
    }
  });

  it('reaches every screen of every app from its home, each showing its content', async () => {
    for (const app of APP_SCREENS) {
      const found = await reachable(app.app);
      expect([...found.keys()].sort(), app.app).toEqual(app.screens.map((s) => s.id).sort());
      for (const [screen, path] of found) {
        const device = phone();
        let view;
        for (const act of path) view = (await device.act(act)).view;
        expect(view!.lines.join('\n'), `${app.app}/${screen}`).not.toMatch(
          /^\(.*(error|invalid|status code)/im,
        );
      }
    }
  });

  it('submits every form with what a person types, each on a fresh phone', async () => {
    for (const app of APP_SCREENS) {
      for (const [screen, path] of await reachable(app.app)) {
        const spec = app.screens.find((s) => s.id === screen)!;
        for (const action of spec.actions ?? []) {
          if (!action.api) continue;
          const device = phone();
          for (const act of path) await device.act(act);
          const fields = (action.fields ?? []).map((f) => f.replace(/\?$/, ''));
          // A form opens as a screen of its own, is filled one field per move, then submitted.
          let out = await device.act({ app: app.app, action: action.name });
          for (const f of fields) {
            if (!out.ok) break;
            out = await device.act({
              app: app.app,
              action: 'fill',
              args: { field: f, value: TYPED_IN[action.name]?.[f] ?? TYPED[f] ?? 'x' },
            });
          }
          if (fields.length && out.ok) out = await device.act({ app: app.app, action: 'submit' });
          expect(out.ok, `${app.app}/${screen}.${action.name}: ${out.text}`).toBe(true);
        }
      }
    }
  });

  it('says what is wrong with a move, and changes nothing', async () => {
    const device = phone();
    await device.act({ app: 'todoist', action: 'open', args: { item: 'Home' } });
    expect(
      (await device.act({ app: 'todoist', action: 'add_task', args: { title: 'Towels' } })).text,
    ).toBe('add a task: open the form first, then fill each field and submit (`fill`, `submit`)');
    expect((await device.act({ app: 'todoist', action: 'reply' })).text).toBe(
      'this screen (project) offers no `reply` (it offers: open, add_task, back, home)',
    );
    expect((await device.act({ app: 'todoist', action: 'add_task' })).text).toBe(
      'opened the form: add a task',
    );
    expect(
      (
        await device.act({
          app: 'todoist',
          action: 'fill',
          args: { field: 'titel', value: 'Towels' },
        })
      ).text,
    ).toBe('add a task: the form has no field `titel` (fields: title, due_date, description)');
    expect((await device.act({ app: 'todoist', action: 'submit' })).text).toBe(
      'add a task: fill in title',
    );
    expect((await device.act({ app: 'todoist', action: 'open', args: { item: 1 } })).text).toBe(
      'the form offers fill, submit, back and home (not `open`)',
    );
    await device.act({ app: 'todoist', action: 'back' });
    expect((await device.act({ app: 'todoist', action: 'open', args: { item: 9 } })).text).toBe(
      'there is no item 9 on this screen (1 shown)',
    );
    expect((await device.act({ app: 'uber', action: 'open_app' })).ok).toBe(false);
    await device.act({ app: 'todoist', action: 'add_task' });
    await device.act({ app: 'todoist', action: 'fill', args: { field: 'title', value: 'Towels' } });
    await device.act({
      app: 'todoist',
      action: 'fill',
      args: { field: 'due_date', value: '2026-05-02' },
    });
    const view = (await device.act({ app: 'todoist', action: 'submit' })).view;
    expect(screenText(view)).toEqual([
      '[todoist · Home]',
      '1. ☐ Fix tap',
      '2. ☐ Towels · due 2026-05-02',
      'actions: open(item) · add_task(title, due_date?, description?) · back · home',
    ]);
  });

  it('keeps each app where the user left it, and has a home screen listing the apps with an account', async () => {
    const device = phone();
    expect((await device.view()).lines).toContain('1. Gmail (gmail)');
    await device.act({ app: 'gmail', action: 'open', args: { item: 'Venue' } });
    await device.act({ app: 'phone', action: 'contacts' });
    const back = await device.act({ app: 'gmail', action: 'open_app' });
    expect(back.view.title).toBe('Venue check');
    expect(back.view.lines.join('\n')).toContain('Is the projector booked?');
    expect((await device.act({ action: 'home' })).view.actions.map((a) => a.name)).toEqual([
      'open_app',
    ]);
  });
});

describe('a text conversation', () => {
  it('shows a long text whole, though the list of conversations cuts it short', async () => {
    const long =
      'Dinner at Hai Di Lao was 640, I paid. Split 4 ways between the account team pls, thanks!';
    const apps = new AppStateHost();
    const seed = SEEDS.phone as { messages: unknown[] };
    apps.seed({
      phone: {
        ...seed,
        messages: [{ from: '200', message: long, sent_at: '2026-04-27T09:00:00' }],
      },
    });
    const device = new PhoneDevice(tools, { apps } as unknown as ToolContext, APP_SCREENS);
    const list = await device.act({ app: 'phone', action: 'open_app' });
    expect(list.view.lines.join('\n')).toContain('Split 4 way…');
    const opened = await device.act({ app: 'phone', action: 'open', args: { item: 1 } });
    expect(opened.view.lines).toContain(`1. Mei Chen: ${long}`);
  });
});

describe('docs/apps/screens.md', () => {
  it('lists every screen and action of every app', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync('docs/apps/screens.md', 'utf8');
    for (const app of APP_SCREENS)
      for (const s of app.screens) {
        expect(doc, `${app.app}/${s.id}`).toContain(`| \`${s.id}\` | ${s.kind} from \`${s.api}\``);
        for (const a of s.actions ?? [])
          expect(doc, `${app.app}/${s.id}.${a.name}`).toContain(
            `\`${a.name}${a.fields?.length ? `(${a.fields.join(', ')})` : ''}\``,
          );
      }
  });
});
