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
  tools: [...kit.accountApis(), ...catalogApis, ...libraryApis, ...playlistApis, ...playerApis],
  build: buildSpotify,
});
