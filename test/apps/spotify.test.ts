import { describe, expect, it } from 'vitest';
import { validateAppSeeds } from '../../src/apps/index.ts';
import { appHarness, loggedIn } from './harness.ts';

const SEED = {
  spotify: {
    account: { email: 'stmcco@gmail.com', password: 'aHOM-+d', first_name: 'Sam', last_name: 'McCo' },
    artists: [{ name: 'Nova Lights', genre: 'pop', follower_count: 10 }, { name: 'Quiet Pines', genre: 'folk' }],
    songs: [
      { title: 'Morning Run', artist_ids: [1], genre: 'pop', release_date: '2024-03-01' },
      { title: 'Cabin Fire', artist_ids: [2], genre: 'folk', album_title: 'Woods', release_date: '2019-10-10' },
      { title: 'Sprint', artist_ids: [1], genre: 'pop', release_date: '2025-01-01' },
    ],
    playlists: [{ title: 'Focus', song_ids: [2] }, { title: 'Not mine', owner_email: 'other@x.com', is_public: false }],
    liked_song_ids: [2],
  },
};

const login = () => loggedIn(SEED, 'spotify', 'stmcco@gmail.com', 'aHOM-+d');

describe('spotify', () => {
  it('logs in with the declared credentials only', async () => {
    const h = appHarness(SEED);
    expect(await h.fails('spotify__login', { username: 'stmcco@gmail.com', password: 'x' })).toMatch(/Invalid credentials/);
    expect(await h.login('spotify', 'stmcco@gmail.com', 'aHOM-+d')).toBe('spotify-access-token-1');
  });

  it('searches songs and artists without login', async () => {
    const h = appHarness(SEED);
    expect(await h.ok('mcp_appworld_spotify__search_songs', { query: 'nova' })).toHaveLength(2);
    expect(await h.ok('spotify__search_songs', { genre: 'folk' })).toMatchObject([{ song_id: 2, title: 'Cabin Fire', artists: [{ id: 2, name: 'Quiet Pines' }], like_count: 1 }]);
    expect((await h.ok('spotify__search_songs', { artist_id: 1, sort_by: '-release_date' }))[0].title).toBe('Sprint');
    expect(await h.ok('spotify__search_songs', { min_release_date: '2025-01-01' })).toHaveLength(1);
    expect(await h.ok('spotify__show_song', { song_id: 2 })).toMatchObject({ album_title: 'Woods', review_count: 0 });
    expect(await h.ok('spotify__search_artists', { genre: 'pop' })).toMatchObject([{ artist_id: 1, name: 'Nova Lights', follower_count: 10 }]);
    expect(await h.ok('spotify__show_artist', { artist_id: 2 })).toMatchObject({ name: 'Quiet Pines' });
    expect(await h.fails('spotify__show_song', { song_id: 9 })).toMatch(/404/);
  });

  it('likes songs, follows artists and reviews songs', async () => {
    const { h, token } = await login();
    await h.ok('spotify__like_song', { access_token: token, song_id: 1 });
    expect(await h.fails('spotify__like_song', { access_token: token, song_id: 1 })).toMatch(/409/);
    expect((await h.ok('spotify__show_liked_songs', { access_token: token })).map((s: { song_id: number }) => s.song_id)).toEqual([1, 2]);
    await h.ok('spotify__follow_artist', { access_token: token, artist_id: 1 });
    expect((await h.ok('spotify__show_artist', { artist_id: 1 })).follower_count).toBe(11);
    const { song_review_id } = await h.ok('spotify__review_song', { access_token: token, song_id: 1, rating: 4, text: 'upbeat' });
    expect(await h.ok('spotify__show_song_reviews', { song_id: 1 })).toMatchObject([{ song_review_id, rating: 4, user: { email: 'stmcco@gmail.com' } }]);
    expect((await h.ok('spotify__show_song', { song_id: 1 })).rating).toBe(4);
    expect(await h.fails('spotify__review_song', { access_token: token, song_id: 1, rating: 6 })).toMatch(/rating/);
    // As AppWorld: a review can be shown by id (no login) and updated by its author.
    expect(await h.ok('spotify__update_song_review', { access_token: token, review_id: song_review_id, rating: 5 })).toEqual({ message: 'Updated the song review.' });
    expect(await h.ok('spotify__show_song_review', { review_id: song_review_id })).toMatchObject({ song_review_id, song_id: 1, rating: 5, text: 'upbeat' });
    expect(await h.fails('spotify__show_song_review', { review_id: 99 })).toMatch(/404/);
    expect(await h.fails('spotify__follow_artist', { access_token: token, artist_id: 1 })).toMatch(/422[\s\S]*already following this artist/);
    await h.ok('spotify__unlike_song', { access_token: token, song_id: 1 });
    await h.ok('spotify__unfollow_artist', { access_token: token, artist_id: 1 });
    expect(await h.ok('spotify__show_liked_songs', { access_token: token })).toHaveLength(1);
    expect(await h.fails('spotify__unfollow_artist', { access_token: token, artist_id: 1 })).toMatch(/already not following this artist/);
  });

  it('creates playlists, adds songs and plays them', async () => {
    const { h, token } = await login();
    const { playlist_id } = await h.ok('spotify__create_playlist', { access_token: token, title: 'Run Mix' });
    await h.ok('spotify__add_song_to_playlist', { access_token: token, playlist_id, song_id: 1 });
    await h.ok('spotify__add_song_to_playlist', { access_token: token, playlist_id, song_id: 3 });
    expect(await h.fails('spotify__add_song_to_playlist', { access_token: token, playlist_id, song_id: 3 })).toMatch(/409/);
    expect(await h.fails('spotify__add_song_to_playlist', { access_token: token, playlist_id: 2, song_id: 1 })).toMatch(/404/);
    expect((await h.ok('spotify__show_playlist', { access_token: token, playlist_id })).songs.map((s: { id: number }) => s.id)).toEqual([1, 3]);
    expect((await h.ok('spotify__search_playlists', { access_token: token, query: 'run' }))[0]).toMatchObject({ playlist_id, song_ids: [1, 3] });
    expect(await h.ok('spotify__search_playlists', { access_token: token })).toHaveLength(2);
    expect(await h.fails('spotify__show_current_song', { access_token: token })).toMatch(/Nothing is in the play queue/);
    await h.ok('spotify__play_music', { access_token: token, playlist_id });
    expect(await h.ok('spotify__show_current_song', { access_token: token })).toMatchObject({ song_id: 1, is_playing: true });
    await h.ok('spotify__play_music', { access_token: token, queue_position: 1 });
    expect((await h.ok('spotify__show_current_song', { access_token: token })).title).toBe('Sprint');
    await h.ok('spotify__pause_music', { access_token: token });
    expect((await h.ok('spotify__show_current_song', { access_token: token })).is_playing).toBe(false);
    expect(await h.fails('spotify__play_music', { access_token: token, song_id: 1, playlist_id })).toMatch(/at most one/);
  });

  it('makes playlist changes visible to app_state rules', async () => {
    const { h, token } = await login();
    const rule = { app: 'spotify', path: 'playlists.*.title', equals: 'Run Mix' };
    expect(h.holds(rule)).toBe(false);
    await h.ok('spotify__create_playlist', { access_token: token, title: 'Run Mix' });
    expect(h.holds(rule)).toBe(true);
  });

  it('checks seed references', () => {
    expect(validateAppSeeds({ spotify: { songs: [{ title: 's', artist_ids: [4] }] } })).toEqual([{ path: ['spotify', 'songs', 0, 'artist_ids', 0], message: 'no artist with id 4' }]);
  });
});
