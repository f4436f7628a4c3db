/**
 * Optional fields, spread into an object only when set: `...given({ source, at })` in place of
 * `...(source ? { source } : {}), ...(at ? { at } : {})`. "Set" is truthy, as those spreads read
 * it, so an empty string, 0 or false is left out too; the fields keep their order.
 */
export function given<T extends Record<string, unknown>>(
  fields: T,
): { [K in keyof T]?: NonNullable<T[K]> } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value) out[key] = value;
  return out as { [K in keyof T]?: NonNullable<T[K]> };
}
