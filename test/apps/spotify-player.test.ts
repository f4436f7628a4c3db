/** spotify's playlists, libraries and music player, driven as an agent would: ids from one call feed the next. */
import { describe, expect, it } from 'vitest';
import { loggedIn } from './harness.ts';

const SEED = {
  spotify: {
    account: {
      email: 'stmcco@gmail.com',
      password: 'aHOM-+d',
      first_name: 'Sam',
      last_name: 'McCo',
    },
    artists: [
      { name: 'Nova Lights', genre: 'pop' },
      { name: 'Quiet Pines', genre: 'folk' },
    ],
    songs: [
      { title: 'Morning Run', artist_ids: [1], genre: 'pop', album_title: 'Daybreak' },
      { title: 'Sprint', artist_ids: [1], genre: 'pop', album_title: 'Daybreak' },
      { title: 'Cabin Fire', artist_ids: [2], genre: 'folk' },
      { title: 'Pine Needles', artist_ids: [2], genre: 'folk' },
    ],
    playlists: [
      { title: 'Focus', song_ids: [3], is_public: false },
      { title: 'Not mine', owner_email: 'other@x.com', is_public: false, song_ids: [1] },
      { title: 'Their mix', owner_email: 'other@x.com', song_ids: [2, 4] },
    ],
    downloaded_song_ids: [3, 4],
  },
};

const login = () => loggedIn(SEED, 'spotify', 'stmcco@gmail.com', 'aHOM-+d');
const titles = (list: { title: string }[]) => list.map((s) => s.title);

describe('spotify playlists', () => {
  it('creates a private playlist, fills it from search results and empties it again', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    const { playlist_id } = await h.ok('spotify__create_playlist', { ...t, title: 'Run Mix' });
    const [song] = await h.ok('spotify__search_songs', { query: 'sprint' });
    expect(
      await h.ok('spotify__add_song_to_playlist', { ...t, playlist_id, song_id: song.song_id }),
    ).toEqual({
      message: 'Song added to the playlist.',
    });
    await h.ok('spotify__add_song_to_playlist', { ...t, playlist_id, song_id: 1 });
    expect(
      await h.fails('spotify__add_song_to_playlist', { ...t, playlist_id, song_id: 1 }),
    ).toMatch(/422[\s\S]*The song is already in the playlist/);
    expect(
      await h.fails('spotify__add_song_to_playlist', { ...t, playlist_id, song_id: 9 }),
    ).toMatch(/404/);
    const shown = await h.ok('spotify__show_playlist', { ...t, playlist_id });
    expect(shown).toMatchObject({
      title: 'Run Mix',
      is_public: false,
      shareable_link: null,
      owner: { name: 'Sam McCo', email: 'stmcco@gmail.com' },
    });
    expect(shown.songs).toEqual([
      {
        id: 2,
        title: 'Sprint',
        album_id: 1,
        album_title: 'Daybreak',
        duration: 200,
        artists: [{ id: 1, name: 'Nova Lights' }],
      },
      {
        id: 1,
        title: 'Morning Run',
        album_id: 1,
        album_title: 'Daybreak',
        duration: 200,
        artists: [{ id: 1, name: 'Nova Lights' }],
      },
    ]);
    expect(
      await h.ok('spotify__remove_song_from_playlist', { ...t, playlist_id, song_id: 2 }),
    ).toEqual({
      message: 'Song removed from playlist.',
    });
    expect(
      await h.fails('spotify__remove_song_from_playlist', { ...t, playlist_id, song_id: 2 }),
    ).toMatch(/422[\s\S]*The song is not in the playlist/);
    expect(
      (await h.ok('spotify__show_playlist', { ...t, playlist_id })).songs.map(
        (s: { id: number }) => s.id,
      ),
    ).toEqual([1]);
    expect(await h.fails('spotify__create_playlist', { ...t, title: 'Run Mix' })).toMatch(/422/);
  });

  it("refuses someone else's playlists as AppWorld does", async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    expect(await h.fails('spotify__show_playlist', { ...t, playlist_id: 2 })).toMatch(
      /422[\s\S]*This playlist is not public, and does not belong to you/,
    );
    expect(
      await h.fails('spotify__add_song_to_playlist', { ...t, playlist_id: 3, song_id: 1 }),
    ).toMatch(/422[\s\S]*The given playlist does not belong to you/);
    expect(
      await h.fails('spotify__remove_song_from_playlist', { ...t, playlist_id: 3, song_id: 2 }),
    ).toMatch(/The given playlist does not belong to you/);
    expect(await h.fails('spotify__like_playlist', { ...t, playlist_id: 2 })).toMatch(/not public/);
    expect(await h.fails('spotify__like_playlist', { ...t, playlist_id: 8 })).toMatch(/404/);
    expect(await h.ok('spotify__like_playlist', { ...t, playlist_id: 3 })).toEqual({
      message: 'Playlist liked.',
    });
    expect(await h.fails('spotify__like_playlist', { ...t, playlist_id: 3 })).toMatch(
      /You have already liked this playlist in the past/,
    );
    expect(await h.ok('spotify__show_liked_playlists', t)).toMatchObject([
      { playlist_id: 3, like_count: 1, song_ids: [2, 4], liked_at: '2026-01-05T09:00:00' },
    ]);
  });

  it('shows public playlists without a token, and your private ones only with it', async () => {
    const { h, token } = await login();
    expect(titles(await h.ok('spotify__search_playlists', {}))).toEqual(['Their mix']);
    expect(await h.ok('spotify__show_playlist', { playlist_id: 3 })).toMatchObject({
      title: 'Their mix',
      shareable_link: 'https://spotify.com/playlists/3',
    });
    expect(await h.fails('spotify__show_playlist', { playlist_id: 1 })).toMatch(
      /422[\s\S]*This playlist is not public, and you have not passed an access token/,
    );
    expect(
      await h.ok('spotify__show_playlist', { access_token: token, playlist_id: 1 }),
    ).toMatchObject({ title: 'Focus' });
    expect(
      await h.fails('spotify__search_playlists', { access_token: 'spotify-access-token-9' }),
    ).toMatch(
      /401[\s\S]*To access the public version of this API, do not pass an access token at all/,
    );
  });

  it('lists public playlists and your own; the library holds only your own', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    expect(titles(await h.ok('spotify__search_playlists', t))).toEqual(['Focus', 'Their mix']);
    expect(
      await h.ok('spotify__search_playlists', { ...t, owner_email: 'other@x.com' }),
    ).toMatchObject([
      { title: 'Their mix', owner: { email: 'other@x.com' }, song_ids: [2, 4], rating: 0 },
    ]);
    const { playlist_id } = await h.ok('spotify__create_playlist', {
      ...t,
      title: 'Gym',
      is_public: true,
    });
    // Newest first: the fixed clock ties, so the higher id leads.
    expect(titles(await h.ok('spotify__show_playlist_library', t))).toEqual(['Gym', 'Focus']);
    expect(
      titles(await h.ok('spotify__show_playlist_library', { ...t, is_public: false })),
    ).toEqual(['Focus']);
    expect(
      titles(
        await h.ok('spotify__show_playlist_library', {
          ...t,
          sort_by: '+title',
          page_limit: 1,
          page_index: 1,
        }),
      ),
    ).toEqual(['Gym']);
    await h.ok('spotify__update_playlist', { ...t, playlist_id, title: 'Gym Hits' });
    expect(await h.ok('spotify__show_playlist_library', { ...t, query: 'hits' })).toMatchObject([
      { playlist_id, title: 'Gym Hits', is_public: true },
    ]);
    expect(await h.ok('spotify__delete_playlist', { ...t, playlist_id })).toEqual({
      message: 'Playlist deleted.',
    });
    expect(await h.fails('spotify__show_playlist', { ...t, playlist_id })).toMatch(/404/);
  });
});

