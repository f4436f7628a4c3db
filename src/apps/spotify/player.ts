/** spotify's music player: a queue of songs played in a cycle, a cursor on the current one. */
import { fail } from '../kit/app.ts';
import { int } from '../kit/args.ts';
import {
  album,
  albumId,
  albumSongs,
  kit,
  playlistById,
  playlistId,
  song,
  songId,
  songShort,
  type Call,
} from './common.ts';

const player = (call: Call) => call.state.player;

/** The songs an album or playlist puts in the queue; `empty` is AppWorld's message when there are none. */
function songsOf(
  call: Call,
  a: { album_id?: number | undefined; playlist_id?: number | undefined },
  empty: (what: string) => string,
): number[] {
  if (a.album_id !== undefined) {
    const ids = albumSongs(call, album(call, a.album_id)).map((s) => s.song_id);
    if (!ids.length) fail(422, empty('album'));
    return ids;
  }
  const ids = [...playlistById(call, a.playlist_id ?? 0).song_ids];
  if (!ids.length) fail(422, empty('playlist'));
  return ids;
}

function current(call: Call): number {
  const { queue, position } = player(call);
  return queue[position ?? 0] ?? 0;
}

export const playerApis = [
  kit.api(
    'play_music',
    'Play music. Pass at most one of queue_position, song_id, album_id or playlist_id. A song goes to the front of the queue; an album or playlist replaces the queue; queue_position plays that song of the queue; with nothing given, the current song of the queue plays.',
    {
      song_id: int('ID of the song to play.').optional(),
      album_id: int('ID of the album to play.').optional(),
      playlist_id: int('ID of the playlist to play.').optional(),
      queue_position: int('Position of the song in the queue to play.', { min: 0 }).optional(),
    },
    (a, call) => {
      const given = [a.queue_position, a.song_id, a.album_id, a.playlist_id].filter(
        (x) => x !== undefined,
      ).length;
      if (given > 1)
        fail(
          422,
          `Either none or exactly one of queue_position, song_id, album_id or playlist_id should be passed, found ${given}.`,
        );
      const p = player(call);
      if (a.song_id !== undefined) {
        song(call, a.song_id);
        p.queue.unshift(a.song_id);
        p.position = 0;
      } else if (a.album_id !== undefined || a.playlist_id !== undefined) {
        p.queue = songsOf(call, a, (what) => `The ${what} is empty, cannot play it.`);
        p.position = 0;
      } else if (a.queue_position !== undefined) {
        if (!p.queue.length) fail(422, 'The song queue is empty, cannot play it.');
        if (a.queue_position >= p.queue.length)
          fail(
            422,
            `The queue position (${a.queue_position}) is out of range, the queue has only ${p.queue.length} songs.`,
          );
        p.position = a.queue_position;
      } else if (!p.queue.length) fail(422, 'The song queue is empty, cannot play it.');
      const playing = song(call, current(call));
      p.is_playing = true;
      return { message: `Song (${playing.title}) is now playing.`, song_id: playing.song_id };
    },
  ),
  kit.api('pause_music', 'Pause the currently playing song.', {}, (_a, call) => {
    const p = player(call);
    if (!p.is_playing) fail(422, 'No song is currently playing.');
    if (!p.queue.length) fail(422, 'The song queue is empty, cannot pause the song.');
    p.is_playing = false;
    return { message: `Song (${song(call, current(call)).title}) paused.` };
  }),
  kit.api('show_current_song', 'Show details of the current song on the queue.', {}, (_a, call) => {
    const p = player(call);
    if (!p.queue.length) fail(422, 'The song queue is empty.');
    return {
      ...songShort(call, song(call, current(call))),
      played_seconds: 0,
      is_playing: p.is_playing,
      is_looping: false,
    };
  }),
  kit.api(
    'show_song_queue',
    'Get the music player song queue. Songs are played in the order of the queue in a cycle.',
    {},
    (_a, call) => {
      const p = player(call);
      return p.queue.map((id, position) => {
        const is_current = position === p.position;
        return {
          ...songShort(call, song(call, id)),
          position,
          is_playing: p.is_playing && is_current,
          is_current,
        };
      });
    },
  ),
  kit.api(
    'add_to_queue',
    'Add a song, album or playlist to the end of the music player song queue. Pass exactly one of song_id, album_id or playlist_id.',
    {
      song_id: songId.optional(),
      album_id: albumId.optional(),
      playlist_id: playlistId.optional(),
    },
    (a, call) => {
      const given = [a.song_id, a.album_id, a.playlist_id].filter((x) => x !== undefined).length;
      if (given !== 1)
        fail(
          422,
          `Exactly one of song_id, album_id or playlist_id should be passed, found ${given}.`,
        );
      const p = player(call);
      let what = 'Song';
      if (a.song_id !== undefined) {
        song(call, a.song_id);
        p.queue.push(a.song_id);
      } else {
        what = a.album_id !== undefined ? 'Album' : 'Playlist';
        p.queue.push(...songsOf(call, a, (w) => `The ${w} is empty, nothing to add to the queue.`));
      }
      p.position ??= 0;
      return { message: `${what} added to the queue.` };
    },
  ),
  kit.api(
    'remove_song_from_queue',
    'Remove the song at the given position from the music player song queue.',
    { position: int('The 0-indexed position of the song in the queue.') },
    (a, call) => {
      const p = player(call);
      if (!p.queue.length) fail(422, 'The song queue is empty, cannot remove a song.');
      const n = p.queue.length;
      if (a.position < 0 || a.position >= n)
        fail(422, `The song queue has ${n} songs. So the position should be >= 0 and < ${n}.`);
      p.queue.splice(a.position, 1);
      if (!p.queue.length) p.position = null;
      else if (p.position !== null && p.position > a.position) p.position -= 1;
      else if (p.position === a.position) p.position = a.position % p.queue.length;
      if (!p.queue.length) p.is_playing = false;
      return { message: `Removed song at position ${a.position} from the song queue.` };
    },
  ),
  kit.api(
    'previous_song',
    'Go to the previous song in the song queue (from the first, to the last).',
    {},
    (_a, call) => step(call, -1),
  ),
  kit.api(
    'next_song',
    'Go to the next song in the song queue (from the last, to the first).',
    {},
    (_a, call) => step(call, 1),
  ),
  kit.api('clear_song_queue', 'Clear the music player song queue.', {}, (_a, call) => {
    call.state.player = { queue: [], position: null, is_playing: false };
    return { message: 'Cleared the song queue.' };
  }),
];

function step(call: Call, by: 1 | -1) {
  const p = player(call);
  const which = by === 1 ? 'next' : 'previous';
  if (!p.queue.length) fail(422, `The song queue is empty, cannot move to the ${which} song.`);
  if (p.queue.length === 1)
    fail(422, `There is only one song in the queue, cannot move to the ${which} song.`);
  p.position = ((p.position ?? 0) + by + p.queue.length) % p.queue.length;
  return { message: `Moved to the ${which} song in the queue.`, song_id: current(call) };
}
