import { describe, expect, it } from 'vitest';
import { validateAppSeeds } from '../../src/apps/index.ts';
import { appHarness, loggedIn } from './harness.ts';

const SPOTIFY_SEED = {
  spotify: {
    account: {
      email: 'stmcco@gmail.com',
      password: 'aHOM-+d',
      first_name: 'Sam',
      last_name: 'McCo',
    },
    users: [{ email: 'ana.ruiz@x.com', first_name: 'Ana', last_name: 'Ruiz' }],
    artists: [
      { name: 'Nova Lights', genre: 'pop', follower_count: 10 },
      { name: 'Quiet Pines', genre: 'folk' },
    ],
    albums: [{ title: 'Daybreak', artist_ids: [1], genre: 'pop', release_date: '2024-01-01' }],
    songs: [
      {
        title: 'Morning Run',
        artist_ids: [1],
        genre: 'pop',
        release_date: '2024-03-01',
        album_id: 1,
      },
      {
        title: 'Cabin Fire',
        artist_ids: [2],
        genre: 'folk',
        album_title: 'Woods',
        release_date: '2019-10-10',
      },
      { title: 'Sprint', artist_ids: [1], genre: 'pop', release_date: '2025-01-01', album_id: 1 },
      {
        title: 'Pine Needles',
        artist_ids: [2],
        genre: 'folk',
        album_title: 'Woods',
        release_date: '2019-09-01',
      },
    ],
    playlists: [
      { title: 'Focus', song_ids: [2] },
      { title: 'Not mine', owner_email: 'other@x.com', is_public: false, song_ids: [1] },
      { title: 'Ana picks', owner_email: 'ana.ruiz@x.com', song_ids: [3, 4] },
    ],
    liked_song_ids: [2],
  },
};

const login = () => loggedIn(SPOTIFY_SEED, 'spotify', 'stmcco@gmail.com', 'aHOM-+d');

