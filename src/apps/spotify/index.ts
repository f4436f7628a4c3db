/** spotify: AppWorld's music app (songs, artists, playlists, likes, reviews, the player). */
import { z } from 'zod';
import { AppKit, applyChanges, fail, getEntity, isOwner, personRef, type AppCall } from '../kit/app.ts';
import { bool, int, name, paging, query, review, text } from '../kit/args.ts';
import { defineApp } from '../kit/define.ts';
import { paginate, searchBy, sortBy } from '../kit/query.ts';
import { assignIds, baseFromSeed, baseSeedShape, checkUniqueIds, emptyBase, SeedId, type BaseState, type EntityMap } from '../kit/state.ts';

export interface Artist {
  artist_id: number;
  name: string;
  genre: string;
  follower_count: number;
  created_at: string;
}

export interface Song {
  song_id: number;
  title: string;
  album_title: string | null;
  artist_ids: number[];
  genre: string;
  duration: number;
  release_date: string;
  play_count: number;
}

export interface Playlist {
  playlist_id: number;
  title: string;
  is_public: boolean;
  owner_email: string;
  song_ids: number[];
  created_at: string;
  updated_at: string;
}

export interface SongReview {
  song_review_id: number;
  song_id: number;
  user_email: string;
  rating: number;
  title: string;
  text: string;
  created_at: string;
}

export interface SpotifyState extends BaseState {
  artists: EntityMap<Artist>;
  songs: EntityMap<Song>;
  playlists: EntityMap<Playlist>;
  song_reviews: EntityMap<SongReview>;
  /** Keyed by song id. */
  liked_songs: EntityMap<{ song_id: number; liked_at: string }>;
  /** Keyed by artist id. */
  followed_artists: EntityMap<{ artist_id: number; followed_at: string }>;
  player: { queue: number[]; position: number | null; is_playing: boolean };
}

export const SpotifySeed = z
  .strictObject({
    ...baseSeedShape,
    artists: z
      .array(z.strictObject({ id: SeedId, name: z.string().min(1), genre: z.string().default(''), follower_count: z.number().int().min(0).default(0) }))
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'artist'))
      .optional(),
    songs: z
      .array(
        z.strictObject({
          id: SeedId,
          title: z.string().min(1),
          artist_ids: z.array(z.number().int().positive()).default([]),
          album_title: z.string().optional(),
          genre: z.string().default(''),
          duration: z.number().int().positive().default(200).meta({ description: 'seconds' }),
          release_date: z.string().default('2020-01-01'),
          play_count: z.number().int().min(0).default(0),
        }),
      )
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'song'))
      .optional(),
    playlists: z
      .array(
        z.strictObject({
          id: SeedId,
          title: z.string().min(1),
          is_public: z.boolean().default(true),
          owner_email: z.email().optional().meta({ description: "default: the account's" }),
          song_ids: z.array(z.number().int().positive()).default([]),
        }),
      )
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'playlist'))
      .optional(),
    liked_song_ids: z.array(z.number().int().positive()).optional(),
    followed_artist_ids: z.array(z.number().int().positive()).optional(),
  })
  .superRefine((seed, ctx) => {
    const artists = new Set(assignIds(seed.artists ?? [], () => 0).ids);
    const songs = new Set(assignIds(seed.songs ?? [], () => 0).ids);
    (seed.songs ?? []).forEach((s, i) =>
      s.artist_ids.forEach((a, j) => {
        if (!artists.has(a)) ctx.addIssue({ code: 'custom', path: ['songs', i, 'artist_ids', j], message: `no artist with id ${a}` });
      }),
    );
    (seed.playlists ?? []).forEach((p, i) =>
      p.song_ids.forEach((s, j) => {
        if (!songs.has(s)) ctx.addIssue({ code: 'custom', path: ['playlists', i, 'song_ids', j], message: `no song with id ${s}` });
      }),
    );
    (seed.liked_song_ids ?? []).forEach((s, i) => {
      if (!songs.has(s)) ctx.addIssue({ code: 'custom', path: ['liked_song_ids', i], message: `no song with id ${s}` });
    });
    (seed.followed_artist_ids ?? []).forEach((a, i) => {
      if (!artists.has(a)) ctx.addIssue({ code: 'custom', path: ['followed_artist_ids', i], message: `no artist with id ${a}` });
    });
  });

