/**
 * The user's own past a π-Bench task implies (orders, cart, addresses; liked songs, playlists),
 * generated from made-up tasks written the way the release's marketer tasks are, and used
 * through the apps as an agent would.
 */
import { describe, expect, it } from 'vitest';
import { validateAppSeeds } from '../../src/apps/index.ts';
import { withCatalogue } from '../../src/scenario/pibench/catalogue.ts';
import { appHarness } from '../apps/harness.ts';

const ME = { username: 'me@made.up', password: 'Pw[1x' };

const DESK = [
  'That pricey standing desk I bought a while back is already wobbling. Check the reviews for that desk in my order history.',
  'I also need a compact desk lamp. Add it to my cart along with whatever is already in there, and complete the purchase. Ship it to my new garden office using my primary email.',
  "The desk is the 'Brightwood Oak Standing Desk'.",
  "The order includes the new lamp AND the existing 'Kitchen Towel Set Deluxe'.",
  "The shipping address is '18 Mill Pond Road Unit 3'.",
].join('\n');

const PLAYLIST = [
  'Pick the most suitable playlist I made for a rainy afternoon and add 2 songs to it. I only want songs I already like, and they must be jazz.',
  "The selected playlist should be 'Rainy Day Mix'.",
].join('\n');

describe('generated history records', () => {
  it('puts the product the user bought in an earlier order, with reviews about wear, and lets the agent buy with the cart, address and card the task implies', async () => {
    const seeds = withCatalogue({ amazon: { account: ME } }, ['amazon'], DESK, 'shopper_task_002');
    expect(validateAppSeeds(seeds)).toEqual([]);
    const h = appHarness(seeds);
    const access_token = await h.login('amazon', ME.username, ME.password);
    const auth = { access_token };

    const orders = await h.ok('amazon__show_orders', auth);
    expect(orders).toHaveLength(1);
    const order = await h.ok('amazon__show_order', { ...auth, order_id: orders[0].order_id });
    const desk = order.order_items[0];
    expect(desk.product_name).toBe('Brightwood Oak Standing Desk');
    const reviews = await h.ok('amazon__show_product_reviews', { product_id: desk.product_id });
    expect(reviews.filter((r: { rating: number }) => r.rating <= 2)).toHaveLength(2);

    const cart = await h.ok('amazon__show_cart', auth);
    expect(cart.cart_items.map((i: { product_name: string }) => i.product_name)).toEqual([
      'Kitchen Towel Set Deluxe',
    ]);
    const addresses = await h.ok('amazon__show_addresses', auth);
    const office = addresses.find(
      (a: { street_address: string }) => a.street_address === '18 Mill Pond Road Unit 3',
    );
    expect(office.name).toBe('Garden Office');
    expect(addresses).toHaveLength(2); // and a home address: the agent has to choose

    const [lamp] = await h.ok('amazon__search_products', { query: 'desk lamp' });
    await h.ok('amazon__add_product_to_cart', { ...auth, product_id: lamp.product_id });
    const [card] = await h.ok('amazon__show_payment_cards', auth);
    await h.ok('amazon__place_order', {
      ...auth,
      payment_card_id: card.payment_card_id,
      address_id: office.address_id,
    });
    expect(await h.ok('amazon__show_orders', auth)).toHaveLength(2);
  });

  it('gives the chair marketer 014’s script checks its id, and nothing when the task speaks of no past', () => {
    const seeds = withCatalogue({}, ['amazon'], DESK, 'marketer_task_014');
    const amazon = seeds.amazon as { orders: { items: { product_id: number }[] }[] };
    expect(amazon.orders[0]!.items[0]!.product_id).toBe(636);
    expect(withCatalogue({}, ['amazon'], DESK, 'marketer_task_014')).toEqual(seeds);
    const plain = withCatalogue({}, ['amazon'], "Add the 'Kitchen Towel Set Deluxe'.", 't');
    expect(Object.keys(plain.amazon as object)).toEqual(['products']);
  });

  it('gives a task about liked songs a library: the named playlist among others, liked songs of the genre as many as asked, and decoys', async () => {
    const seeds = withCatalogue({ spotify: { account: ME } }, ['spotify'], PLAYLIST, 'fan_task_1');
    expect(validateAppSeeds(seeds)).toEqual([]);
    const h = appHarness(seeds);
    const access_token = await h.login('spotify', ME.username, ME.password);
    const auth = { access_token };

    const playlists = await h.ok('spotify__show_playlist_library', auth);
    expect(playlists.map((p: { title: string }) => p.title)).toContain('Rainy Day Mix');
    expect(playlists).toHaveLength(3);
    const liked: { song_id: number }[] = await h.ok('spotify__show_liked_songs', auth);
    const genres = await Promise.all(
      liked.map(async (s) => (await h.ok('spotify__show_song', { song_id: s.song_id })).genre),
    );
    expect(genres.filter((g) => g === 'jazz')).toHaveLength(2); // as many as the task adds
    expect(genres.filter((g) => g !== 'jazz').length).toBeGreaterThan(0); // liked, wrong genre
    // Each song's artist plays its genre, so an agent going by the artist is not misled.
    for (const s of liked) {
      const song = await h.ok('spotify__show_song', { song_id: s.song_id });
      const artist = await h.ok('spotify__show_artist', { artist_id: song.artists[0].id });
      expect(artist.genre === 'jazz').toBe(song.genre === 'jazz');
    }
    const jazz = await h.ok('spotify__search_songs', { query: '', genre: 'jazz' });
    expect(jazz.length).toBeGreaterThan(2); // jazz the user does not like is there too

    const rainy = playlists.find((p: { title: string }) => p.title === 'Rainy Day Mix');
    const pick = liked[genres.indexOf('jazz')]!.song_id;
    await h.ok('spotify__add_song_to_playlist', {
      ...auth,
      playlist_id: rainy.playlist_id,
      song_id: pick,
    });
  });

  it('pins the playlist and songs marketer 004’s script checks', () => {
    const seeds = withCatalogue({}, ['spotify'], PLAYLIST, 'marketer_task_004');
    const spotify = seeds.spotify as {
      playlists: { id: number; title: string }[];
      songs: { id: number; genre: string }[];
      liked_song_ids: number[];
    };
    expect(spotify.playlists[0]).toMatchObject({ id: 31, title: 'Rainy Day Mix' });
    const liked = spotify.songs.filter((s) => spotify.liked_song_ids.includes(s.id));
    expect(liked.filter((s) => s.genre === 'jazz').map((s) => s.id)).toEqual([77, 78]);
    expect(withCatalogue({}, ['spotify'], 'Add 2 jazz songs to a playlist.', 't')).toEqual({});
  });
});