describe('spotify', () => {
  it('logs in with the declared credentials only', async () => {
    const h = appHarness(SPOTIFY_SEED);
    expect(
      await h.fails('spotify__login', { username: 'stmcco@gmail.com', password: 'x' }),
    ).toMatch(/Invalid credentials/);
    expect(await h.login('spotify', 'stmcco@gmail.com', 'aHOM-+d')).toBe('spotify-access-token-1');
  });

  it('searches songs, artists and genres without login, in AppWorld shapes', async () => {
    const h = appHarness(SPOTIFY_SEED);
    expect(await h.ok('mcp_appworld_spotify__search_songs', { query: 'nova' })).toHaveLength(2);
    expect(await h.ok('spotify__search_songs', { genre: 'folk', page_limit: 1 })).toEqual([
      {
        song_id: 2,
        title: 'Cabin Fire',
        album_id: 2,
        album_title: 'Woods',
        duration: 200,
        artists: [{ id: 2, name: 'Quiet Pines' }],
        release_date: '2019-10-10T00:00:00',
        genre: 'folk',
        play_count: 0,
        rating: 0,
        like_count: 1,
        review_count: 0,
        shareable_link: 'https://spotify.com/songs/2',
      },
    ]);
    expect(
      (await h.ok('spotify__search_songs', { artist_id: 1, sort_by: '-release_date' }))[0].title,
    ).toBe('Sprint');
    expect(
      (await h.ok('spotify__search_songs', { album_id: 2 })).map((s: { title: string }) => s.title),
    ).toEqual(['Cabin Fire', 'Pine Needles']);
    expect(await h.ok('spotify__search_songs', { min_release_date: '2025-01-01' })).toHaveLength(1);
    expect(await h.ok('spotify__search_songs', { min_like_count: 1 })).toMatchObject([
      { song_id: 2 },
    ]);
    expect(await h.fails('spotify__search_songs', { sort_by: 'title' })).toMatch(
      /422[\s\S]*Invalid sort_by/,
    );
    expect(await h.ok('spotify__show_song', { song_id: 2 })).toMatchObject({
      album_title: 'Woods',
      review_count: 0,
      artists: [{ id: 2, name: 'Quiet Pines', genre: 'folk', follower_count: 0 }],
    });
    expect(await h.ok('spotify__search_artists', { genre: 'pop' })).toMatchObject([
      { artist_id: 1, name: 'Nova Lights', follower_count: 10 },
    ]);
    expect(await h.ok('spotify__search_artists', { min_follower_count: 5 })).toHaveLength(1);
    expect(await h.ok('spotify__show_artist', { artist_id: 2 })).toMatchObject({
      name: 'Quiet Pines',
    });
    expect(await h.fails('spotify__show_song', { song_id: 9 })).toMatch(/404/);
    expect(await h.ok('spotify__show_genres')).toEqual(['pop', 'folk']);
  });

  it('finds albums, seeded or made from song album titles, and shows their songs', async () => {
    const h = appHarness(SPOTIFY_SEED);
    expect(await h.ok('spotify__search_albums', {})).toEqual([
      {
        album_id: 1,
        title: 'Daybreak',
        genre: 'pop',
        artists: [{ id: 1, name: 'Nova Lights' }],
        rating: 0,
        like_count: 0,
        review_count: 0,
        release_date: '2024-01-01T00:00:00',
        song_ids: [1, 3],
      },
      // Made from the songs that name it: their artist, the first one's genre, the earliest release date.
      {
        album_id: 2,
        title: 'Woods',
        genre: 'folk',
        artists: [{ id: 2, name: 'Quiet Pines' }],
        rating: 0,
        like_count: 0,
        review_count: 0,
        release_date: '2019-09-01T00:00:00',
        song_ids: [2, 4],
      },
    ]);
    const [woods] = await h.ok('spotify__search_albums', { query: 'quiet pines' });
    const shown = await h.ok('spotify__show_album', { album_id: woods.album_id });
    expect(shown).toMatchObject({ title: 'Woods', shareable_link: 'https://spotify.com/albums/2' });
    expect(shown.songs).toEqual([
      {
        id: 2,
        title: 'Cabin Fire',
        album_id: 2,
        album_title: 'Woods',
        duration: 200,
        artists: [{ id: 2, name: 'Quiet Pines' }],
      },
      {
        id: 4,
        title: 'Pine Needles',
        album_id: 2,
        album_title: 'Woods',
        duration: 200,
        artists: [{ id: 2, name: 'Quiet Pines' }],
      },
    ]);
    expect('song_ids' in shown).toBe(false);
    expect(await h.ok('spotify__search_albums', { max_release_date: '2020-01-01' })).toMatchObject([
      { title: 'Woods' },
    ]);
    expect((await h.ok('spotify__search_albums', { sort_by: '-release_date' }))[0].title).toBe(
      'Daybreak',
    );
    expect(await h.fails('spotify__show_album', { album_id: 7 })).toMatch(
      /404[\s\S]*Album with album_id 7 does not exist/,
    );
  });

  it('likes albums and keeps an album library, with ids from search', async () => {
    const { h, token } = await login();
    const [album] = await h.ok('spotify__search_albums', { query: 'Daybreak' });
    expect(
      await h.ok('spotify__like_album', { access_token: token, album_id: album.album_id }),
    ).toEqual({ message: 'Album liked.' });
    expect(
      await h.fails('spotify__like_album', { access_token: token, album_id: album.album_id }),
    ).toMatch(/422[\s\S]*You have already liked this album in the past/);
    expect((await h.ok('spotify__show_album', { album_id: album.album_id })).like_count).toBe(1);
    expect(await h.ok('spotify__show_liked_albums', { access_token: token })).toMatchObject([
      { album_id: 1, liked_at: '2026-01-05T09:00:00' },
    ]);
    expect(
      await h.fails('spotify__like_album', { access_token: 'spotify-access-token-9', album_id: 1 }),
    ).toMatch(/401/);

    expect(
      await h.ok('spotify__add_album_to_library', { access_token: token, album_id: 2 }),
    ).toEqual({
      message: 'Album added to library.',
    });
    await h.ok('spotify__add_album_to_library', { access_token: token, album_id: 1 });
    expect(
      await h.fails('spotify__add_album_to_library', { access_token: token, album_id: 2 }),
    ).toMatch(/422[\s\S]*The album is already in your library/);
    expect(
      await h.fails('spotify__add_album_to_library', { access_token: token, album_id: 3 }),
    ).toMatch(/404/);
    const library = await h.ok('spotify__show_album_library', { access_token: token });
    expect(library.map((a: { title: string }) => a.title)).toEqual(['Woods', 'Daybreak']);
    expect(library[0]).toMatchObject({
      album_id: 2,
      song_ids: [2, 4],
      added_at: '2026-01-05T09:00:00',
    });
    expect(
      (await h.ok('spotify__show_album_library', { access_token: token, sort_by: '+title' })).map(
        (a: { title: string }) => a.title,
      ),
    ).toEqual(['Daybreak', 'Woods']);
    expect(
      await h.ok('spotify__show_album_library', { access_token: token, query: 'woods' }),
    ).toHaveLength(1);
    expect(
      await h.fails('spotify__show_album_library', { access_token: token, sort_by: 'rating' }),
    ).toMatch(/422/);
    expect(h.holds({ app: 'spotify', path: 'library_albums.2' })).toBe(true);
    await h.ok('spotify__remove_album_from_library', { access_token: token, album_id: 2 });
    expect(
      await h.fails('spotify__remove_album_from_library', { access_token: token, album_id: 2 }),
    ).toMatch(/The album is not in your library/);
  });

  it('likes songs, follows artists and reviews songs', async () => {
    const { h, token } = await login();
    await h.ok('spotify__like_song', { access_token: token, song_id: 1 });
    expect(await h.fails('spotify__like_song', { access_token: token, song_id: 1 })).toMatch(
      /422[\s\S]*already liked this song/,
    );
    // Newest first; the fixed clock ties every like, so the higher id comes first.
    expect(
      (await h.ok('spotify__show_liked_songs', { access_token: token })).map(
        (s: { song_id: number }) => s.song_id,
      ),
    ).toEqual([2, 1]);
    expect(
      (await h.ok('spotify__show_liked_songs', { access_token: token, sort_by: 'title' })).map(
        (s: { title: string }) => s.title,
      ),
    ).toEqual(['Cabin Fire', 'Morning Run']);
    expect(
      await h.ok('spotify__show_artist_following', { access_token: token, artist_id: 1 }),
    ).toEqual({ following: false });
    await h.ok('spotify__follow_artist', { access_token: token, artist_id: 1 });
    expect(
      await h.ok('spotify__show_artist_following', { access_token: token, artist_id: 1 }),
    ).toEqual({ following: true });
    expect(
      await h.fails('spotify__show_artist_following', { access_token: token, artist_id: 8 }),
    ).toMatch(/404/);
    expect((await h.ok('spotify__show_artist', { artist_id: 1 })).follower_count).toBe(11);
    expect(await h.ok('spotify__show_following_artists', { access_token: token })).toMatchObject([
      { artist_id: 1, followed_at: '2026-01-05T09:00:00' },
    ]);
    const { song_review_id } = await h.ok('spotify__review_song', {
      access_token: token,
      song_id: 1,
      rating: 4,
      text: 'upbeat',
    });
    expect(await h.ok('spotify__show_song_reviews', { song_id: 1 })).toMatchObject([
      { song_review_id, rating: 4, user: { name: 'Sam McCo', email: 'stmcco@gmail.com' } },
    ]);
    expect(await h.ok('spotify__show_song_reviews', { song_id: 1, min_rating: 5 })).toEqual([]);
    expect((await h.ok('spotify__show_song', { song_id: 1 })).rating).toBe(4);
    expect(
      await h.fails('spotify__review_song', { access_token: token, song_id: 1, rating: 6 }),
    ).toMatch(/rating/);
    expect(
      await h.ok('spotify__update_song_review', {
        access_token: token,
        review_id: song_review_id,
        rating: 5,
      }),
    ).toEqual({
      message: 'Updated the song review.',
    });
    expect(await h.ok('spotify__show_song_review', { review_id: song_review_id })).toMatchObject({
      song_review_id,
      song_id: 1,
      rating: 5,
      text: 'upbeat',
    });
    expect(await h.fails('spotify__show_song_review', { review_id: 99 })).toMatch(/404/);
    expect(await h.fails('spotify__follow_artist', { access_token: token, artist_id: 1 })).toMatch(
      /422[\s\S]*already following this artist/,
    );
    await h.ok('spotify__unlike_song', { access_token: token, song_id: 1 });
    expect(await h.fails('spotify__unlike_song', { access_token: token, song_id: 1 })).toMatch(
      /You have not liked this song, so cannot unlike it/,
    );
    await h.ok('spotify__unfollow_artist', { access_token: token, artist_id: 1 });
    expect(await h.ok('spotify__show_liked_songs', { access_token: token })).toHaveLength(1);
    expect(
      await h.fails('spotify__unfollow_artist', { access_token: token, artist_id: 1 }),
    ).toMatch(/already not following this artist/);
  });

  it('searches users by name or email without login', async () => {
    const h = appHarness(SPOTIFY_SEED);
    expect(await h.ok('spotify__search_users', { query: 'ruiz' })).toEqual([
      {
        first_name: 'Ana',
        last_name: 'Ruiz',
        email: 'ana.ruiz@x.com',
        registered_at: '2026-01-05T09:00:00',
      },
    ]);
    expect(
      (await h.ok('spotify__search_users', {})).map((u: { email: string }) => u.email),
    ).toEqual(['stmcco@gmail.com', 'ana.ruiz@x.com', 'other@x.com']);
    expect(await h.ok('spotify__search_users', { page_limit: 1, page_index: 2 })).toMatchObject([
      { email: 'other@x.com', first_name: 'Other' },
    ]);
  });

  it('makes playlist changes visible to app_state rules', async () => {
    const { h, token } = await login();
    const rule = { app: 'spotify', path: 'playlists.*.title', equals: 'Run Mix' };
    expect(h.holds(rule)).toBe(false);
    await h.ok('spotify__create_playlist', { access_token: token, title: 'Run Mix' });
    expect(h.holds(rule)).toBe(true);
  });

  it('checks seed references', () => {
    expect(validateAppSeeds({ spotify: { songs: [{ title: 's', artist_ids: [4] }] } })).toEqual([
      { path: ['spotify', 'songs', 0, 'artist_ids', 0], message: 'no artist with id 4' },
    ]);
    expect(
      validateAppSeeds({
        spotify: { songs: [{ title: 's', album_id: 2 }], library_album_ids: [1] },
      }),
    ).toEqual([
      { path: ['spotify', 'songs', 0, 'album_id'], message: 'no album with id 2' },
      { path: ['spotify', 'library_album_ids', 0], message: 'no album with id 1' },
    ]);
  });
});
