/** spotify on the user's phone: liked songs, playlists, search, what is playing. */
import { clip, people, type AppScreens } from '../screens/spec.ts';

const songLine = (s: { title: string; artists?: unknown }) =>
  `${clip(s.title, 40)} — ${clip(people(s.artists), 30)}`;

/** The queue's current song is marked playing (▶) or paused (‖). */
function queueMark(s: { is_current?: unknown; is_playing?: unknown }): string {
  if (!s.is_current) return '';
  return s.is_playing ? '▶ ' : '‖ ';
}

export const spotifyScreens: AppScreens = {
  app: 'spotify',
  title: 'Spotify',
  home: 'liked',
  screens: [
    {
      kind: 'list',
      id: 'liked',
      title: 'Liked songs',
      api: 'show_liked_songs',
      items: (r) => r,
      label: songLine,
      open: { screen: 'song', params: (s) => ({ song_id: s.song_id }) },
      empty: '(no liked songs)',
      actions: [
        {
          name: 'search',
          label: 'search songs',
          api: 'search_songs',
          fields: ['query'],
          then: { screen: 'search', params: (_r, a) => ({ query: a.query }) },
        },
        { name: 'playlists', label: 'playlists', go: 'playlists', params: () => ({}) },
        { name: 'albums', label: 'albums', go: 'albums', params: () => ({}) },
        { name: 'queue', label: 'the play queue', go: 'queue', params: () => ({}) },
        { name: 'resume', label: 'play the queue', api: 'play_music' },
      ],
    },
    {
      kind: 'list',
      id: 'search',
      title: (p) => `Songs: ${String(p.query ?? '')}`,
      api: 'search_songs',
      args: (p) => ({ query: p.query, page_limit: 20 }),
      items: (r) => r,
      label: songLine,
      open: { screen: 'song', params: (s) => ({ song_id: s.song_id }) },
      empty: '(no songs found)',
    },
    {
      kind: 'list',
      id: 'playlists',
      title: 'Playlists',
      api: 'search_playlists',
      args: () => ({ page_limit: 20 }),
      items: (r) => r,
      label: (p) => `${clip(p.title, 50)}${p.is_public ? '' : ' (private)'}`,
      open: { screen: 'playlist', params: (p) => ({ playlist_id: p.playlist_id }) },
      empty: '(no playlists)',
      actions: [
        { name: 'new_playlist', label: 'new playlist', api: 'create_playlist', fields: ['title'] },
      ],
    },
    {
      kind: 'item',
      id: 'playlist',
      api: 'show_playlist',
      args: (p) => ({ playlist_id: p.playlist_id }),
      title: (p) => clip(p.title, 60),
      lines: (p) =>
        (p.songs ?? []).map(
          (s: { title: string; artists?: unknown }, i: number) => `${i + 1}. ${songLine(s)}`,
        ),
      actions: [
        {
          name: 'play',
          label: 'play the playlist',
          api: 'play_music',
          fixed: (p) => ({ playlist_id: p.playlist_id }),
        },
      ],
    },
    {
      kind: 'list',
      id: 'albums',
      title: 'Albums',
      api: 'search_albums',
      args: () => ({ page_limit: 20 }),
      items: (r) => r,
      label: (a) => `${clip(a.title, 40)} — ${clip(people(a.artists), 30)}`,
      open: { screen: 'album', params: (a) => ({ album_id: a.album_id }) },
      empty: '(no albums)',
    },
    {
      kind: 'item',
      id: 'album',
      api: 'show_album',
      args: (p) => ({ album_id: p.album_id }),
      title: (a) => clip(a.title, 60),
      lines: (a) => [
        `${people(a.artists)} · ${a.genre ?? ''} · ${String(a.release_date ?? '').slice(0, 10)}`,
        ...(a.songs ?? []).map(
          (s: { title: string; artists?: unknown }, i: number) => `${i + 1}. ${songLine(s)}`,
        ),
      ],
      actions: [
        {
          name: 'play',
          label: 'play the album',
          api: 'play_music',
          fixed: (p) => ({ album_id: p.album_id }),
        },
        {
          name: 'queue',
          label: 'add to the queue',
          api: 'add_to_queue',
          fixed: (p) => ({ album_id: p.album_id }),
        },
        {
          name: 'like',
          label: 'like',
          api: 'like_album',
          fixed: (p) => ({ album_id: p.album_id }),
        },
        {
          name: 'save',
          label: 'save to your library',
          api: 'add_album_to_library',
          fixed: (p) => ({ album_id: p.album_id }),
        },
      ],
    },
    {
      kind: 'list',
      id: 'queue',
      title: 'Play queue',
      api: 'show_song_queue',
      items: (r) => r,
      label: (s) => `${queueMark(s)}${songLine(s)}`,
      open: { screen: 'song', params: (s) => ({ song_id: s.song_id }) },
      empty: '(the queue is empty)',
      actions: [
        { name: 'resume', label: 'play the current song', api: 'play_music' },
        { name: 'clear', label: 'clear the queue', api: 'clear_song_queue' },
      ],
    },
    {
      kind: 'item',
      id: 'song',
      api: 'show_song',
      args: (p) => ({ song_id: p.song_id }),
      title: (s) => clip(s.title, 60),
      lines: (s) => [`${people(s.artists)} · ${s.album_title ?? ''} · ${s.duration ?? ''} s`],
      actions: [
        { name: 'play', label: 'play', api: 'play_music', fixed: (p) => ({ song_id: p.song_id }) },
        { name: 'like', label: 'like', api: 'like_song', fixed: (p) => ({ song_id: p.song_id }) },
        {
          name: 'queue',
          label: 'add to the queue',
          api: 'add_to_queue',
          fixed: (p) => ({ song_id: p.song_id }),
        },
        {
          name: 'save',
          label: 'save to your library',
          api: 'add_song_to_library',
          fixed: (p) => ({ song_id: p.song_id }),
        },
        {
          name: 'add_to_playlist',
          label: 'add to a playlist',
          api: 'add_song_to_playlist',
          fields: ['playlist_id'],
          fixed: (p) => ({ song_id: p.song_id }),
        },
      ],
    },
  ],
};
