/**
 * What every app's state has in common, and the seed parts every app accepts.
 *
 * State is plain JSON (it is snapshotted, diffed per turn and recorded). Entities live in
 * maps keyed by their id, so evidence rules can address them (`notes.*.title`, `cart.3`).
 * Ids come from per-collection counters and timestamps from the state's fixed clock
 * (`now`), never from the wall clock, so a run replays identically.
 */
import { z } from 'zod';

export const DEFAULT_NOW = '2026-01-05T09:00:00';

export interface Credential {
  username: string;
  password: string;
}

/** The app's owner: the person whose mailbox, notes or cart the agent works on. */
export interface Account {
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_number: string | null;
  registered_at: string;
  last_logged_in: string | null;
}

export interface BaseState {
  /** The app's clock ("YYYY-MM-DDTHH:MM:SS"); every timestamp the app writes is this. */
  now: string;
  account: Account | null;
  /** Username/password pairs that `<app>__login` accepts. */
  credentials: Credential[];
  /** Tokens handed out by login and not yet logged out. */
  access_tokens: string[];
  /** Next id per collection. */
  next_id: Record<string, number>;
}

/** Someone the owner can address (mail recipients, group members, collaborators). */
export interface Person {
  first_name: string;
  last_name: string;
  email: string;
}

export type EntityMap<T> = Record<string, T>;

// ---- seeds ----------------------------------------------------------------------------

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

export const DateTimeSeed = z
  .string()
  .regex(DATETIME, 'expected a date and time like 2026-04-27T09:00:00')
  .transform((s) => (s.length === 16 ? `${s}:00` : s));

export const AccountSeed = z
  .strictObject({
    username: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'login name; defaults to email (phone: phone_number)' }),
    password: z.string().min(1).meta({ description: 'the only password login accepts' }),
    email: z.email().optional(),
    phone_number: z.string().min(1).optional(),
    first_name: z.string().min(1).optional(),
    last_name: z.string().min(1).optional(),
  })
  .meta({ description: 'the account the agent logs in to (credentials and profile)' });
export type AccountSeed = z.infer<typeof AccountSeed>;

/** `id` for a seeded entity; without it, ids are assigned in file order. */
export const SeedId = z.number().int().positive().optional();

export const PersonSeed = z.strictObject({
  id: SeedId,
  email: z.email(),
  first_name: z.string().min(1).optional(),
  last_name: z.string().min(1).optional(),
});

/** Seed keys every app accepts. */
export const baseSeedShape = {
  now: DateTimeSeed.optional().meta({
    description: "the app's fixed clock, e.g. 2026-04-27T09:00:00",
  }),
  account: AccountSeed.optional(),
};

export function emptyBase(now = DEFAULT_NOW): BaseState {
  return { now, account: null, credentials: [], access_tokens: [], next_id: {} };
}

/** The base state a seed describes. `loginKey` is the profile field used as username. */
export function baseFromSeed(
  seed: { now?: string | undefined; account?: AccountSeed | undefined },
  loginKey: 'email' | 'phone_number' = 'email',
): BaseState {
  const base = emptyBase(seed.now ?? DEFAULT_NOW);
  const a = seed.account;
  if (!a) return base;
  const username = a.username ?? a[loginKey] ?? a.email ?? a.phone_number;
  if (!username) return base;
  const email = a.email ?? (username.includes('@') ? username : null);
  const [first, last] = nameFromEmail(email ?? username);
  base.account = {
    username,
    first_name: a.first_name ?? first,
    last_name: a.last_name ?? last,
    email,
    phone_number: a.phone_number ?? (loginKey === 'phone_number' ? username : null),
    registered_at: base.now,
    last_logged_in: null,
  };
  base.credentials = [{ username, password: a.password }];
  return base;
}

/** A readable name for an address with no profile: "la-mcco@gmail.com" -> La Mcco. */
/** A money amount rounded to whole cents. */
export function roundMoney(n: number): number {
  return Math.round(n * 100) / 100;
}

export function nameFromEmail(address: string): [string, string] {
  const local = address.split('@')[0] ?? address;
  const parts = local
    .split(/[._\-+]+/)
    .filter(Boolean)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1));
  return [parts[0] ?? local, parts.slice(1).join(' ')];
}

export function fullName(p: { first_name: string; last_name: string }): string {
  return `${p.first_name} ${p.last_name}`.trim();
}

export function personFromSeed(p: z.infer<typeof PersonSeed>): Person {
  const [first, last] = nameFromEmail(p.email);
  return { email: p.email, first_name: p.first_name ?? first, last_name: p.last_name ?? last };
}

