/** spotify's public catalogue: songs, albums, artists, genres, users and song reviews. */
import { applyChanges, directory, fail, getEntity, personRef, type AppCall } from '../kit/app.ts';
import { email, int, num, paging, query, review, text } from '../kit/args.ts';
import { paginate, searchBy } from '../kit/query.ts';
import { fullName } from '../kit/state.ts';
import type { SongReview, SpotifyState } from './state.ts';
import {
  album,
  albumId,
  albumShort,
  albumView,
  artist,
  artistId,
  artistRefs,
  artistView,
  kit,
  song,
  songId,
  songView,
  sortList,
  type Call,
} from './common.ts';

const min = (what: string) => int(`The minimum ${what} for search results.`, { min: 0 }).optional();
const max = (what: string) => int(`The maximum ${what} for search results.`, { min: 0 }).optional();
const rating = (which: string) =>
  num(`The ${which} rating for search results (0 to 5).`).optional();
const dates = {
  min_release_date: text(
    'The minimum release date for search results in YYYY-MM-DD format.',
  ).optional(),
  max_release_date: text(
    'The maximum release date for search results in YYYY-MM-DD format.',
  ).optional(),
};

const within = (value: number, lo: number | undefined, hi: number | undefined) =>
  (lo === undefined || value >= lo) && (hi === undefined || value <= hi);
const onDates = (
  date: string,
  a: { min_release_date?: string | undefined; max_release_date?: string | undefined },
) =>
  (a.min_release_date === undefined || date.slice(0, 10) >= a.min_release_date.slice(0, 10)) &&
  (a.max_release_date === undefined || date.slice(0, 10) <= a.max_release_date.slice(0, 10));
const sameGenre = (genre: string, wanted: string | undefined) =>
  wanted === undefined || genre.toLowerCase() === wanted.toLowerCase();

function songReview(call: Call, id: number): SongReview {
  return getEntity(call.state.song_reviews, id, 'Song review', 'review_id');
}

function reviewView(call: AppCall<SpotifyState>, r: SongReview) {
  return {
    song_review_id: r.song_review_id,
    song_id: r.song_id,
    rating: r.rating,
    title: r.title,
    text: r.text,
    created_at: r.created_at,
    user: personRef(call.state, r.user_email),
  };
}

/** Everyone search_users finds: the owner, the seeded users and anyone who owns a playlist. */
function spotifyUsers(call: Call) {
  const s = call.state;
  const people = new Map<
    string,
    { first_name: string; last_name: string; email: string; registered_at: string }
  >();
  const add = (address: string) => {
    const key = address.toLowerCase();
    if (people.has(key)) return;
    const [first = '', ...rest] = personRef(s, address).name.split(' ');
    people.set(key, {
      first_name: first,
      last_name: rest.join(' '),
      email: address,
      registered_at: s.now,
    });
  };
  if (s.account?.email)
    people.set(s.account.email.toLowerCase(), {
      first_name: s.account.first_name,
      last_name: s.account.last_name,
      email: s.account.email,
      registered_at: s.account.registered_at,
    });
  for (const p of Object.values(directory(s))) add(p.email);
  for (const p of Object.values(s.playlists)) add(p.owner_email);
  return [...people.values()];
}

