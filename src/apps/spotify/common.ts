/** What spotify's API modules share: the kit, lookups that fail as AppWorld does, and AppWorld's response shapes. */
import { AppKit, fail, getEntity, isOwner, personRef, type AppCall } from '../kit/app.ts';
import { int } from '../kit/args.ts';
import { sortBy } from '../kit/query.ts';
import {
  emptySpotify,
  type Album,
  type Artist,
  type Playlist,
  type Song,
  type SpotifyState,
} from './state.ts';

export const kit = new AppKit<SpotifyState>({
  name: 'spotify',
  title: 'Spotify',
  empty: emptySpotify,
});
export type Call = AppCall<SpotifyState>;

export const songId = int('The ID of the song.');
export const albumId = int('The ID of the album.');
export const playlistId = int('The ID of the playlist.');
export const artistId = int('The ID of the artist.');

export const song = (call: Call, id: number) => getEntity(call.state.songs, id, 'Song', 'song_id');
export const album = (call: Call, id: number) =>
  getEntity(call.state.albums, id, 'Album', 'album_id');
export const artist = (call: Call, id: number) =>
  getEntity(call.state.artists, id, 'Artist', 'artist_id');
export const playlistById = (call: Call, id: number) =>
  getEntity(call.state.playlists, id, 'Playlist', 'playlist_id');

/** AppWorld's check on a playlist someone wants to see: public ones, and your own when you pass a token. */
export function visiblePlaylist(call: Call, id: number): Playlist {
  const p = playlistById(call, id);
  if (p.is_public) return p;
  const viewer = call.viewer;
  if (!viewer)
    fail(
      422,
      'This playlist is not public, and you have not passed an access token, so you cannot access it.',
    );
  if (!isOwner(viewer, p.owner_email))
    fail(422, 'This playlist is not public, and does not belong to you, so you cannot access it.');
  return p;
}

/** AppWorld's check on a playlist someone wants to change: only your own. */
export function ownPlaylist(call: Call, id: number): Playlist {
  const p = playlistById(call, id);
  if (!isOwner(call.owner, p.owner_email))
    fail(422, 'The given playlist does not belong to you, so you cannot access it.');
  return p;
}

export function artistRefs(call: Call, artistIds: readonly number[]) {
  return artistIds.map((id) => ({ id, name: call.state.artists[String(id)]?.name ?? '' }));
}

/** Songs of an album, in id order (AppWorld's `album.songs`). */
export function albumSongs(call: Call, a: Album): Song[] {
  return Object.values(call.state.songs).filter((s) => s.album_id === a.album_id);
}

const liked = (map: object, id: number) => (String(id) in map ? 1 : 0);

/** AppWorld answers release dates as date-times ("2024-03-01T00:00:00"); seeds may give a bare date. */
const asDateTime = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00` : date);

function reviewStats(call: Call, id: number) {
  const reviews = Object.values(call.state.song_reviews).filter((r) => r.song_id === id);
  const rating = reviews.length
    ? Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10
    : 0;
  return { rating, review_count: reviews.length };
}

/** AppWorld's short song: what lists of songs (liked, library, queue, a playlist's) carry. */
export function songShort(call: Call, s: Song) {
  return {
    song_id: s.song_id,
    title: s.title,
    album_id: s.album_id,
    album_title: s.album_title,
    duration: s.duration,
    artists: artistRefs(call, s.artist_ids),
  };
}

/** The same, keyed `id` as inside an album or playlist. */
export function songEntry(call: Call, s: Song) {
  const { song_id, ...rest } = songShort(call, s);
  return { id: song_id, ...rest };
}

/** AppWorld's song (search_songs); `extended` (show_song) adds each artist's genre and follower count. */
export function songView(call: Call, s: Song, extended = false) {
  const { rating, review_count } = reviewStats(call, s.song_id);
  return {
    ...songShort(call, s),
    artists: extended
      ? s.artist_ids.map((id) => {
          const a = call.state.artists[String(id)];
          return {
            id,
            name: a?.name ?? '',
            genre: a?.genre ?? '',
            follower_count: a ? artistView(call, a).follower_count : 0,
          };
        })
      : artistRefs(call, s.artist_ids),
    release_date: asDateTime(s.release_date),
    genre: s.genre,
    play_count: s.play_count,
    rating,
    like_count: liked(call.state.liked_songs, s.song_id),
    review_count,
    shareable_link: `https://spotify.com/songs/${s.song_id}`,
  };
}

export function artistView(call: Call, a: Artist) {
  return {
    ...a,
    follower_count: a.follower_count + liked(call.state.followed_artists, a.artist_id),
  };
}

function albumHead(call: Call, a: Album) {
  return {
    album_id: a.album_id,
    title: a.title,
    genre: a.genre,
    artists: artistRefs(call, a.artist_ids),
    rating: 0,
    like_count: liked(call.state.liked_albums, a.album_id),
    review_count: 0,
    release_date: asDateTime(a.release_date),
  };
}

/** AppWorld's short album (searches, libraries): with `song_ids`. */
export function albumShort(call: Call, a: Album) {
  return { ...albumHead(call, a), song_ids: albumSongs(call, a).map((s) => s.song_id) };
}

/** AppWorld's album (show_album): with its songs and a link. */
export function albumView(call: Call, a: Album) {
  return {
    ...albumHead(call, a),
    shareable_link: `https://spotify.com/albums/${a.album_id}`,
    songs: albumSongs(call, a).map((s) => songEntry(call, s)),
  };
}

function playlistHead(call: Call, p: Playlist) {
  return {
    playlist_id: p.playlist_id,
    title: p.title,
    is_public: p.is_public,
    rating: 0,
    like_count: liked(call.state.liked_playlists, p.playlist_id),
    review_count: 0,
    owner: personRef(call.state, p.owner_email),
    created_at: p.created_at,
  };
}

/** AppWorld's short playlist (searches, the playlist library): with `song_ids`. */
export function playlistShort(call: Call, p: Playlist) {
  return { ...playlistHead(call, p), song_ids: [...p.song_ids] };
}

/** AppWorld's playlist (show_playlist): with its songs; a link only when public. */
export function playlistView(call: Call, p: Playlist) {
  const songs = p.song_ids.map((id) => call.state.songs[String(id)]).filter((s) => s !== undefined);
  return {
    ...playlistHead(call, p),
    shareable_link: p.is_public ? `https://spotify.com/playlists/${p.playlist_id}` : null,
    songs: songs.map((s) => songEntry(call, s)),
  };
}

/**
 * AppWorld's `sort_by` for a list API: `+field` / `-field` (or `field`) among `fields`, anything
 * else a 422. Items sort on the view's field; ties (the fixed clock makes times equal) fall back
 * to the id in the same direction.
 */
export function sortList<T extends object>(
  items: readonly T[],
  spec: string | undefined,
  fields: readonly string[],
  fallback: string,
  idKey: keyof T,
): T[] {
  const given = spec?.trim();
  if (given && !fields.includes(given.replace(/^[+-]/, '')))
    fail(
      422,
      `Invalid sort_by: ${JSON.stringify(given)}. It must be one of ${fields.map((f) => `+${f}, -${f}`).join(', ')}.`,
    );
  return sortBy(items, given || fallback, fallback, idKey);
}
