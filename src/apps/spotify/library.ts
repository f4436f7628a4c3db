/** The owner's own collections in spotify: likes, followed artists, the song and album libraries, downloads. */
import { fail } from '../kit/app.ts';
import type { EntityMap } from '../kit/state.ts';
import { paging, query, text } from '../kit/args.ts';
import { paginate, searchBy } from '../kit/query.ts';
import {
  album,
  albumId,
  albumShort,
  artist,
  artistId,
  artistRefs,
  artistView,
  kit,
  playlistId,
  playlistShort,
  song,
  songId,
  songShort,
  sortList,
  visiblePlaylist,
  type Call,
} from './common.ts';

const sortBy = (fields: string, fallback: string) =>
  text(`Sort by +/- ${fields} (default ${fallback}).`).optional();
const songText = (call: Call, id: number) => {
  const s = call.state.songs[String(id)];
  return s
    ? `${s.title} ${s.genre} ${artistRefs(call, s.artist_ids)
        .map((r) => r.name)
        .join(' ')}`
    : '';
};
const albumText = (call: Call, id: number) => {
  const a = call.state.albums[String(id)];
  return a
    ? `${a.title} ${a.genre} ${artistRefs(call, a.artist_ids)
        .map((r) => r.name)
        .join(' ')}`
    : '';
};

/** One of the owner's marks on a thing (a like, a follow, a library entry, a download), as AppWorld keeps them. */
interface Mark {
  map:
    | 'liked_songs'
    | 'liked_albums'
    | 'liked_playlists'
    | 'followed_artists'
    | 'library_songs'
    | 'library_albums'
    | 'downloaded_songs';
  idKey: 'song_id' | 'album_id' | 'playlist_id' | 'artist_id';
  at: 'liked_at' | 'followed_at' | 'added_at' | 'downloaded_at';
  /** Fails as AppWorld does for a thing that does not exist or that the owner may not see. */
  check: (call: Call, id: number) => unknown;
}

const ID_ARGS = {
  song_id: songId,
  album_id: albumId,
  playlist_id: playlistId,
  artist_id: artistId,
};
const marks = (call: Call, m: Mark): EntityMap<unknown> => call.state[m.map];

/** An API that sets a mark: `already` is AppWorld's 422 when it is set. */
function setMark(api: string, description: string, m: Mark, already: string, message: string) {
  return kit.api(api, description, { [m.idKey]: ID_ARGS[m.idKey] }, (a, call) => {
    const id = (a as Record<string, number>)[m.idKey] ?? 0;
    m.check(call, id);
    if (String(id) in marks(call, m)) fail(422, already);
    marks(call, m)[String(id)] = { [m.idKey]: id, [m.at]: call.now };
    return { message };
  });
}

/** An API that clears a mark; `checked`: whether AppWorld looks the thing up first (404 before the 422). */
function clearMark(
  api: string,
  description: string,
  m: Mark,
  checked: boolean,
  missing: string,
  message: string,
) {
  return kit.api(api, description, { [m.idKey]: ID_ARGS[m.idKey] }, (a, call) => {
    const id = (a as Record<string, number>)[m.idKey] ?? 0;
    if (checked) m.check(call, id);
    if (!(String(id) in marks(call, m))) fail(422, missing);
    delete marks(call, m)[String(id)];
    return { message };
  });
}

const LIKED_SONG: Mark = { map: 'liked_songs', idKey: 'song_id', at: 'liked_at', check: song };
const LIKED_ALBUM: Mark = { map: 'liked_albums', idKey: 'album_id', at: 'liked_at', check: album };
const LIKED_PLAYLIST: Mark = {
  map: 'liked_playlists',
  idKey: 'playlist_id',
  at: 'liked_at',
  check: visiblePlaylist,
};
const FOLLOWED: Mark = {
  map: 'followed_artists',
  idKey: 'artist_id',
  at: 'followed_at',
  check: artist,
};
const LIBRARY_SONG: Mark = { map: 'library_songs', idKey: 'song_id', at: 'added_at', check: song };
const LIBRARY_ALBUM: Mark = {
  map: 'library_albums',
  idKey: 'album_id',
  at: 'added_at',
  check: album,
};
const DOWNLOADED: Mark = {
  map: 'downloaded_songs',
  idKey: 'song_id',
  at: 'downloaded_at',
  check: song,
};