function build(seed: z.output<typeof SpotifySeed>): SpotifyState {
  const base = baseFromSeed(seed);
  const me = base.account?.email ?? base.account?.username ?? 'me@example.com';
  const artists = assignIds(seed.artists ?? [], (a, id): Artist => ({ artist_id: id, name: a.name, genre: a.genre, follower_count: a.follower_count, created_at: base.now }));
  const songs = assignIds(seed.songs ?? [], (s, id): Song => ({
    song_id: id,
    title: s.title,
    album_title: s.album_title ?? null,
    artist_ids: s.artist_ids,
    genre: s.genre,
    duration: s.duration,
    release_date: s.release_date,
    play_count: s.play_count,
  }));
  const playlists = assignIds(seed.playlists ?? [], (p, id): Playlist => ({
    playlist_id: id,
    title: p.title,
    is_public: p.is_public,
    owner_email: p.owner_email ?? me,
    song_ids: p.song_ids,
    created_at: base.now,
    updated_at: base.now,
  }));
  return {
    ...base,
    next_id: { artist: artists.next, song: songs.next, playlist: playlists.next, song_review: 1 },
    artists: artists.map,
    songs: songs.map,
    playlists: playlists.map,
    song_reviews: {},
    liked_songs: Object.fromEntries((seed.liked_song_ids ?? []).map((id) => [String(id), { song_id: id, liked_at: base.now }])),
    followed_artists: Object.fromEntries((seed.followed_artist_ids ?? []).map((id) => [String(id), { artist_id: id, followed_at: base.now }])),
    player: { queue: [], position: null, is_playing: false },
  };
}

const kit = new AppKit<SpotifyState>({
  name: 'spotify',
  title: 'Spotify',
  empty: () => ({ ...emptyBase(), artists: {}, songs: {}, playlists: {}, song_reviews: {}, liked_songs: {}, followed_artists: {}, player: { queue: [], position: null, is_playing: false } }),
});
type Call = AppCall<SpotifyState>;

const songId = int('The ID of the song.');
const playlistId = int('The ID of the playlist.');
const song = (call: Call, id: number) => getEntity(call.state.songs, id, 'Song', 'song_id');
const artist = (call: Call, id: number) => getEntity(call.state.artists, id, 'Artist', 'artist_id');

function artistsOf(call: Call, s: Song) {
  return s.artist_ids.map((id) => ({ id, name: call.state.artists[String(id)]?.name ?? '' }));
}

function songView(call: Call, s: Song) {
  const reviews = Object.values(call.state.song_reviews).filter((r) => r.song_id === s.song_id);
  return {
    song_id: s.song_id,
    title: s.title,
    album_title: s.album_title,
    duration: s.duration,
    artists: artistsOf(call, s),
    release_date: s.release_date,
    genre: s.genre,
    play_count: s.play_count,
    rating: reviews.length ? Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 100) / 100 : 0,
    like_count: String(s.song_id) in call.state.liked_songs ? 1 : 0,
    review_count: reviews.length,
  };
}

function artistView(call: Call, a: Artist) {
  return { ...a, follower_count: a.follower_count + (String(a.artist_id) in call.state.followed_artists ? 1 : 0) };
}

/** A playlist the owner may see: their own, or a public one. */
function playlist(call: Call, id: number, mustOwn: boolean): Playlist {
  const p = getEntity(call.state.playlists, id, 'Playlist', 'playlist_id');
  const mine = isOwner(call.owner, p.owner_email);
  if (!mine && !p.is_public) fail(404, `Playlist with playlist_id ${id} does not exist.`);
  if (mustOwn && !mine) fail(422, `Playlist ${id} belongs to someone else.`);
  return p;
}

function playlistView(call: Call, p: Playlist) {
  return {
    playlist_id: p.playlist_id,
    title: p.title,
    is_public: p.is_public,
    owner: personRef(call.state, p.owner_email),
    created_at: p.created_at,
    updated_at: p.updated_at,
    songs: p.song_ids.map((id) => call.state.songs[String(id)]).filter((s) => s !== undefined).map((s) => ({ id: s.song_id, title: s.title, artist_ids: s.artist_ids })),
  };
}

function currentSong(call: Call) {
  const { queue, position, is_playing } = call.state.player;
  const id = position === null ? undefined : queue[position];
  if (id === undefined) fail(422, 'Nothing is in the play queue; use spotify__play_music first.');
  const s = song(call, id);
  return { song_id: s.song_id, title: s.title, album_title: s.album_title, duration: s.duration, artists: artistsOf(call, s), played_seconds: 0, is_playing };
}

function songReview(call: Call, id: number): SongReview {
  return getEntity(call.state.song_reviews, id, 'Song review', 'review_id');
}

function reviewView(call: Call, r: SongReview) {
  return { song_review_id: r.song_review_id, song_id: r.song_id, user: personRef(call.state, r.user_email), rating: r.rating, title: r.title, text: r.text, created_at: r.created_at };
}

