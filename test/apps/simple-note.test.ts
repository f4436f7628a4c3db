import { describe, expect, it } from 'vitest';
import { appHarness, loggedIn } from './harness.ts';

const TITLE = 'Weekend Camping Departure Memo - Qingyuan Reservoir';
const SEED = {
  simple_note: {
    account: {
      email: 'stmcco@gmail.com',
      password: 'i#vhWEQ',
      first_name: 'Sam',
      last_name: 'McCo',
    },
    notes: [
      { id: 7, title: TITLE, content: 'stale draft', tags: ['trip'] },
      { title: 'Groceries', content: 'eggs\nmilk', pinned: true },
      { title: 'Reading list', content: 'Dune', tags: ['books'] },
    ],
  },
};

const login = () => loggedIn(SEED, 'simple_note', 'stmcco@gmail.com', 'i#vhWEQ');

describe('simple_note', () => {
  it('logs in with the declared credentials only', async () => {
    const h = appHarness(SEED);
    expect(
      await h.fails('simple_note__login', { username: 'stmcco@gmail.com', password: 'n3v=I[w' }),
    ).toMatch(/Invalid credentials/);
    const token = await h.login('simple_note', 'stmcco@gmail.com', 'i#vhWEQ');
    expect(await h.ok('simple_note__show_account', { access_token: token })).toMatchObject({
      first_name: 'Sam',
      email: 'stmcco@gmail.com',
      last_logged_in: '2026-01-05T09:00:00',
    });
    expect(await h.ok('simple_note__show_profile', {})).toMatchObject({
      first_name: 'Sam',
      last_name: 'McCo',
    });
    await h.ok('simple_note__logout', { access_token: token });
    expect(await h.fails('simple_note__show_account', { access_token: token })).toMatch(/401/);
  });

  it('accepts the mcp_appworld_ prefix', async () => {
    const { h, token } = await login();
    expect(
      await h.ok('mcp_appworld_simple_note__search_notes', {
        access_token: token,
        query: 'reservoir',
      }),
    ).toHaveLength(1);
  });

  it('searches notes: pinned first, by query, tags and pin status', async () => {
    const { h, token } = await login();
    const all = await h.ok('simple_note__search_notes', { access_token: token });
    expect(all.map((n: { title: string }) => n.title)).toEqual([
      'Groceries',
      TITLE,
      'Reading list',
    ]);
    expect(all[0]).not.toHaveProperty('content');
    expect(
      (
        await h.ok('simple_note__search_notes', { access_token: token, query: 'Qingyuan camping' })
      )[0].note_id,
    ).toBe(7);
    expect(
      await h.ok('simple_note__search_notes', { access_token: token, tags: ['books'] }),
    ).toHaveLength(1);
    expect(
      await h.ok('simple_note__search_notes', {
        access_token: token,
        pinned: false,
        page_limit: 1,
      }),
    ).toHaveLength(1);
    expect(
      await h.ok('simple_note__search_notes', { access_token: token, query: 'zebra' }),
    ).toEqual([]);
  });

  it('runs the rough-to-final workflow on one note id', async () => {
    const { h, token } = await login();
    await h.ok('simple_note__delete_note', { access_token: token, note_id: 7 });
    const { note_id } = await h.ok('simple_note__create_note', {
      access_token: token,
      title: TITLE,
      content: '## Timing',
    });
    expect(note_id).toBe(8);
    await h.ok('simple_note__add_content_to_note', {
      access_token: token,
      note_id,
      added_content: 'Meet 07:20',
      append_or_prepend: 'append',
    });
    await h.ok('simple_note__add_content_to_note', {
      access_token: token,
      note_id,
      added_content: '# Memo',
      append_or_prepend: 'prepend',
    });
    expect((await h.ok('simple_note__show_note', { access_token: token, note_id })).content).toBe(
      '# Memo\n## Timing\nMeet 07:20',
    );
    await h.ok('simple_note__update_note', {
      access_token: token,
      note_id,
      content: 'final text',
      pinned: true,
      tags: ['trip'],
    });
    expect(await h.ok('simple_note__show_note', { access_token: token, note_id })).toMatchObject({
      title: TITLE,
      content: 'final text',
      pinned: true,
      tags: ['trip'],
    });
  });

  it('reports unknown notes and bad arguments', async () => {
    const { h, token } = await login();
    expect(await h.fails('simple_note__show_note', { access_token: token, note_id: 99 })).toMatch(
      /404[\s\S]*Note with note_id 99 does not exist/,
    );
    expect(await h.fails('simple_note__delete_note', { access_token: token, note_id: 99 })).toMatch(
      /404/,
    );
    expect(
      await h.fails('simple_note__update_note', { access_token: token, note_id: 99, content: 'x' }),
    ).toMatch(/404/);
    expect(
      await h.fails('simple_note__add_content_to_note', {
        access_token: token,
        note_id: 7,
        added_content: 'x',
        append_or_prepend: 'middle',
      }),
    ).toMatch(/append_or_prepend/);
    expect(
      await h.fails('simple_note__create_note', { access_token: token, title: '', content: 'x' }),
    ).toMatch(/title/);
  });

  it('makes note changes visible to app_state rules', async () => {
    const { h, token } = await login();
    const rule = { app: 'simple_note', path: 'notes.*.content', pattern: '(?i)headlamp' };
    expect(h.holds(rule)).toBe(false);
    await h.ok('simple_note__update_note', {
      access_token: token,
      note_id: 7,
      content: 'Bring a headlamp',
    });
    expect(h.holds(rule)).toBe(true);
  });
});