describe('spotify libraries', () => {
  it('adds songs to the library and removes downloads', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    expect(await h.ok('spotify__show_song_library', t)).toEqual([]);
    expect(await h.ok('spotify__add_song_to_library', { ...t, song_id: 3 })).toEqual({
      message: 'Song added to library.',
    });
    await h.ok('spotify__add_song_to_library', { ...t, song_id: 1 });
    expect(await h.fails('spotify__add_song_to_library', { ...t, song_id: 3 })).toMatch(
      /422[\s\S]*The song is already in your library/,
    );
    expect(await h.fails('spotify__add_song_to_library', { ...t, song_id: 9 })).toMatch(/404/);
    expect(await h.ok('spotify__show_song_library', { ...t, query: 'cabin' })).toEqual([
      {
        song_id: 3,
        title: 'Cabin Fire',
        album_id: null,
        album_title: null,
        duration: 200,
        artists: [{ id: 2, name: 'Quiet Pines' }],
        added_at: '2026-01-05T09:00:00',
      },
    ]);
    expect(titles(await h.ok('spotify__show_song_library', { ...t, sort_by: 'title' }))).toEqual([
      'Cabin Fire',
      'Morning Run',
    ]);

    expect(titles(await h.ok('spotify__show_downloaded_songs', t))).toEqual([
      'Pine Needles',
      'Cabin Fire',
    ]);
    expect(await h.ok('spotify__remove_downloaded_song', { ...t, song_id: 4 })).toEqual({
      message: 'Song removed from downloads.',
    });
    expect(await h.fails('spotify__remove_downloaded_song', { ...t, song_id: 4 })).toMatch(
      /422[\s\S]*The song is not downloaded/,
    );
    expect(h.holds({ app: 'spotify', path: 'downloaded_songs.4' })).toBe(false);
    expect(titles(await h.ok('spotify__show_downloaded_songs', t))).toEqual(['Cabin Fire']);
  });
});