const tools = [
  ...kit.accountApis(),
  kit.api(
    'search_songs',
    'Search songs. No login needed.',
    {
      query,
      artist_id: int('Only songs by this artist.').optional(),
      genre: text('Only this genre.').optional(),
      min_release_date: text('Earliest release date, YYYY-MM-DD.').optional(),
      max_release_date: text('Latest release date, YYYY-MM-DD.').optional(),
      ...paging,
      sort_by: text('+/- release_date or play_count.').optional(),
    },
    (a, call) => {
      let list = Object.values(call.state.songs)
        .filter((s) => a.artist_id === undefined || s.artist_ids.includes(a.artist_id))
        .filter((s) => a.genre === undefined || s.genre.toLowerCase() === a.genre.toLowerCase())
        .filter((s) => (a.min_release_date === undefined || s.release_date >= a.min_release_date) && (a.max_release_date === undefined || s.release_date <= a.max_release_date));
      if (a.query?.trim()) list = searchBy(list, a.query, (s) => `${s.title} ${s.album_title ?? ''} ${s.genre} ${artistsOf(call, s).map((x) => x.name).join(' ')}`);
      if (a.sort_by?.trim()) list = sortBy(list, a.sort_by, '+song_id', 'song_id');
      return paginate(list, a).map((s) => songView(call, s));
    },
    { auth: 'none' },
  ),
  kit.api('show_song', 'Show a song. No login needed.', { song_id: songId }, (a, call) => songView(call, song(call, a.song_id)), { auth: 'none' }),
  kit.api(
    'search_artists',
    'Search artists. No login needed.',
    { query, genre: text('Only this genre.').optional(), ...paging },
    (a, call) => {
      const list = Object.values(call.state.artists).filter((x) => a.genre === undefined || x.genre.toLowerCase() === a.genre.toLowerCase());
      return paginate(searchBy(list, a.query, (x) => `${x.name} ${x.genre}`), a).map((x) => artistView(call, x));
    },
    { auth: 'none' },
  ),
  kit.api('show_artist', 'Show an artist. No login needed.', { artist_id: int('The ID of the artist.') }, (a, call) => artistView(call, artist(call, a.artist_id)), { auth: 'none' }),
  kit.api('follow_artist', 'Follow an artist.', { artist_id: int('The ID of the artist.') }, (a, call) => {
    artist(call, a.artist_id);
    if (String(a.artist_id) in call.state.followed_artists) fail(422, 'You are already following this artist.');
    call.state.followed_artists[String(a.artist_id)] = { artist_id: a.artist_id, followed_at: call.now };
    return { message: 'Artist followed.' };
  }),
  kit.api('unfollow_artist', 'Stop following an artist.', { artist_id: int('The ID of the artist.') }, (a, call) => {
    if (!(String(a.artist_id) in call.state.followed_artists)) fail(422, 'You are already not following this artist.');
    delete call.state.followed_artists[String(a.artist_id)];
    return { message: 'Artist unfollowed.' };
  }),
  kit.api('like_song', 'Like a song.', { song_id: songId }, (a, call) => {
    song(call, a.song_id);
    if (String(a.song_id) in call.state.liked_songs) fail(409, `You already like song ${a.song_id}.`);
    call.state.liked_songs[String(a.song_id)] = { song_id: a.song_id, liked_at: call.now };
    return { message: 'Song liked.' };
  }),
  kit.api('unlike_song', 'Remove a song from your liked songs.', { song_id: songId }, (a, call) => {
    if (!(String(a.song_id) in call.state.liked_songs)) fail(422, `You do not like song ${a.song_id}.`);
    delete call.state.liked_songs[String(a.song_id)];
    return { message: 'Song unliked.' };
  }),
  kit.api('show_liked_songs', 'List the songs you like.', { ...paging }, (a, call) =>
    paginate(Object.values(call.state.liked_songs), a).map((l) => {
      const s = song(call, l.song_id);
      return { song_id: s.song_id, title: s.title, album_title: s.album_title, duration: s.duration, artists: artistsOf(call, s), liked_at: l.liked_at };
    }),
  ),
  kit.api(
    'review_song',
    'Rate or review a song.',
    { song_id: songId, ...review },
    (a, call) => {
      song(call, a.song_id);
      const id = call.nextId('song_review');
      call.state.song_reviews[String(id)] = { song_review_id: id, song_id: a.song_id, user_email: call.ownerEmail, rating: a.rating, title: a.title ?? '', text: a.text ?? '', created_at: call.now };
      return { message: 'Added a new song review.', song_review_id: id };
    },
  ),
  kit.api('show_song_review', 'Show a song review. No login needed.', { review_id: int('The ID of the song review.') }, (a, call) => reviewView(call, songReview(call, a.review_id)), { auth: 'none' }),
  kit.api(
    'update_song_review',
    'Update your song review; only the fields given change.',
    { review_id: int('The ID of the song review.'), rating: review.rating.optional(), title: review.title, text: review.text },
    (a, call) => {
      const r = songReview(call, a.review_id);
      if (r.user_email !== call.ownerEmail) fail(401, 'You are not authorized to access this song review.');
      applyChanges(r, { rating: a.rating, title: a.title, text: a.text });
      return { message: 'Updated the song review.' };
    },
  ),
  kit.api(
    'show_song_reviews',
    'List the reviews of a song. No login needed.',
    { song_id: songId, ...paging },
    (a, call) => {
      song(call, a.song_id);
      return paginate(
        Object.values(call.state.song_reviews).filter((r) => r.song_id === a.song_id),
        a,
      ).map((r) => reviewView(call, r));
    },
    { auth: 'none' },
  ),
  kit.api('search_playlists', 'Search your playlists and public ones.', { query, is_public: bool('Filter by public status.').optional(), ...paging }, (a, call) => {
    const list = Object.values(call.state.playlists)
      .filter((p) => p.is_public || isOwner(call.owner, p.owner_email))
      .filter((p) => a.is_public === undefined || p.is_public === a.is_public);
    return paginate(searchBy(list, a.query, (p) => p.title), a).map((p) => {
      const { songs: _songs, ...rest } = playlistView(call, p);
      return { ...rest, song_ids: p.song_ids };
    });
  }),
  kit.api('create_playlist', 'Create a playlist.', { title: name('The title of the playlist.'), is_public: bool('Whether others can see it (default true).').optional() }, (a, call) => {
    const id = call.nextId('playlist');
    call.state.playlists[String(id)] = { playlist_id: id, title: a.title, is_public: a.is_public ?? true, owner_email: call.ownerEmail, song_ids: [], created_at: call.now, updated_at: call.now };
    return { message: 'Playlist created.', playlist_id: id };
  }),
  kit.api('show_playlist', 'Show a playlist with its songs.', { playlist_id: playlistId }, (a, call) => playlistView(call, playlist(call, a.playlist_id, false))),
  kit.api('add_song_to_playlist', 'Add a song to one of your playlists.', { playlist_id: playlistId, song_id: songId }, (a, call) => {
    const p = playlist(call, a.playlist_id, true);
    song(call, a.song_id);
    if (p.song_ids.includes(a.song_id)) fail(409, `Song ${a.song_id} is already in playlist ${a.playlist_id}.`);
    p.song_ids.push(a.song_id);
    p.updated_at = call.now;
    return { message: 'Song added to playlist.' };
  }),
  kit.api(
    'play_music',
    'Play music: a song or a playlist (queued and played), a position in the queue, or (with nothing given) the current song.',
    { song_id: songId.optional(), playlist_id: playlistId.optional(), queue_position: int('0-based position in the queue.').optional() },
    (a, call) => {
      const given = [a.song_id, a.playlist_id, a.queue_position].filter((x) => x !== undefined).length;
      if (given > 1) fail(422, 'Pass at most one of song_id, playlist_id and queue_position.');
      const player = call.state.player;
      if (a.song_id !== undefined) {
        song(call, a.song_id);
        player.queue = [a.song_id];
        player.position = 0;
      } else if (a.playlist_id !== undefined) {
        const p = playlist(call, a.playlist_id, false);
        if (!p.song_ids.length) fail(422, `Playlist ${a.playlist_id} has no songs.`);
        player.queue = [...p.song_ids];
        player.position = 0;
      } else if (a.queue_position !== undefined) {
        if (a.queue_position < 0 || a.queue_position >= player.queue.length) fail(422, `The queue has no position ${a.queue_position}.`);
        player.position = a.queue_position;
      } else if (player.position === null) fail(422, 'Nothing is in the play queue; pass a song_id or playlist_id.');
      player.is_playing = true;
      const playing = song(call, player.queue[player.position ?? 0] ?? 0);
      playing.play_count += 1;
      return { message: `Now playing "${playing.title}".` };
    },
  ),
  kit.api('pause_music', 'Pause the current song.', {}, (_a, call) => {
    call.state.player.is_playing = false;
    return { message: 'Music paused.' };
  }),
  kit.api('show_current_song', 'Show the song at the current queue position.', {}, (_a, call) => currentSong(call)),
];

export const spotify = defineApp({
  name: 'spotify',
  title: 'Spotify',
  seedSchema: SpotifySeed,
  collections: ['artists', 'songs', 'playlists', 'song_reviews', 'liked_songs', 'followed_artists'],
  tools,
  build,
});
