/**
 * The part of AppWorld's database that is the user's own past, generated from what a π-Bench task
 * says about it (the rest of the catalogue is in catalogue.ts; docs/pibench.md, "The records a
 * task relies on", lists the rules):
 *
 * - amazon: a product the text says the user bought ("That expensive office chair I bought a while
 *   back", named elsewhere as 'Steelcase Amia Ergonomic Office Chair') is in an earlier order, with
 *   reviews when the task asks about them (two complaining about wear, one happy); a product named
 *   as already in the cart ("the existing 'OXO Good Grips …'") is in the cart; a quoted street
 *   address ('7914 Carla Crossing Suite 507') is a saved address beside a made-up home address;
 *   a task that asks to complete a purchase gets a payment card (made up).
 * - spotify: a task that wants songs the user already likes and a playlist gets a library: the
 *   playlist the text names (among two others the user made), and liked songs of the genre it
 *   names, as many as it asks to add, beside liked songs of another genre and songs of that genre
 *   the user does not like (each genre's songs by an artist of that genre).
 */
import { PINNED_IDS, type Seed } from './catalogue-pins.ts';

const SENTENCE_END = /(?<=[.!?])\s+|\n+/;
const BOUGHT = /\b(?:I|we)\s+(?:bought|ordered|purchased)\b|\border history\b|\bpast orders?\b/i;
const EXISTING = /\b(?:existing|already in (?:my|the) cart:?)\s+['"‘“]([^'"’”\n]{3,80})['"’”]/g;
const STREET = /['"‘“](\d{1,6}\s+[A-Z][\w.]*(?:\s+[A-Z0-9][\w.]*){1,6})['"’”]/g;
const SHIP_TO =
  /\bship\b[^.]*?\bto\s+(?:my|our)\s+(?:new\s+)?([a-z][a-z ]{2,30}?)(?=\s+(?:using|with|by|and)\b|[.,;])/i;
const PURCHASE =
  /\b(?:complete|finish|place|make)\s+(?:the|my|this)\s+(?:purchase|order|checkout)\b|\bcheck\s*out\b/i;

interface Product {
  id: number;
  name: string;
  product_type: string;
  description: string;
  price: number;
}

/** The last word of a name, lower case, without a plural s ("Office Chair" → "chair"). */
const headWord = (name: string) => name.split(/\s+/).at(-1)!.toLowerCase().replace(/s$/, '');

/** Products the text says the user bought: a named product whose kind a "bought" sentence uses. */
function boughtProducts<P extends Product>(text: string, products: readonly P[]): P[] {
  const sentences = text.split(SENTENCE_END).filter((s) => BOUGHT.test(s));
  return products.filter((p) =>
    sentences.some((s) => new RegExp(String.raw`\b${headWord(p.name)}s?\b`, 'i').test(s)),
  );
}

/**
 * The user's amazon past for `products` (the catalogue's, ids assigned): orders, reviews, cart,
 * addresses and a card, as seed fields, and the products with a pinned id applied. Undefined
 * when the text says nothing of the kind.
 */
export function amazonHistory<P extends Product>(
  text: string,
  taskId: string,
  products: readonly P[],
): { products: P[]; extra: Seed } | undefined {
  const pinned = PINNED_IDS[taskId]?.amazon?.bought;
  const bought = boughtProducts(text, products);
  const expensive = /\bexpensive\b/i.test(text);
  const out = products.map((p) => {
    if (!bought.includes(p)) return p;
    const id = pinned !== undefined && p === bought[0] ? pinned : p.id;
    const price = expensive ? 620 : p.price;
    return { ...p, id, price, product_type: headWord(p.name), description: `${p.name}.` };
  });
  const byName = new Map(out.map((p) => [p.name, p]));
  const extra: Seed = {};
  const orders = bought.map((p, i) => ({
    id: i + 1,
    items: [{ product_id: byName.get(p.name)!.id, quantity: 1 }],
    created_at: '2025-11-02T10:15:00',
  }));
  if (orders.length) extra.orders = orders;
  if (orders.length && /\breviews?\b/i.test(text))
    extra.reviews = orders.flatMap((o, i) => wearReviews(o.items[0]!.product_id, i * 3));
  const cart = [...text.matchAll(EXISTING)]
    .map((m) => byName.get(m[1]!.trim()))
    .filter((p): p is P => p !== undefined);
  if (cart.length) extra.cart = [...new Set(cart)].map((p) => ({ product_id: p.id, quantity: 1 }));
  const streets = [...new Set([...text.matchAll(STREET)].map((m) => m[1]!.trim()))];
  if (streets.length) extra.addresses = addresses(streets, SHIP_TO.exec(text)?.[1]);
  if (PURCHASE.test(text))
    extra.payment_cards = [
      {
        id: 1,
        card_name: 'Everyday Visa',
        card_number: '4000123412341234',
        expiry_year: 2029,
        expiry_month: 8,
      },
    ];
  if (!Object.keys(extra).length) return undefined;
  return { products: out.sort((a, b) => a.id - b.id), extra };
}

/** Two reviews about wear and one happy one (made-up shoppers), ids from `from + 1`. */
function wearReviews(product_id: number, from: number) {
  const review = (n: number, rating: number, title: string, text: string, who: string) => ({
    id: from + n,
    product_id,
    user_email: `${who}@example.com`,
    rating,
    title,
    text,
    is_verified: true,
  });
  return [
    review(
      1,
      2,
      'Wearing out fast',
      'The seat fabric wore through within a year of daily use.',
      'kim.okafor',
    ),
    review(
      2,
      2,
      'Armrests cracked',
      'The armrest padding cracked and peeled after eight months.',
      'r.haddad',
    ),
    review(3, 5, 'Comfortable', 'Very comfortable for long days; no problems so far.', 'dana.lund'),
  ];
}

/** The saved addresses: a made-up home, then each quoted street, named as the text calls it. */
function addresses(streets: string[], shipTo: string | undefined) {
  const titled = (s: string) => s.replace(/\b[a-z]/g, (c) => c.toUpperCase());
  const place = { city: 'Seattle', state: 'WA', country: 'United States', zip_code: 98101 };
  return [
    { id: 1, name: 'Home', street_address: '212 Alder Lane Apt 4', ...place },
    ...streets.map((street_address, i) => ({
      id: i + 2,
      name: i === 0 && shipTo ? titled(shipTo.trim()) : `Address ${i + 2}`,
      street_address,
      ...place,
    })),
  ];
}

const LIKED = /\bsongs? (?:I|we) (?:already )?(?:like|love)\b|\bliked songs?\b|\bmy likes\b/i;
const ADD_COUNT = /\badd\s+(\d+|one|two|three|four|five)\s+(?:[a-z-]+\s+){0,2}songs?\b/i;
const NAMED_PLAYLIST = /\bplaylist\b[^.\n]*?['"‘“]([^'"’”\n]{2,60})['"’”]/i;
const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
/** Made-up song titles; a genre's songs take them in order. */
const TITLES = [
  'Quiet Harbor Nocturne',
  'Evening Adagio',
  'Still Water Prelude',
  'Lullaby for Strings',
  'Moonlit Etude',
  'Slow Tide Serenade',
  'Late Train Shuffle',
  'Neon Summer',
];

/** The user's spotify library a task implies (see the file's comment), or undefined. */
export function spotifyLibrary(
  text: string,
  taskId: string,
  genres: readonly string[],
): Seed | undefined {
  const playlist = NAMED_PLAYLIST.exec(text)?.[1]?.trim();
  if (!LIKED.test(text) || !playlist) return undefined;
  const genre = genres.find((g) => text.toLowerCase().includes(g)) ?? 'ambient';
  const others = genres.filter((g) => g !== genre && !['classical', 'ambient'].includes(g));
  const raw = ADD_COUNT.exec(text)?.[1]?.toLowerCase();
  const count = Math.min(6, Number(WORDS[raw ?? ''] ?? raw ?? 3) || 3);
  const pins = PINNED_IDS[taskId]?.spotify ?? {};
  const taken = new Set<number>([...(pins.liked ?? []), pins.playlist ?? 0]);
  let next = 1;
  const fresh = () => {
    while (taken.has(next)) next++;
    taken.add(next);
    return next;
  };
  // Songs of the asked-for genre are by artist 1, the others by artist 2 (of their genre).
  const song = (title: string, g: string, id: number) => ({
    id,
    title,
    artist_ids: [g === genre ? 1 : 2],
    genre: g,
  });
  const fits = TITLES.slice(0, count).map((t, i) => song(t, genre, pins.liked?.[i] ?? fresh()));
  const liked = [
    ...fits,
    song(TITLES[6]!, others[0] ?? 'jazz', fresh()),
    song(TITLES[7]!, others[0] ?? 'jazz', fresh()),
  ];
  const unliked = [song('Morning Scherzo', genre, fresh()), song('Bright Allegro', genre, fresh())];
  return {
    artists: [
      { id: 1, name: 'Clara Whitfield', genre },
      { id: 2, name: 'The Late Owls', genre: others[0] ?? 'jazz' },
    ],
    songs: [...liked, ...unliked],
    liked_song_ids: liked.map((s) => s.id),
    playlists: [
      { id: pins.playlist ?? fresh(), title: playlist, song_ids: [] },
      { id: fresh(), title: 'Morning Commute', song_ids: [liked.at(-1)!.id] },
      { id: fresh(), title: 'Workout Energy', song_ids: [liked.at(-2)!.id] },
    ],
  };
}