/** Where ids given by `assignIds` start: 1, except while records arrive into existing state (`withAutoIdFloor`). */
let autoIdFloor = 1;

/**
 * Runs `build` with ids given from `floor` up, so records that arrive into an app's existing
 * state (an email during a time scenario) get ids no existing record has, whatever the agent
 * created meanwhile. Explicit ids are kept as given.
 */
export function withAutoIdFloor<T>(floor: number, build: () => T): T {
  const before = autoIdFloor;
  autoIdFloor = Math.max(1, floor);
  try {
    return build();
  } finally {
    autoIdFloor = before;
  }
}

/** The lowest id no record of `state` has in any collection (its counters are each past their collection's ids). */
export function idFloorOf(state: BaseState): number {
  return Math.max(1, ...Object.values(state.next_id));
}

/**
 * Gives every seeded entity an id: explicit ids are kept, the others get the lowest
 * unused ids in file order. Returns the map, the ids in item order and the next id.
 */
export function assignIds<S extends { id?: number | undefined }, T>(
  items: readonly S[],
  build: (item: S, id: number) => T,
): { map: EntityMap<T>; ids: number[]; next: number } {
  const used = new Set(items.map((i) => i.id).filter((id): id is number => id !== undefined));
  const map: EntityMap<T> = {};
  const ids: number[] = [];
  let counter = autoIdFloor;
  let max = 0;
  for (const item of items) {
    let id = item.id;
    if (id === undefined) {
      while (used.has(counter)) counter++;
      id = counter++;
      used.add(id);
    }
    max = Math.max(max, id);
    ids.push(id);
    map[String(id)] = build(item, id);
  }
  return { map, ids, next: max + 1 };
}

/** Issues for duplicate explicit ids in a seed list (reported at the second use). */
export function checkUniqueIds(
  items: readonly { id?: number | undefined }[],
  ctx: z.RefinementCtx,
  what: string,
): void {
  const seen = new Set<number>();
  items.forEach((item, index) => {
    if (item.id === undefined) return;
    if (seen.has(item.id))
      ctx.addIssue({
        code: 'custom',
        path: [index, 'id'],
        message: `duplicate ${what} id ${item.id}`,
      });
    seen.add(item.id);
  });
}

// ---- merging a later session's seed into existing state ---------------------------------

/**
 * A later session of the same run group seeds an app that already has state: the app's
 * state persists (as one AppWorld server serves a whole π-Bench episode), the seed's
 * credentials become valid too, its entities are added where their id is new, and an
 * explicit `now` moves the clock.
 */
export function mergeSeeded<S extends BaseState>(
  existing: S,
  incoming: S,
  collections: readonly string[],
  nowGiven: boolean,
): S {
  const out = structuredClone(existing);
  for (const c of incoming.credentials)
    if (!out.credentials.some((k) => k.username === c.username && k.password === c.password))
      out.credentials.push(c);
  out.account ??= incoming.account;
  if (nowGiven) out.now = incoming.now;
  const rec = out as unknown as Record<string, unknown>;
  const inc = incoming as unknown as Record<string, unknown>;
  for (const key of collections) {
    const target = (rec[key] ?? {}) as Record<string, unknown>;
    for (const [id, entity] of Object.entries((inc[key] ?? {}) as Record<string, unknown>))
      if (!(id in target)) target[id] = entity;
    rec[key] = target;
  }
  for (const [key, next] of Object.entries(incoming.next_id))
    out.next_id[key] = Math.max(out.next_id[key] ?? 1, next);
  return out;
}

// ---- the clock ----------------------------------------------------------------------------

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** AppWorld's phone clock format (strftime `%A, %B %d, %Y` and `%I:%M %p`): { date: "Tuesday, April 07, 2026", time: "09:00 AM" }. */
export function describeNow(now: string): { date: string; time: string } {
  const [datePart = '', timePart = '00:00'] = now.split('T');
  const [y = 1970, m = 1, d = 1] = datePart.split('-').map(Number);
  const [hh = 0, mm = 0] = timePart.split(':').map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? '';
  const hour12 = hh % 12 === 0 ? 12 : hh % 12;
  return {
    date: `${weekday}, ${MONTHS[m - 1] ?? ''} ${String(d).padStart(2, '0')}, ${y}`,
    time: `${String(hour12).padStart(2, '0')}:${String(mm).padStart(2, '0')} ${hh < 12 ? 'AM' : 'PM'}`,
  };
}
