/**
 * Argument schemas shared by the app tools. Models often send numbers and booleans as
 * strings ("3", "true"); AppWorld's HTTP layer accepts those, so these do too, while the
 * JSON Schema offered to a model still says integer / boolean.
 */
import { z } from 'zod';

const INT_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

export function int(description: string, bounds: { min?: number; max?: number } = {}) {
  let inner = z.number().int();
  if (bounds.min !== undefined) inner = inner.min(bounds.min);
  if (bounds.max !== undefined) inner = inner.max(bounds.max);
  return z
    .preprocess((v) => (typeof v === 'string' && INT_TEXT.test(v.trim()) ? Number(v) : v), inner)
    .describe(description);
}

export function num(description: string) {
  return z
    .preprocess(
      (v) => (typeof v === 'string' && NUMBER_TEXT.test(v.trim()) ? Number(v) : v),
      z.number(),
    )
    .describe(description);
}

export function bool(description: string) {
  return z
    .preprocess((v) => (v === 'true' || v === 'false' ? v === 'true' : v), z.boolean())
    .describe(description);
}

export function text(description: string) {
  return z.string().describe(description);
}

/** A non-empty string (AppWorld's `length >= 1`). */
export function name(description: string) {
  return z.string().min(1).describe(description);
}

export function email(description: string) {
  return z.email().describe(description);
}

export function emails(description: string) {
  return z.array(z.email()).describe(description);
}

export function strings(description: string) {
  return z.array(z.string()).describe(description);
}

export function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  description: string,
) {
  return z.enum(values).describe(description);
}

/** `page_index` / `page_limit` as in AppWorld (5 results per page unless asked). */
export const paging = {
  page_index: int('The index of the page to return (default 0).', { min: 0 }).optional(),
  page_limit: int('The maximum number of results to return per page (1 to 20, default 5).', {
    min: 1,
    max: 20,
  }).optional(),
};

export const query = text('The search query string.').optional();

/** A 1-5 star review, as songs and products take it. */
export const review = {
  rating: int('Rating from 1 to 5.', { min: 1, max: 5 }),
  title: text('Title of the review.').optional(),
  text: text('Text of the review.').optional(),
};
