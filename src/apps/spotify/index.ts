/** spotify: AppWorld's music app (songs, albums, artists, playlists, likes, libraries, reviews, the player). */
import { defineApp } from '../kit/define.ts';
import { catalogApis } from './catalog.ts';
import { kit } from './common.ts';
import { libraryApis } from './library.ts';
import { playerApis } from './player.ts';
import { playlistApis } from './playlists.ts';
import { buildSpotify, SPOTIFY_COLLECTIONS, SpotifySeed } from './state.ts';

export type { Album, Artist, Playlist, Song, SongReview, SpotifyState } from './state.ts';
export { SpotifySeed } from './state.ts';

export const spotify = defineApp({
  name: 'spotify',
  title: 'Spotify',
  seedSchema: SpotifySeed,
  collections: SPOTIFY_COLLECTIONS,
  // The APIs that change nothing the user owns (login included): a proposal's observe turns offer only these.
  readOnly: [
    'login',
    'show_account',
    'show_profile',
    'search_songs',
    'show_song',
    'show_genres',
    'search_albums',
    'show_album',
    'search_artists',
    'show_artist',
    'search_users',
    'show_song_review',
    'show_song_reviews',
    'show_liked_songs',
    'show_liked_albums',
    'show_liked_playlists',
    'show_artist_following',
    'show_following_artists',
    'show_song_library',
    'show_album_library',
    'show_downloaded_songs',
    'search_playlists',
    'show_playlist_library',
    'show_playlist',
    'show_current_song',
    'show_song_queue',
  ],
  tools: [...kit.accountApis(), ...catalogApis, ...libraryApis, ...playlistApis, ...playerApis],
  build: buildSpotify,
});
