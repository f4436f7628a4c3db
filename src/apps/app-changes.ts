/**
 * App changes as a person reads them: records added, removed and changed (with the changed
 * fields, old → new), named by their title or name, with the apps' bookkeeping left out.
 * The raw JSON diff (diff.ts) stays beside it for whoever wants every byte.
 */
import type { AppChange, FieldChange } from '../contracts/events.ts';

/**
 * State paths that are bookkeeping, not something the agent did for the user, hidden from the
 * summary (the raw diff keeps them): `access_tokens` (handed out by every login; secrets too),
 * `credentials` (passwords), `next_id` (id counters), `now` (the app's clock) and
 * `account.last_logged_in` (login time).
 */
export const BOOKKEEPING = [
  'access_tokens',
  'credentials',
  'next_id',
  'now',
  'account.last_logged_in',
] as const;

/** Fields that name a record, in order of preference. */
const NAME_FIELDS = [
  'title',
  'name',
  'description',
  'subject',
  'message',
  'text',
  'content',
  'email',
];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** A collection: a map of id → record (every value a record; an empty map counts). */
const isCollection = (v: unknown): v is Record<string, Json> =>
  isObject(v) && Object.values(v).every(isObject);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `tasks` → `task`, `expenses` → `expense`, `addresses` → `address`. */
export function singular(collection: string): string {
  if (collection.endsWith('sses')) return collection.slice(0, -2);
  return collection.endsWith('s') ? collection.slice(0, -1) : collection;
}

/** A value as it reads in one line: strings quoted, short JSON as is, long JSON cut. */
export function shownValue(v: unknown, max = 40): string {
  const text = v === undefined ? '(none)' : JSON.stringify(v);
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}

function recordName(record: Json | undefined, id: string): string {
  for (const field of NAME_FIELDS) {
    const v = record?.[field];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  const full = [record?.first_name, record?.last_name]
    .filter((p) => typeof p === 'string' && p)
    .join(' ');
  return full || `#${id}`;
}

/** The record's parent by a `<x>_id` field that names a record of `<x>s` (a task's project, an expense's group). */
function parentName(state: Json, collection: string, record: Json): string | undefined {
  const own = `${singular(collection)}_id`;
  for (const [field, v] of Object.entries(record)) {
    if (!field.endsWith('_id') || field === own || v === null || v === undefined) continue;
    const kind = field.slice(0, -3);
    const parents = state[`${kind}s`] ?? state[`${kind}es`];
    const parent = isCollection(parents) ? parents[String(v as string | number)] : undefined;
    if (parent) return `${kind} ${recordName(parent, String(v as string | number))}`;
  }
  return undefined;
}

function fieldChanges(
  before: Json,
  after: Json,
  prefix: string,
  hidden: Set<string>,
): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
    if (same(before[field], after[field])) continue;
    if (BOOKKEEPING.includes(`${prefix}${field}` as (typeof BOOKKEEPING)[number])) {
      hidden.add(`${prefix}${field}`);
      continue;
    }
    out.push({ field, from: shownValue(before[field]), to: shownValue(after[field]) });
  }
  return out;
}

function collectionChanges(
  key: string,
  a: Record<string, Json>,
  b: Record<string, Json>,
  before: Json,
  after: Json,
  hidden: Set<string>,
) {
  const out: AppChange[] = [];
  const what = singular(key);
  for (const id of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    const old = a[id];
    const now = b[id];
    if (same(old, now)) continue;
    if (!old || !now) {
      const record = (now ?? old) as Json;
      const parent = parentName(now ? after : before, key, record);
      out.push({
        kind: now ? 'added' : 'removed',
        what,
        name: recordName(record, id),
        ...(parent ? { parent } : {}),
      });
      continue;
    }
    out.push({
      kind: 'changed',
      what,
      name: recordName(now, id),
      fields: fieldChanges(old, now, `${key}.${id}.`, hidden),
    });
  }
  return out;
}

/** The readable changes from one app state to the next, and which bookkeeping paths changed too. */
export function summariseApp(
  before: unknown,
  after: unknown,
): { changes: AppChange[]; hidden: string[] } {
  const a = isObject(before) ? before : {};
  const b = isObject(after) ? after : {};
  const hidden = new Set<string>();
  const changes: AppChange[] = [];
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    if (same(a[key], b[key])) continue;
    if (BOOKKEEPING.includes(key as (typeof BOOKKEEPING)[number])) hidden.add(key);
    else if (isCollection(a[key] ?? {}) && isCollection(b[key] ?? {}))
      changes.push(
        ...collectionChanges(
          key,
          (a[key] ?? {}) as Record<string, Json>,
          (b[key] ?? {}) as Record<string, Json>,
          a,
          b,
          hidden,
        ),
      );
    else if (isObject(a[key]) && isObject(b[key])) {
      const fields = fieldChanges(a[key], b[key], `${key}.`, hidden);
      if (fields.length) changes.push({ kind: 'changed', what: key, name: '', fields });
    } else
      changes.push({
        kind: 'changed',
        what: key,
        name: '',
        fields: [{ field: key, from: shownValue(a[key]), to: shownValue(b[key]) }],
      });
  }
  return { changes, hidden: [...hidden].sort() };
}