export const catalogApis = [
  kit.api(
    'search_songs',
    'Search for songs with a query. No login needed.',
    {
      query,
      ...paging,
      artist_id: int('The artist id to filter the search results by.').optional(),
      album_id: int('The album id to filter the search results by.').optional(),
      genre: text('The genre to filter the songs by.').optional(),
      ...dates,
      min_duration: min('duration in seconds'),
      max_duration: max('duration in seconds'),
      min_rating: rating('minimum'),
      max_rating: rating('maximum'),
      min_like_count: min('like count'),
      max_like_count: max('like count'),
      min_play_count: min('play count'),
      max_play_count: max('play count'),
      sort_by: text(
        'Sort by +/- rating, like_count, play_count or release_date; without it, by relevance to the query.',
      ).optional(),
    },
    (a, call) => {
      let list = Object.values(call.state.songs).filter(
        (s) =>
          (a.artist_id === undefined || s.artist_ids.includes(a.artist_id)) &&
          (a.album_id === undefined || s.album_id === a.album_id) &&
          sameGenre(s.genre, a.genre) &&
          onDates(s.release_date, a),
      );
      if (a.query?.trim())
        list = searchBy(
          list,
          a.query,
          (s) =>
            `${s.title} ${s.album_title ?? ''} ${s.genre} ${artistRefs(call, s.artist_ids)
              .map((x) => x.name)
              .join(' ')}`,
        );
      let views = list
        .map((s) => songView(call, s))
        .filter(
          (v) =>
            within(v.duration, a.min_duration, a.max_duration) &&
            within(v.rating, a.min_rating, a.max_rating),
        )
        .filter(
          (v) =>
            within(v.like_count, a.min_like_count, a.max_like_count) &&
            within(v.play_count, a.min_play_count, a.max_play_count),
        );
      if (a.sort_by?.trim())
        views = sortList(
          views,
          a.sort_by,
          ['rating', 'like_count', 'play_count', 'release_date'],
          '+song_id',
          'song_id',
        );
      return paginate(views, a);
    },
    { auth: 'none' },
  ),
  kit.api(
    'show_song',
    'Get details of a specific song. No login needed.',
    { song_id: songId },
    (a, call) => songView(call, song(call, a.song_id), true),
    { auth: 'none' },
  ),
  kit.api(
    'show_genres',
    'Show the list of all music genres. No login needed.',
    {},
    (_a, call) => [
      ...new Set(
        Object.values(call.state.songs)
          .map((s) => s.genre)
          .filter((g) => g !== ''),
      ),
    ],
    { auth: 'none' },
  ),
  kit.api(
    'search_albums',
    'Search for albums with a query. No login needed.',
    {
      query,
      ...paging,
      min_rating: rating('minimum'),
      max_rating: rating('maximum'),
      ...dates,
      min_like_count: min('like count'),
      max_like_count: max('like count'),
      genre: text('The genre to filter the albums by.').optional(),
      sort_by: text(
        'Sort by +/- rating or release_date; without it, by relevance to the query.',
      ).optional(),
    },
    (a, call) => {
      let list = Object.values(call.state.albums).filter(
        (x) => sameGenre(x.genre, a.genre) && onDates(x.release_date, a),
      );
      list = searchBy(
        list,
        a.query,
        (x) =>
          `${x.title} ${x.genre} ${artistRefs(call, x.artist_ids)
            .map((r) => r.name)
            .join(' ')}`,
      );
      let views = list
        .map((x) => albumShort(call, x))
        .filter(
          (v) =>
            within(v.rating, a.min_rating, a.max_rating) &&
            within(v.like_count, a.min_like_count, a.max_like_count),
        );
      if (a.sort_by?.trim())
        views = sortList(views, a.sort_by, ['rating', 'release_date'], '+album_id', 'album_id');
      return paginate(views, a);
    },
    { auth: 'none' },
  ),
  kit.api(
    'show_album',
    'Get details of a specific album, with its songs. No login needed.',
    { album_id: albumId },
    (a, call) => albumView(call, album(call, a.album_id)),
    { auth: 'none' },
  ),
  kit.api(
    'search_artists',
    'Search for artists with a query. No login needed.',
    {
      query,
      ...paging,
      genre: text('The genre to filter the artists by.').optional(),
      min_follower_count: min('number of followers'),
      max_follower_count: max('number of followers'),
      sort_by: text(
        'Sort by +/- follower_count; without it, by relevance to the query.',
      ).optional(),
    },
    (a, call) => {
      const list = Object.values(call.state.artists).filter((x) => sameGenre(x.genre, a.genre));
      let views = searchBy(list, a.query, (x) => `${x.name} ${x.genre}`)
        .map((x) => artistView(call, x))
        .filter((v) => within(v.follower_count, a.min_follower_count, a.max_follower_count));
      if (a.sort_by?.trim())
        views = sortList(views, a.sort_by, ['follower_count'], '+artist_id', 'artist_id');
      return paginate(views, a);
    },
    { auth: 'none' },
  ),
  kit.api(
    'show_artist',
    'Get details of a specific artist. No login needed.',
    { artist_id: artistId },
    (a, call) => artistView(call, artist(call, a.artist_id)),
    { auth: 'none' },
  ),
  kit.api(
    'search_users',
    'Search Spotify users by name or email address. No login needed.',
    { query, ...paging },
    (a, call) =>
      paginate(
        searchBy(spotifyUsers(call), a.query, (u) => `${fullName(u)} ${u.email}`),
        a,
      ),
    { auth: 'none' },
  ),
  kit.api('review_song', 'Rate or review a song.', { song_id: songId, ...review }, (a, call) => {
    song(call, a.song_id);
    const id = call.nextId('song_review');
    call.state.song_reviews[String(id)] = {
      song_review_id: id,
      song_id: a.song_id,
      user_email: call.ownerEmail,
      rating: a.rating,
      title: a.title ?? '',
      text: a.text ?? '',
      created_at: call.now,
    };
    return { message: 'Added a new song review.', song_review_id: id };
  }),
  kit.api(
    'show_song_review',
    'Show a song review. No login needed.',
    { review_id: int('The song review id to retrieve.') },
    (a, call) => reviewView(call, songReview(call, a.review_id)),
    { auth: 'none' },
  ),
  kit.api(
    'update_song_review',
    'Update your song review; only the fields given change.',
    {
      review_id: int('ID of the song review.'),
      rating: review.rating.optional(),
      title: review.title,
      text: review.text,
    },
    (a, call) => {
      const r = songReview(call, a.review_id);
      if (r.user_email !== call.ownerEmail)
        fail(422, 'The given song review does not belong to you, so you cannot access it.');
      applyChanges(r, { rating: a.rating, title: a.title, text: a.text });
      return { message: 'Updated the song review.' };
    },
  ),
  kit.api(
    'show_song_reviews',
    'Search or show a list of reviews for a song. No login needed.',
    {
      song_id: songId,
      query,
      user_email: email('Email of the user to filter reviews by.').optional(),
      min_rating: int('The minimum rating for a review.', { min: 1, max: 5 }).optional(),
      max_rating: int('The maximum rating for a review.', { min: 1, max: 5 }).optional(),
      ...paging,
      sort_by: text('Sort by +/- rating or created_at.').optional(),
    },
    (a, call) => {
      song(call, a.song_id);
      const list = Object.values(call.state.song_reviews).filter(
        (r) =>
          r.song_id === a.song_id &&
          (a.user_email === undefined ||
            r.user_email.toLowerCase() === a.user_email.toLowerCase()) &&
          within(r.rating, a.min_rating, a.max_rating),
      );
      let found = searchBy(list, a.query, (r) => `${r.title} ${r.text}`);
      if (a.sort_by?.trim())
        found = sortList(
          found,
          a.sort_by,
          ['rating', 'created_at'],
          '+song_review_id',
          'song_review_id',
        );
      return paginate(found, a).map((r) => reviewView(call, r));
    },
    { auth: 'none' },
  ),
];
