/** spotify's state: the catalogue (artists, albums, songs), the owner's playlists, likes, libraries and player, and the seed that builds them. */
import { z } from 'zod';
import {
  assignIds,
  baseFromSeed,
  baseSeedShape,
  checkUniqueIds,
  emptyBase,
  PersonSeed,
  personFromSeed,
  SeedId,
  type BaseState,
  type EntityMap,
  type Person,
} from '../kit/state.ts';

export interface Artist {
  artist_id: number;
  name: string;
  genre: string;
  follower_count: number;
  created_at: string;
}

export interface Album {
  album_id: number;
  title: string;
  artist_ids: number[];
  genre: string;
  release_date: string;
}

export interface Song {
  song_id: number;
  title: string;
  /** null for a single. */
  album_id: number | null;
  /** The album's title, kept beside its id so `app_state` rules can read it. */
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
  albums: EntityMap<Album>;
  songs: EntityMap<Song>;
  playlists: EntityMap<Playlist>;
  song_reviews: EntityMap<SongReview>;
  /** Other Spotify users (search_users, playlist owners, reviewers), keyed by id. */
  users: EntityMap<Person>;
  /** Keyed by song id. */
  liked_songs: EntityMap<{ song_id: number; liked_at: string }>;
  /** Keyed by album id. */
  liked_albums: EntityMap<{ album_id: number; liked_at: string }>;
  /** Keyed by playlist id. */
  liked_playlists: EntityMap<{ playlist_id: number; liked_at: string }>;
  /** Keyed by artist id. */
  followed_artists: EntityMap<{ artist_id: number; followed_at: string }>;
  /** The owner's song library, keyed by song id. */
  library_songs: EntityMap<{ song_id: number; added_at: string }>;
  /** The owner's album library, keyed by album id. */
  library_albums: EntityMap<{ album_id: number; added_at: string }>;
  /** Keyed by song id. */
  downloaded_songs: EntityMap<{ song_id: number; downloaded_at: string }>;
  /** `position` is the index of the current song in `queue` (null when the queue is empty). */
  player: { queue: number[]; position: number | null; is_playing: boolean };
}

export const SPOTIFY_COLLECTIONS = [
  'artists',
  'albums',
  'songs',
  'playlists',
  'song_reviews',
  'users',
  'liked_songs',
  'liked_albums',
  'liked_playlists',
  'followed_artists',
  'library_songs',
  'library_albums',
  'downloaded_songs',
] as const;

const ids = (what: string) =>
  z
    .array(z.number().int().positive())
    .optional()
    .meta({ description: `${what} ids` });

