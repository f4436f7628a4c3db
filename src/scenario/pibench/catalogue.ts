/**
 * The records AppWorld's database holds that a π-Bench task relies on, generated from the task
 * (AppWorld's data is not ours to copy). In π-Bench the agent searches a store of thousands of
 * products and a directory of users; here each task gets, at load time, the few records its text,
 * its notes and its tools name or imply, with the fields AppWorld's APIs return. Deterministic:
 * the same task gives the same records. docs/pibench.md ("The records a task relies on") lists
 * the rules per app.
 *
 * - amazon: for each kind of product the task asks for ("buy one pair of hiking socks", "save one
 *   water bottle", "I need a portable speaker"), four candidates that differ the ways a careful
 *   shopper compares them (rating, price against a stated budget, stock, delivery); a product the
 *   text names ("add 1 pair of Darn Tough … Socks to my cart", 'JBL Charge 4 …') is the candidate
 *   that fits, and named products of no asked-for kind are listed too.
 * - gmail, todoist: every other email address the task names is a user (a recipient, an assignee).
 * - phone: every other phone number the task names is a contact, with a recent text from them
 *   ("look up the contact or recent text window first").
 * - simple_note: when the task speaks of an older note with the same title ("If there is already an
 *   older note with the same title, delete it first"), that older note, and a note whose title
 *   only starts the same (which a careful clean-up keeps).
 * - spotify: a song the task links (https://spotify.com/songs/54) under that id, titled by the quoted
 *   title nearest before the link, with a made-up artist (and genre, when the text names one).
 * - the user's own past (orders, cart, addresses; liked songs and playlists): catalogue-history.ts.
 * - ids a rule script checks (Financier 015 adds product 3) are pinned by PINNED_IDS.
 */

import { amazonHistory, spotifyLibrary } from './catalogue-history.ts';
import { PINNED_IDS, type Seed } from './catalogue-pins.ts';

interface ProductRecord {
  id?: number;
  name: string;
  product_type: string;
  description: string;
  price: number;
  rating: number;
  delivery_days: number;
  inventory_quantity: number;
}

