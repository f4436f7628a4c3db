/** spotify's playlists: searching, the owner's playlist library, creating and editing them. */
import { applyChanges, fail, isOwner } from '../kit/app.ts';
import { bool, email, int, name, paging, query, text } from '../kit/args.ts';
import { paginate, searchBy } from '../kit/query.ts';
import {
  kit,
  ownPlaylist,
  playlistId,
  playlistShort,
  playlistView,
  songId,
  sortList,
  visiblePlaylist,
} from './common.ts';

export const playlistApis = [
  kit.api(
    'search_playlists',
    'Search for playlists with a query: all public playlists, and your own private ones when you pass an access token.',
    {
      query,
      min_like_count: int('The minimum like count for search results.', { min: 0 }).optional(),
      max_like_count: int('The maximum like count for search results.', { min: 0 }).optional(),
      owner_email: email('If passed, only playlists owned by this user.').optional(),
      ...paging,
      sort_by: text(
        'Sort by +/- like_count or created_at; without it, by relevance to the query.',
      ).optional(),
    },
    (a, call) => {
      const viewer = call.viewer;
      const mine = (p: { owner_email: string }) =>
        viewer !== null && isOwner(viewer, p.owner_email);
      const all = Object.values(call.state.playlists);
      const list = [
        ...all.filter((p) => !p.is_public && mine(p)),
        ...all.filter((p) => p.is_public),
      ].filter(
        (p) =>
          a.owner_email === undefined ||
          p.owner_email.toLowerCase() === a.owner_email.toLowerCase(),
      );
      let views = searchBy(list, a.query, (p) => p.title)
        .map((p) => playlistShort(call, p))
        .filter(
          (v) =>
            (a.min_like_count === undefined || v.like_count >= a.min_like_count) &&
            (a.max_like_count === undefined || v.like_count <= a.max_like_count),
        );
      if (a.sort_by?.trim())
        views = sortList(
          views,
          a.sort_by,
          ['like_count', 'rating', 'created_at'],
          '-like_count',
          'playlist_id',
        );
      return paginate(views, a);
    },
    { auth: 'optional' },
  ),
  kit.api(
    'show_playlist_library',
    'Search or show a list of playlists in your playlist library (the playlists you own).',
    {
      query,
      ...paging,
      is_public: bool('Whether to show public playlists or private playlists.').optional(),
      sort_by: text('Sort by +/- created_at or title (default -created_at).').optional(),
    },
    (a, call) => {
      const own = Object.values(call.state.playlists).filter(
        (p) =>
          isOwner(call.owner, p.owner_email) &&
          (a.is_public === undefined || p.is_public === a.is_public),
      );
      const views = searchBy(own, a.query, (p) => p.title).map((p) => playlistShort(call, p));
      return paginate(
        sortList(views, a.sort_by, ['created_at', 'title'], '-created_at', 'playlist_id'),
        a,
      );
    },
  ),
  kit.api(
    'show_playlist',
    'Get a playlist with its songs: a public one, or your own when you pass an access token.',
    { playlist_id: playlistId },
    (a, call) => playlistView(call, visiblePlaylist(call, a.playlist_id)),
    { auth: 'optional' },
  ),
  kit.api(
    'create_playlist',
    'Create a new playlist.',
    {
      title: name('The title of the playlist.'),
      is_public: bool('Whether the playlist is public or not (default false).').optional(),
    },
    (a, call) => {
      if (
        Object.values(call.state.playlists).some(
          (p) => p.title === a.title && isOwner(call.owner, p.owner_email),
        )
      )
        fail(422, `You already have a playlist titled ${JSON.stringify(a.title)}.`);
      const id = call.nextId('playlist');
      call.state.playlists[String(id)] = {
        playlist_id: id,
        title: a.title,
        is_public: a.is_public ?? false,
        owner_email: call.ownerEmail,
        song_ids: [],
        created_at: call.now,
        updated_at: call.now,
      };
      return { message: 'Playlist created.', playlist_id: id };
    },
  ),
  kit.api(
    'update_playlist',
    'Update a playlist title or privacy.',
    {
      playlist_id: playlistId,
      title: name('The updated title of the playlist.').optional(),
      is_public: bool('Whether the playlist is public or not.').optional(),
    },
    (a, call) => {
      const p = ownPlaylist(call, a.playlist_id);
      applyChanges(p, { title: a.title, is_public: a.is_public });
      p.updated_at = call.now;
      return { message: 'Playlist updated.' };
    },
  ),
  kit.api('delete_playlist', 'Delete a playlist.', { playlist_id: playlistId }, (a, call) => {
    ownPlaylist(call, a.playlist_id);
    delete call.state.playlists[String(a.playlist_id)];
    delete call.state.liked_playlists[String(a.playlist_id)];
    return { message: 'Playlist deleted.' };
  }),
  kit.api(
    'add_song_to_playlist',
    'Add a song to one of your playlists.',
    { playlist_id: playlistId, song_id: songId },
    (a, call) => {
      const p = ownPlaylist(call, a.playlist_id);
      if (!(String(a.song_id) in call.state.songs))
        fail(404, `Song with song_id ${a.song_id} does not exist.`);
      if (p.song_ids.includes(a.song_id)) fail(422, 'The song is already in the playlist.');
      p.song_ids.push(a.song_id);
      p.updated_at = call.now;
      return { message: 'Song added to the playlist.' };
    },
  ),
  kit.api(
    'remove_song_from_playlist',
    'Remove a song from one of your playlists.',
    { playlist_id: playlistId, song_id: songId },
    (a, call) => {
      const p = ownPlaylist(call, a.playlist_id);
      if (!p.song_ids.includes(a.song_id)) fail(422, 'The song is not in the playlist.');
      p.song_ids = p.song_ids.filter((id) => id !== a.song_id);
      p.updated_at = call.now;
      return { message: 'Song removed from playlist.' };
    },
  ),
];