export const SpotifySeed = z
  .strictObject({
    ...baseSeedShape,
    users: z
      .array(PersonSeed)
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'user'))
      .optional()
      .meta({ description: 'other Spotify users (search_users, playlist owners)' }),
    artists: z
      .array(
        z.strictObject({
          id: SeedId,
          name: z.string().min(1),
          genre: z.string().default(''),
          follower_count: z.number().int().min(0).default(0),
        }),
      )
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'artist'))
      .optional(),
    albums: z
      .array(
        z.strictObject({
          id: SeedId,
          title: z.string().min(1),
          artist_ids: z.array(z.number().int().positive()).default([]),
          genre: z.string().default(''),
          release_date: z.string().default('2020-01-01'),
        }),
      )
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'album'))
      .optional(),
    songs: z
      .array(
        z.strictObject({
          id: SeedId,
          title: z.string().min(1),
          artist_ids: z.array(z.number().int().positive()).default([]),
          album_id: z
            .number()
            .int()
            .positive()
            .optional()
            .meta({ description: 'an album of `albums`' }),
          album_title: z.string().optional().meta({
            description:
              'without album_id: the album of that title (made if no seeded album has it)',
          }),
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
    liked_song_ids: ids('song'),
    liked_album_ids: ids('album'),
    liked_playlist_ids: ids('playlist'),
    followed_artist_ids: ids('artist'),
    library_song_ids: ids('song'),
    library_album_ids: ids('album'),
    downloaded_song_ids: ids('song'),
    song_queue: ids('song').meta({
      description: "the player's queue (song ids); its first song is current, paused",
    }),
  })
  .superRefine((seed, ctx) => {
    const known = {
      artist: new Set(assignIds(seed.artists ?? [], () => 0).ids),
      album: new Set(assignIds(seed.albums ?? [], () => 0).ids),
      song: new Set(assignIds(seed.songs ?? [], () => 0).ids),
      playlist: new Set(assignIds(seed.playlists ?? [], () => 0).ids),
    };
    const check = (
      kind: keyof typeof known,
      list: readonly number[] | undefined,
      path: (string | number)[],
    ) =>
      (list ?? []).forEach((id, i) => {
        if (!known[kind].has(id))
          ctx.addIssue({ code: 'custom', path: [...path, i], message: `no ${kind} with id ${id}` });
      });
    (seed.albums ?? []).forEach((a, i) =>
      check('artist', a.artist_ids, ['albums', i, 'artist_ids']),
    );
    (seed.songs ?? []).forEach((s, i) => {
      check('artist', s.artist_ids, ['songs', i, 'artist_ids']);
      if (s.album_id !== undefined && !known.album.has(s.album_id))
        ctx.addIssue({
          code: 'custom',
          path: ['songs', i, 'album_id'],
          message: `no album with id ${s.album_id}`,
        });
    });
    (seed.playlists ?? []).forEach((p, i) =>
      check('song', p.song_ids, ['playlists', i, 'song_ids']),
    );
    check('song', seed.liked_song_ids, ['liked_song_ids']);
    check('album', seed.liked_album_ids, ['liked_album_ids']);
    check('playlist', seed.liked_playlist_ids, ['liked_playlist_ids']);
    check('artist', seed.followed_artist_ids, ['followed_artist_ids']);
    check('song', seed.library_song_ids, ['library_song_ids']);
    check('album', seed.library_album_ids, ['library_album_ids']);
    check('song', seed.downloaded_song_ids, ['downloaded_song_ids']);
    check('song', seed.song_queue, ['song_queue']);
  });

type Seed = z.output<typeof SpotifySeed>;

/**
 * Albums: the seeded ones, then one per `album_title` that songs name and no seeded album has,
 * in song order, with the next free ids (artists: the songs' artists; genre: the first song's;
 * release date: the earliest song's). Returns the albums and each song's album id.
 */
function albumsFromSeed(seed: Seed): {
  map: EntityMap<Album>;
  next: number;
  songAlbum: (number | null)[];
} {
  const seeded = assignIds(seed.albums ?? [], (a, id): Album => ({
    album_id: id,
    title: a.title,
    artist_ids: a.artist_ids,
    genre: a.genre,
    release_date: a.release_date,
  }));
  const map = seeded.map;
  let next = seeded.next;
  const byTitle = new Map(Object.values(map).map((a) => [a.title, a.album_id]));
  const songAlbum = (seed.songs ?? []).map((s) => {
    if (s.album_id !== undefined) return s.album_id;
    if (s.album_title === undefined) return null;
    let id = byTitle.get(s.album_title);
    if (id === undefined) {
      id = next++;
      byTitle.set(s.album_title, id);
      map[String(id)] = {
        album_id: id,
        title: s.album_title,
        artist_ids: [],
        genre: s.genre,
        release_date: s.release_date,
      };
    }
    const album = map[String(id)];
    if (album && !seeded.ids.includes(id)) {
      for (const a of s.artist_ids) if (!album.artist_ids.includes(a)) album.artist_ids.push(a);
      if (s.release_date < album.release_date) album.release_date = s.release_date;
    }
    return id;
  });
  return { map, next, songAlbum };
}

const byId = <T>(list: readonly number[] | undefined, make: (id: number) => T): EntityMap<T> =>
  Object.fromEntries((list ?? []).map((id) => [String(id), make(id)]));

export function buildSpotify(seed: Seed): SpotifyState {
  const base = baseFromSeed(seed);
  const now = base.now;
  const me = base.account?.email ?? base.account?.username ?? 'me@example.com';
  const users = assignIds(seed.users ?? [], (p) => personFromSeed(p));
  const artists = assignIds(seed.artists ?? [], (a, id): Artist => ({
    artist_id: id,
    name: a.name,
    genre: a.genre,
    follower_count: a.follower_count,
    created_at: now,
  }));
  const albums = albumsFromSeed(seed);
  const songs = assignIds(
    (seed.songs ?? []).map((s, i) => ({ ...s, albumId: albums.songAlbum[i] ?? null })),
    (s, id): Song => ({
      song_id: id,
      title: s.title,
      album_id: s.albumId,
      album_title: s.albumId === null ? null : (albums.map[String(s.albumId)]?.title ?? null),
      artist_ids: s.artist_ids,
      genre: s.genre,
      duration: s.duration,
      release_date: s.release_date,
      play_count: s.play_count,
    }),
  );
  const playlists = assignIds(seed.playlists ?? [], (p, id): Playlist => ({
    playlist_id: id,
    title: p.title,
    is_public: p.is_public,
    owner_email: p.owner_email ?? me,
    song_ids: p.song_ids,
    created_at: now,
    updated_at: now,
  }));
  const queue = seed.song_queue ?? [];
  return {
    ...base,
    next_id: {
      artist: artists.next,
      album: albums.next,
      song: songs.next,
      playlist: playlists.next,
      song_review: 1,
      user: users.next,
    },
    artists: artists.map,
    albums: albums.map,
    songs: songs.map,
    playlists: playlists.map,
    song_reviews: {},
    users: users.map,
    liked_songs: byId(seed.liked_song_ids, (song_id) => ({ song_id, liked_at: now })),
    liked_albums: byId(seed.liked_album_ids, (album_id) => ({ album_id, liked_at: now })),
    liked_playlists: byId(seed.liked_playlist_ids, (playlist_id) => ({
      playlist_id,
      liked_at: now,
    })),
    followed_artists: byId(seed.followed_artist_ids, (artist_id) => ({
      artist_id,
      followed_at: now,
    })),
    library_songs: byId(seed.library_song_ids, (song_id) => ({ song_id, added_at: now })),
    library_albums: byId(seed.library_album_ids, (album_id) => ({ album_id, added_at: now })),
    downloaded_songs: byId(seed.downloaded_song_ids, (song_id) => ({
      song_id,
      downloaded_at: now,
    })),
    player: { queue, position: queue.length ? 0 : null, is_playing: false },
  };
}

export function emptySpotify(): SpotifyState {
  const collections = Object.fromEntries(SPOTIFY_COLLECTIONS.map((c) => [c, {}])) as Pick<
    SpotifyState,
    (typeof SPOTIFY_COLLECTIONS)[number]
  >;
  return {
    ...emptyBase(),
    ...collections,
    player: { queue: [], position: null, is_playing: false },
  };
}