describe('spotify player', () => {
  it('queues an album found by search, plays a position, steps back and removes songs', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    expect(await h.ok('spotify__show_song_queue', t)).toEqual([]);
    expect(await h.fails('spotify__show_current_song', t)).toMatch(
      /422[\s\S]*The song queue is empty/,
    );
    expect(await h.fails('spotify__previous_song', t)).toMatch(
      /The song queue is empty, cannot move to the previous song/,
    );
    const [album] = await h.ok('spotify__search_albums', { query: 'daybreak' });
    expect(await h.ok('spotify__add_to_queue', { ...t, album_id: album.album_id })).toEqual({
      message: 'Album added to the queue.',
    });
    expect(await h.ok('spotify__add_to_queue', { ...t, song_id: 3 })).toEqual({
      message: 'Song added to the queue.',
    });
    expect(await h.ok('spotify__add_to_queue', { ...t, playlist_id: 3 })).toEqual({
      message: 'Playlist added to the queue.',
    });
    expect(await h.fails('spotify__add_to_queue', { ...t, song_id: 1, album_id: 1 })).toMatch(
      /422[\s\S]*Exactly one of song_id, album_id or playlist_id should be passed, found 2/,
    );
    expect(await h.fails('spotify__add_to_queue', t)).toMatch(/found 0/);
    const queue = await h.ok('spotify__show_song_queue', t);
    expect(queue.map((s: { song_id: number }) => s.song_id)).toEqual([1, 2, 3, 2, 4]);
    expect(queue[0]).toEqual({
      song_id: 1,
      title: 'Morning Run',
      album_id: 1,
      album_title: 'Daybreak',
      duration: 200,
      artists: [{ id: 1, name: 'Nova Lights' }],
      position: 0,
      is_playing: false,
      is_current: true,
    });

    const cabin = queue.find((s: { title: string }) => s.title === 'Cabin Fire');
    expect(await h.ok('spotify__play_music', { ...t, queue_position: cabin.position })).toEqual({
      message: 'Song (Cabin Fire) is now playing.',
      song_id: 3,
    });
    expect(await h.ok('spotify__show_current_song', t)).toMatchObject({
      song_id: 3,
      is_playing: true,
      is_looping: false,
      played_seconds: 0,
    });
    expect(await h.fails('spotify__play_music', { ...t, queue_position: 5 })).toMatch(
      /The queue position \(5\) is out of range, the queue has only 5 songs/,
    );
    expect(await h.ok('spotify__previous_song', t)).toEqual({
      message: 'Moved to the previous song in the queue.',
      song_id: 2,
    });

    // Removing a song before the current one keeps the current song current.
    expect(await h.ok('spotify__remove_song_from_queue', { ...t, position: 0 })).toEqual({
      message: 'Removed song at position 0 from the song queue.',
    });
    expect((await h.ok('spotify__show_current_song', t)).song_id).toBe(2);
    expect(await h.ok('spotify__show_song_queue', t)).toMatchObject([
      { song_id: 2, is_current: true, is_playing: true },
      { song_id: 3, is_current: false, is_playing: false },
      {},
      {},
    ]);
    expect(await h.fails('spotify__remove_song_from_queue', { ...t, position: 4 })).toMatch(
      /The song queue has 4 songs. So the position should be >= 0 and < 4/,
    );
    expect(await h.ok('spotify__previous_song', t)).toMatchObject({ song_id: 4 });
    expect(await h.ok('spotify__next_song', t)).toMatchObject({ song_id: 2 });
    expect(h.holds({ app: 'spotify', path: 'player.queue', equals: [2, 3, 2, 4] })).toBe(true);
  });

  it('plays a song in front of the queue, a playlist in place of it, and pauses', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    expect(await h.fails('spotify__play_music', t)).toMatch(
      /The song queue is empty, cannot play it/,
    );
    expect(await h.fails('spotify__pause_music', t)).toMatch(/No song is currently playing/);
    await h.ok('spotify__play_music', { ...t, playlist_id: 3 });
    expect(await h.ok('spotify__play_music', { ...t, song_id: 1 })).toEqual({
      message: 'Song (Morning Run) is now playing.',
      song_id: 1,
    });
    expect(
      (await h.ok('spotify__show_song_queue', t)).map((s: { song_id: number }) => s.song_id),
    ).toEqual([1, 2, 4]);
    expect(await h.ok('spotify__pause_music', t)).toEqual({
      message: 'Song (Morning Run) paused.',
    });
    expect((await h.ok('spotify__show_current_song', t)).is_playing).toBe(false);
    expect(await h.ok('spotify__play_music', t)).toMatchObject({ song_id: 1 });
    expect(await h.fails('spotify__play_music', { ...t, song_id: 1, playlist_id: 3 })).toMatch(
      /Either none or exactly one of queue_position, song_id, album_id or playlist_id should be passed, found 2/,
    );
    await h.ok('spotify__play_music', { ...t, album_id: 1 });
    expect(
      (await h.ok('spotify__show_song_queue', t)).map((s: { song_id: number }) => s.song_id),
    ).toEqual([1, 2]);
    expect(await h.ok('spotify__clear_song_queue', t)).toEqual({
      message: 'Cleared the song queue.',
    });
    expect(await h.fails('spotify__next_song', t)).toMatch(/The song queue is empty/);
    await h.ok('spotify__add_to_queue', { ...t, song_id: 4 });
    expect(await h.fails('spotify__next_song', t)).toMatch(
      /There is only one song in the queue, cannot move to the next song/,
    );
  });
});