export const libraryApis = [
  setMark(
    'like_song',
    'Like a song.',
    LIKED_SONG,
    'You have already liked this song in the past.',
    'Song liked.',
  ),
  clearMark(
    'unlike_song',
    'Unlike a song.',
    LIKED_SONG,
    true,
    'You have not liked this song, so cannot unlike it.',
    'Song unliked.',
  ),
  kit.api(
    'show_liked_songs',
    'Get a list of songs you have liked.',
    { ...paging, sort_by: sortBy('liked_at or title', '-liked_at') },
    (a, call) => {
      const list = Object.values(call.state.liked_songs).map((l) => ({
        ...songShort(call, song(call, l.song_id)),
        liked_at: l.liked_at,
      }));
      return paginate(sortList(list, a.sort_by, ['liked_at', 'title'], '-liked_at', 'song_id'), a);
    },
  ),
  setMark(
    'like_album',
    'Like an album.',
    LIKED_ALBUM,
    'You have already liked this album in the past.',
    'Album liked.',
  ),
  clearMark(
    'unlike_album',
    'Unlike an album.',
    LIKED_ALBUM,
    true,
    'You have not liked this album, so cannot unlike it.',
    'Album unliked.',
  ),
  kit.api(
    'show_liked_albums',
    'Get a list of albums you have liked.',
    { ...paging, sort_by: sortBy('liked_at or title', '-liked_at') },
    (a, call) => {
      const list = Object.values(call.state.liked_albums).map((l) => ({
        ...albumShort(call, album(call, l.album_id)),
        liked_at: l.liked_at,
      }));
      return paginate(sortList(list, a.sort_by, ['liked_at', 'title'], '-liked_at', 'album_id'), a);
    },
  ),
  setMark(
    'like_playlist',
    'Like a playlist: your own or a public one.',
    LIKED_PLAYLIST,
    'You have already liked this playlist in the past.',
    'Playlist liked.',
  ),
  clearMark(
    'unlike_playlist',
    'Unlike a playlist.',
    LIKED_PLAYLIST,
    true,
    'You have not liked this playlist, so cannot unlike it.',
    'Playlist unliked.',
  ),
  kit.api(
    'show_liked_playlists',
    'Get a list of playlists you have liked.',
    { ...paging, sort_by: sortBy('liked_at or title', '-liked_at') },
    (a, call) => {
      const list = Object.values(call.state.liked_playlists)
        .map((l) => ({ l, p: call.state.playlists[String(l.playlist_id)] }))
        .filter((x) => x.p !== undefined)
        .map(({ l, p }) => ({ ...playlistShort(call, p!), liked_at: l.liked_at }));
      return paginate(
        sortList(list, a.sort_by, ['liked_at', 'title'], '-liked_at', 'playlist_id'),
        a,
      );
    },
  ),
  setMark(
    'follow_artist',
    'Follow an artist.',
    FOLLOWED,
    'You are already following this artist.',
    'Artist followed.',
  ),
  clearMark(
    'unfollow_artist',
    'Unfollow an artist.',
    FOLLOWED,
    false,
    'You are already not following this artist.',
    'Artist unfollowed.',
  ),
  kit.api(
    'show_artist_following',
    'Show if you are following the artist.',
    { artist_id: artistId },
    (a, call) => {
      artist(call, a.artist_id);
      return { following: String(a.artist_id) in call.state.followed_artists };
    },
  ),
  kit.api(
    'show_following_artists',
    'Search or show a list of artists you are following.',
    { query, ...paging, sort_by: sortBy('followed_at or name', '-followed_at') },
    (a, call) => {
      const list = Object.values(call.state.followed_artists).map((f) => ({
        ...artistView(call, artist(call, f.artist_id)),
        followed_at: f.followed_at,
      }));
      return paginate(
        sortList(
          searchBy(list, a.query, (x) => `${x.name} ${x.genre}`),
          a.sort_by,
          ['followed_at', 'name'],
          '-followed_at',
          'artist_id',
        ),
        a,
      );
    },
  ),
  kit.api(
    'show_song_library',
    'Search or show a list of songs in your song library.',
    { query, ...paging, sort_by: sortBy('added_at or title', '-added_at') },
    (a, call) => {
      const entries = searchBy(Object.values(call.state.library_songs), a.query, (l) =>
        songText(call, l.song_id),
      );
      const list = entries.map((l) => ({
        ...songShort(call, song(call, l.song_id)),
        added_at: l.added_at,
      }));
      return paginate(sortList(list, a.sort_by, ['added_at', 'title'], '-added_at', 'song_id'), a);
    },
  ),
  setMark(
    'add_song_to_library',
    'Add a song to your song library.',
    LIBRARY_SONG,
    'The song is already in your library.',
    'Song added to library.',
  ),
  clearMark(
    'remove_song_from_library',
    'Remove a song from your song library.',
    LIBRARY_SONG,
    false,
    'The song is not in your library.',
    'Song removed from library.',
  ),
  kit.api(
    'show_album_library',
    'Search or show a list of albums in your album library.',
    { query, ...paging, sort_by: sortBy('added_at or title', '-added_at') },
    (a, call) => {
      const entries = searchBy(Object.values(call.state.library_albums), a.query, (l) =>
        albumText(call, l.album_id),
      );
      const list = entries.map((l) => ({
        ...albumShort(call, album(call, l.album_id)),
        added_at: l.added_at,
      }));
      return paginate(sortList(list, a.sort_by, ['added_at', 'title'], '-added_at', 'album_id'), a);
    },
  ),
  setMark(
    'add_album_to_library',
    'Add an album to your album library.',
    LIBRARY_ALBUM,
    'The album is already in your library.',
    'Album added to library.',
  ),
  clearMark(
    'remove_album_from_library',
    'Remove an album from your album library.',
    LIBRARY_ALBUM,
    false,
    'The album is not in your library.',
    'Album removed from library.',
  ),
  kit.api(
    'show_downloaded_songs',
    'Search or show a list of your downloaded songs.',
    {
      query,
      min_downloaded_at: text(
        'Filter songs by minimum downloaded_at date in YYYY-MM-DD format.',
      ).optional(),
      max_downloaded_at: text(
        'Filter songs by maximum downloaded_at date in YYYY-MM-DD format.',
      ).optional(),
      ...paging,
      sort_by: sortBy('downloaded_at', '-downloaded_at'),
    },
    (a, call) => {
      const day = (at: string) => at.slice(0, 10);
      const entries = Object.values(call.state.downloaded_songs).filter(
        (d) =>
          (a.min_downloaded_at === undefined || day(d.downloaded_at) >= day(a.min_downloaded_at)) &&
          (a.max_downloaded_at === undefined || day(d.downloaded_at) <= day(a.max_downloaded_at)),
      );
      const list = searchBy(entries, a.query, (d) => songText(call, d.song_id)).map((d) => ({
        ...songShort(call, song(call, d.song_id)),
        downloaded_at: d.downloaded_at,
      }));
      return paginate(sortList(list, a.sort_by, ['downloaded_at'], '-downloaded_at', 'song_id'), a);
    },
  ),
  setMark(
    'download_song',
    'Download a song.',
    DOWNLOADED,
    'The song is already downloaded.',
    'Song downloaded.',
  ),
  clearMark(
    'remove_downloaded_song',
    'Remove a song from downloads.',
    DOWNLOADED,
    false,
    'The song is not downloaded.',
    'Song removed from downloads.',
  ),
];