const QTY = String.raw`(?:\d+|[Oo]ne|an?)`;
const UNIT = String.raw`(?:(?:pair|pairs|unit|units|pack|packs|box|boxes|bottle|bottles)\s+of\s+)?`;
/** "add 1 pair of <Name> to my cart" (a capitalised name). */
const NAMED_ADD = new RegExp(
  String.raw`\b[Aa]dd\s+${QTY}\s+${UNIT}((?:[A-Z0-9][\w'&.-]*\s+){1,8}[A-Z0-9][\w'&.-]*)((?:\s+[a-z][a-z-]*){0,3}?)\s+to\s+(?:my|the)\b`,
  'g',
);
/** A quoted name of two words or more that starts with a capital ('JBL Charge 4 Portable Bluetooth Speaker'). */
const QUOTED_NAME = /['"‘“]([A-Z][\w'&.-]*(?:\s+[\w'&.-]+){1,9})['"’”]/g;
/** "buy one pair of hiking socks", "save one water bottle that …", "I need a portable speaker for …". */
const KIND = new RegExp(
  String.raw`\b(?:[Bb]uy|[Ss]ave|[Oo]rder|[Pp]urchase|[Nn]eed|[Ww]ant)\s+${QTY}\s+${UNIT}((?:[a-z][a-z-]*\s+){0,4}?[a-z][a-z-]*?s?)(?=\s+(?:that|which|for|to|and|with|from|on|in|rather|so)\b|[.,;:!?]|$)`,
  'g',
);
const BUDGET =
  /\b(?:no more than|under|below|at most|within|up to|budget of)\s+(?:US\$|\$)?\s?(\d+(?:\.\d+)?)\s*(?:USD|dollars)?/i;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** Made-up brands, so that generated names never pass for real AppWorld products. */
const BRANDS = ['Trailcore', 'Evenfield', 'Northpeak', 'Brightline'];

function titleCase(s: string): string {
  return s.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

/** The last word without a plural s: the noun a name must contain to be of that kind. */
function head(kind: string): string {
  return kind.split(/\s+/).at(-1)!.replace(/s$/, '').toLowerCase();
}

function productKinds(text: string): string[] {
  const kinds = [...text.matchAll(KIND)].map((m) =>
    m[1]!.trim().replace(/^(?:suitable|good|new|practical|single)\s+/, ''),
  );
  // "add one pair of Columbia … Pants hiking pants to the cart": the words after the name say its kind.
  for (const m of text.matchAll(NAMED_ADD)) if (m[2]?.trim()) kinds.push(m[2].trim());
  return [
    ...new Set(kinds.filter((k) => k.length > 2 && !/^(?:one|item|product|thing)s?$/.test(k))),
  ];
}

function namedProducts(text: string): string[] {
  const added = [...text.matchAll(NAMED_ADD)].map((m) => m[1]!.trim());
  // A quoted name in Title Case ('OXO Good Grips Convertible Foldaway Dish Rack'), not a quoted phrase.
  const quoted = [...text.matchAll(QUOTED_NAME)]
    .map((m) => m[1]!.trim())
    .filter((n) => n.split(/\s+/).every((w) => /^[A-Z0-9]/.test(w)));
  return [...new Set([...added, ...quoted])];
}

/** Four candidates of one kind: the one that fits, a cheaper lower-rated one, a better-rated one over budget, one nearly sold out. */
function candidates(
  kind: string,
  fits: string | undefined,
  budget: number | undefined,
  prefer: string,
): ProductRecord[] {
  const cap = budget ?? 40;
  const type = kind.toLowerCase();
  const title = titleCase(kind);
  const make = (
    name: string,
    price: number,
    rating: number,
    stock: number,
    days: number,
    note: string,
  ): ProductRecord => ({
    name,
    product_type: type,
    description: `${title}: ${note}.`,
    price: Math.round(price * 100) / 100,
    rating,
    delivery_days: days,
    inventory_quantity: stock,
  });
  return [
    make(
      fits ?? `${BRANDS[0]} ${title}`,
      cap * 0.88,
      4.7,
      42,
      2,
      prefer || 'well reviewed, balanced, in stock',
    ),
    make(`${BRANDS[1]} ${title} (Value)`, cap * 0.5, 4.0, 120, 5, 'basic, lower rated'),
    make(`${BRANDS[2]} ${title} Pro`, cap * 1.6, 4.9, 25, 1, 'top rated, above the budget'),
    make(`${BRANDS[3]} ${title} Select`, cap * 0.8, 4.8, 1, 3, 'only 1 unit left in stock'),
  ];
}

/** The Amazon products a task relies on, ids assigned (pinned ids first, then 1, 2, … in order). */
export function amazonProducts(text: string, taskId: string): (ProductRecord & { id: number })[] {
  const kinds = productKinds(text);
  const named = namedProducts(text);
  const budget = BUDGET.exec(text)?.[1];
  // The fitting candidate is described by what the task prefers ("Prefer leakproof … designs").
  const prefer = [...text.matchAll(/\bPrefer\s+(?:a\s+|an\s+)?([^.\n]{3,120})/g)]
    .map((m) => m[1]!.trim())
    .join('; ');
  const products: ProductRecord[] = [];
  const used = new Set<string>();
  for (const kind of kinds) {
    const fits = named.find((n) => !used.has(n) && n.toLowerCase().includes(head(kind)));
    if (fits) used.add(fits);
    products.push(
      ...candidates(kind, fits, budget === undefined ? undefined : Number(budget), prefer),
    );
  }
  for (const name of named.filter((n) => !used.has(n)))
    products.push({
      name,
      product_type: 'general',
      description: `${name}.`,
      price: 49,
      rating: 4.6,
      delivery_days: 2,
      inventory_quantity: 30,
    });

  const pinned = PINNED_IDS[taskId]?.amazon?.named;
  const first = named[0];
  const out: (ProductRecord & { id: number })[] = [];
  const taken = new Set<number>(pinned !== undefined && first ? [pinned] : []);
  let next = 1;
  for (const p of products) {
    if (pinned !== undefined && p.name === first) {
      out.push({ ...p, id: pinned });
      continue;
    }
    while (taken.has(next)) next++;
    taken.add(next);
    out.push({ ...p, id: next });
  }
  return out.sort((a, b) => a.id - b.id);
}

const PHONE = /(?<![\d.])\d{10,11}(?![\d])/g;
const TITLED = /\btitled\s+["“']([^"”'\n]{3,120})["”']/;
const OLDER_NOTE =
  /\b(?:older|old|existing|stale|previous)\s+(?:note|notes|draft|drafts|duplicates?)\b|\balready an?\s+(?:older\s+)?note\b/i;
/** Made-up contact names, picked by the number so the same number always gets the same name. */
const CONTACT_NAMES: readonly [string, string][] = [
  ['Mei', 'Chen'],
  ['Jordan', 'Reyes'],
  ['Priya', 'Nair'],
  ['Tomas', 'Berg'],
  ['Ana', 'Lopes'],
];

function phoneContacts(text: string, own: ReadonlySet<string | undefined>): Seed | undefined {
  const numbers = [...new Set([...text.matchAll(PHONE)].map((m) => m[0]))].filter(
    (n) => !own.has(n),
  );
  if (!numbers.length) return undefined;
  const name = (n: string) =>
    CONTACT_NAMES[[...n].reduce((a, d) => a + Number(d), 0) % CONTACT_NAMES.length]!;
  return {
    contacts: numbers.map((n) => ({
      first_name: name(n)[0],
      last_name: name(n)[1],
      phone_number: n,
    })),
    messages: numbers.map((n) => ({
      from: n,
      message: 'Hi! Are we still on for tomorrow? Let me know the plan.',
    })),
  };
}

function olderNotes(text: string): Seed | undefined {
  const title = TITLED.exec(text)?.[1]?.trim();
  if (!title || !OLDER_NOTE.test(text)) return undefined;
  return {
    notes: [
      { id: 1, title, content: 'Older draft: scattered notes, to be replaced.' },
      { id: 2, title: `${title} (packing ideas)`, content: 'Ideas to keep.' },
    ],
  };
}

const SONG_LINK = /spotify\.com\/songs\/(\d+)/g;
const QUOTED_TITLE = /["“]([^"”\n]{2,80})["”]/g;
const GENRES = [
  'classical',
  'jazz',
  'pop',
  'rock',
  'hip hop',
  'electronic',
  'ambient',
  'folk',
  'country',
  'r&b',
];

function linkedSongs(text: string, taskId: string): Seed | undefined {
  const links = [...text.matchAll(SONG_LINK)];
  if (!links.length) return undefined;
  const titles = [...text.matchAll(QUOTED_TITLE)];
  const genre = GENRES.find((g) => text.toLowerCase().includes(g)) ?? '';
  const artist = PINNED_IDS[taskId]?.spotify?.artist ?? 1;
  const songs = links.map((l) => {
    const before = titles.filter((t) => t.index < l.index).at(-1) ?? titles[0];
    return {
      id: Number(l[1]),
      title: before?.[1]?.trim() ?? `Song ${l[1]}`,
      artist_ids: [artist],
      genre,
    };
  });
  return {
    artists: [{ id: artist, name: 'Ava Morgan', genre }],
    songs: [...new Map(songs.map((x) => [x.id, x])).values()],
  };
}

/** Apps whose seeds take `users` (other people, by email). */
const APPS_WITH_USERS = ['gmail', 'todoist'];

/**
 * The catalogue records of a task, merged into its app seeds (an account seed stays as it is).
 * `text` is everything the task says: request, hidden intents, criteria and its text notes.
 */
export function withCatalogue(
  seeds: Record<string, Seed>,
  apps: readonly string[],
  text: string,
  taskId: string,
): Record<string, Seed> {
  const out: Record<string, Seed> = { ...seeds };
  if (apps.includes('amazon')) {
    const products = amazonProducts(text, taskId);
    const history = amazonHistory(text, taskId, products);
    if (history) out.amazon = { ...out.amazon, products: history.products, ...history.extra };
    else if (products.length) out.amazon = { ...out.amazon, products };
  }
  const own = new Set(
    Object.values(seeds).map((s) =>
      ((s.account ?? {}) as { username?: string }).username?.toLowerCase(),
    ),
  );
  const phone = apps.includes('phone') ? phoneContacts(text, own) : undefined;
  if (phone) out.phone = { ...out.phone, ...phone };
  // A linked song's task gets that song; otherwise a task about the user's likes gets a library.
  const songs = apps.includes('spotify')
    ? (linkedSongs(text, taskId) ?? spotifyLibrary(text, taskId, GENRES))
    : undefined;
  if (songs) out.spotify = { ...out.spotify, ...songs };
  const notes = apps.includes('simple_note') ? olderNotes(text) : undefined;
  if (notes) out.simple_note = { ...out.simple_note, ...notes };
  const others = [...new Set([...text.matchAll(EMAIL)].map((m) => m[0]!.toLowerCase()))].filter(
    (e) => !own.has(e),
  );
  if (others.length)
    for (const app of APPS_WITH_USERS.filter((a) => apps.includes(a)))
      out[app] = { ...out[app], users: others.map((email) => ({ email })) };
  return out;
}
