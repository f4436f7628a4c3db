/** Search, sort and paging the way AppWorld's list APIs behave, kept deterministic. */

import { compareText } from '../../contracts/order.ts';

/**
 * A word as AppWorld's singularized, uncased filters compare it: "Friends" and "friend" match.
 * AppWorld uses an English inflection library; dropping one trailing "s" (not "ss") covers the
 * plural names the apps' filters meet.
 */
export function singularized(word: string): string {
  return word
    .trim()
    .toLowerCase()
    .replace(/(?<!s)s$/u, '');
}

/** Entities whose text contains any query word, most matching words first; all if no query. */
export function searchBy<T>(
  items: readonly T[],
  query: string | undefined,
  textOf: (item: T) => string,
): T[] {
  const words = (query ?? '')
    .toLowerCase()
    .split(/\W+/u)
    .filter((w) => w.length > 0);
  if (!words.length) return [...items];
  return items
    .map((item, index) => {
      const hay = textOf(item).toLowerCase();
      return { item, index, score: words.filter((w) => hay.includes(w)).length };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((s) => s.item);
}

export function paginate<T>(
  items: readonly T[],
  args: { page_index?: number | undefined; page_limit?: number | undefined },
): T[] {
  const limit = args.page_limit ?? 5;
  const start = (args.page_index ?? 0) * limit;
  return items.slice(start, start + limit);
}

/**
 * Sorts by `+attr` / `-attr` (AppWorld's sort_by). Ties, which the fixed clock makes
 * common, fall back to the id in the same direction, so "newest first" means highest id.
 */
export function sortBy<T extends object>(
  items: readonly T[],
  spec: string | undefined,
  fallback: string,
  idKey: keyof T,
): T[] {
  const raw = spec?.trim() || fallback;
  const desc = raw.startsWith('-');
  const key = raw.replace(/^[+-]/, '') as keyof T;
  const dir = desc ? -1 : 1;
  return [...items].sort((a, b) => dir * (compare(a[key], b[key]) || compare(a[idKey], b[idKey])));
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareText(String(a), String(b));
}

/** Date filters take YYYY-MM-DD; timestamps are YYYY-MM-DDTHH:MM:SS. */
export function withinDates(
  at: string | null,
  min: string | undefined,
  max: string | undefined,
): boolean {
  if (!at) return min === undefined && max === undefined;
  const day = at.slice(0, 10);
  return (
    (min === undefined || day >= min.slice(0, 10)) && (max === undefined || day <= max.slice(0, 10))
  );
}
