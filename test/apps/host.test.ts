/** The app host, seed validation and registration shared by every app. */
import { describe, expect, it } from 'vitest';
import {
  AppStateHost,
  APPS,
  appStateRuleProblem,
  registerApps,
  validateAppSeeds,
} from '../../src/apps/index.ts';
import { UserError } from '../../src/contracts/diagnostics.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import { ToolRegistry } from '../../src/tools/registry.ts';
import { withFailures } from '../../src/proposals/tools.ts';
import { appHarness } from './harness.ts';

const NAMES = [
  'gmail',
  'simple_note',
  'todoist',
  'phone',
  'amazon',
  'splitwise',
  'spotify',
  'file_system',
  'calendar',
];

describe('app registration', () => {
  it('registers each app as a tool group of <app>__<api> tools with valid JSON Schemas', () => {
    const registry = createToolRegistry();
    for (const app of NAMES) {
      const tools = registry.forGroups([app]);
      expect(tools.length, app).toBeGreaterThan(5);
      for (const t of tools) {
        expect(t.name.startsWith(`${app}__`)).toBe(true);
        const spec = ToolRegistry.spec(t);
        expect(spec.parameters.type).toBe('object');
      }
      expect(tools.map((t) => t.name)).toContain(`${app}__login`);
    }
    expect(APPS.map((a) => a.name)).toEqual(NAMES);
  });

  it("converts a tool's parameters to JSON Schema once, for every session that wraps the tool", () => {
    // A proposal scenario's session wraps each app tool so that it may fail (its noise): a new
    // definition per session, with the same parameters and the same schema offered.
    const tool = createToolRegistry().resolve('todoist__create_task')!;
    const first = ToolRegistry.spec(withFailures(tool, () => false));
    const second = ToolRegistry.spec(withFailures(tool, () => false));
    expect(second).not.toBe(first);
    expect(second.parameters).toBe(first.parameters);
    expect(second.parameters).toEqual(ToolRegistry.spec(tool).parameters);
    expect(Object.keys(second.parameters.properties as object)).toContain('title');
  });

  it('resolves the mcp_appworld_ spelling to the same tool, and nothing else', () => {
    const registry = new ToolRegistry();
    registerApps(registry);
    expect(registry.resolve('mcp_appworld_todoist__create_task')).toBe(
      registry.resolve('todoist__create_task'),
    );
    expect(registry.resolve('mcp_appworld_todoist__nope')).toBeUndefined();
    expect(registry.resolve('mcp_other_todoist__create_task')).toBeUndefined();
  });

  it('asks for an access token on private APIs only', () => {
    const registry = createToolRegistry();
    const needsToken = (name: string) =>
      'access_token' in
      ((ToolRegistry.spec(registry.resolve(name)!).parameters.properties as object) ?? {});
    expect(needsToken('gmail__send_email')).toBe(true);
    expect(needsToken('gmail__login')).toBe(false);
    expect(needsToken('amazon__search_products')).toBe(false);
    expect(needsToken('phone__get_current_date_and_time')).toBe(false);
  });
});

describe.each(NAMES)('%s account APIs', (app) => {
  const phone = app === 'phone';
  const account = phone
    ? { phone_number: '5550001111', password: 'pw', first_name: 'Ada' }
    : { email: 'ada@x.com', password: 'pw', first_name: 'Ada' };
  const username = phone ? '5550001111' : 'ada@x.com';

  it('logs in, shows the account and profile, and logs out', async () => {
    const h = appHarness({ [app]: { account } });
    expect(await h.fails(`${app}__login`, { username, password: 'PW' })).toMatch(
      /^Response status code is 401:\n\{"message":"Invalid credentials/,
    );
    const token = await h.login(app, username, 'pw');
    expect(await h.ok(`${app}__show_account`, { access_token: token })).toMatchObject({
      first_name: 'Ada',
      last_logged_in: '2026-01-05T09:00:00',
    });
    expect(await h.ok(`${app}__show_profile`, {})).toMatchObject({ first_name: 'Ada' });
    await h.ok(`${app}__logout`, { access_token: token });
    expect(await h.fails(`${app}__show_account`, { access_token: token })).toMatch(/401/);
  });
});

describe('AppStateHost seeds', () => {
  const account = { email: 'a@x.com', password: 'one' };

  it('starts apps from their seed, built into state', () => {
    const host = new AppStateHost();
    host.seed({ simple_note: { account, notes: [{ title: 'T' }] } });
    expect(host.snapshot()).toMatchObject({
      simple_note: {
        credentials: [{ username: 'a@x.com', password: 'one' }],
        notes: { '1': { note_id: 1, title: 'T', content: '' } },
      },
    });
  });

  it("merges a later session's seed: new credentials and ids added, existing state kept", async () => {
    const h = appHarness({ simple_note: { account, notes: [{ id: 1, title: 'Original' }] } });
    const token = await h.login('simple_note', 'a@x.com', 'one');
    await h.ok('simple_note__update_note', {
      access_token: token,
      note_id: 1,
      content: 'edited by the agent',
    });
    h.apps.seed({
      simple_note: {
        account: { email: 'a@x.com', password: 'two' },
        notes: [
          { id: 1, title: 'Original' },
          { id: 5, title: 'New' },
        ],
      },
    });
    const state = h.apps.snapshot().simple_note as {
      notes: Record<string, { content: string }>;
      now: string;
    };
    expect(state.notes['1']?.content).toBe('edited by the agent');
    expect(Object.keys(state.notes)).toEqual(['1', '5']);
    expect(state.now).toBe('2026-01-05T09:00:00');
    await h.login('simple_note', 'a@x.com', 'two');
    await h.login('simple_note', 'a@x.com', 'one');
    expect(
      (await h.ok('simple_note__create_note', { access_token: token, title: 'x', content: '' }))
        .note_id,
    ).toBe(6);
    h.apps.seed({ simple_note: { now: '2026-02-01T10:00' } });
    expect((h.apps.snapshot().simple_note as { now: string }).now).toBe('2026-02-01T10:00:00');
  });

  it('adds records that arrive during a session under new ids: none is lost to an id the seed or the agent used', async () => {
    const me = { email: 'me@x.example', password: 'pw' };
    const h = appHarness({
      gmail: {
        account: me,
        threads: [{ subject: 'Old one', emails: [{ from: 'a@x.example', body: 'hi' }] }],
      },
    });
    const token = await h.login('gmail', me.email, me.password);
    await h.ok('gmail__send_email', {
      access_token: token,
      email_addresses: ['b@x.example'],
      subject: 'Sent by the agent',
      body: 'x',
    });
    // The update's thread carries no id, as a scenario author writes it: it would be thread 1 on its own.
    h.apps.arrive({
      gmail: {
        threads: [
          {
            subject: 'L2 is yours?',
            emails: [{ from: 'seller@x.example', body: 'Still want it?' }],
          },
        ],
      },
    });
    const state = h.apps.snapshot().gmail as {
      threads: Record<string, { subject: string; email_thread_id: number }>;
      emails: Record<string, { email_thread_id: number; body: string }>;
    };
    const subjects = Object.values(state.threads).map((t) => t.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(['Old one', 'Sent by the agent', 'L2 is yours?']),
    );
    expect(subjects).toHaveLength(3);
    // The arrived email belongs to the arrived thread, and the agent reads it through the API.
    const arrived = Object.values(state.threads).find((t) => t.subject === 'L2 is yours?')!;
    expect(
      Object.values(state.emails).find((e) => e.body === 'Still want it?')?.email_thread_id,
    ).toBe(arrived.email_thread_id);
    const inbox = await h.ok('gmail__show_inbox_threads', { access_token: token });
    expect(JSON.stringify(inbox)).toContain('L2 is yours?');
    // A later session's seed still repeats what is there (same ids) without adding it twice.
    h.apps.seed({
      gmail: {
        account: me,
        threads: [{ subject: 'Old one', emails: [{ from: 'a@x.example', body: 'hi' }] }],
      },
    });
    expect(Object.keys((h.apps.snapshot().gmail as { threads: object }).threads)).toHaveLength(3);
  });

  it('keeps seeds of apps it does not know as given, and rejects invalid seeds with a UserError', () => {
    const host = new AppStateHost();
    host.seed({ venmo: { payments: [1] } });
    expect(host.snapshot()).toEqual({ venmo: { payments: [1] } });
    expect(() => host.seed({ gmail: { acount: {} } })).toThrow(UserError);
  });
});

describe('validateAppSeeds', () => {
  it('accepts good seeds and an empty seed', () => {
    expect(
      validateAppSeeds({
        gmail: null,
        phone: {},
        simple_note: { account: { email: 'a@b.com', password: 'p' } },
      }),
    ).toEqual([]);
  });

  it('locates unknown apps, unknown keys, bad values and duplicate ids', () => {
    const issues = validateAppSeeds({
      venmo: {},
      gmail: {
        acount: { email: 'a@b.com' },
        threads: [
          { id: 2, subject: 's', emails: [{ body: 'b' }] },
          { id: 2, subject: 't', emails: [{ body: 'c', from: 'not-mail' }] },
        ],
      },
      phone: { alarms: [{ time: '7am' }] },
      simple_note: { now: 'tomorrow' },
    });
    expect(issues).toEqual([
      {
        path: ['venmo'],
        message: expect.stringMatching(
          /^unknown app `venmo` \(known: gmail, simple_note, todoist, phone, amazon, splitwise, spotify, file_system, calendar\)$/,
        ),
      },
      { path: ['gmail', 'threads', 1, 'emails', 0, 'from'], message: 'Invalid email address' },
      { path: ['gmail', 'threads', 1, 'id'], message: 'duplicate thread id 2' },
      { path: ['gmail', 'acount'], message: 'unknown key `acount`' },
      { path: ['phone', 'alarms', 0, 'time'], message: 'expected a time like 07:30' },
      {
        path: ['simple_note', 'now'],
        message: 'expected a date and time like 2026-04-27T09:00:00',
      },
    ]);
  });

  it('requires a password with an account', () => {
    expect(validateAppSeeds({ todoist: { account: { email: 'a@b.com' } } })).toEqual([
      { path: ['todoist', 'account', 'password'], message: expect.any(String) },
    ]);
  });
});

describe('appStateRuleProblem', () => {
  it('accepts paths into an app state and flags unknown apps and keys', () => {
    expect(appStateRuleProblem('gmail', 'emails.*.subject')).toBeUndefined();
    expect(appStateRuleProblem('amazon', 'cart.3.quantity')).toBeUndefined();
    expect(appStateRuleProblem('email', 'emails')).toMatch(/^unknown app `email`/);
    expect(appStateRuleProblem('simple_note', 'note.*.title')).toBe(
      'simple_note state has no `note` (its keys: now, account, credentials, access_tokens, next_id, notes; see docs/apps/simple_note.md)',
    );
  });
});
