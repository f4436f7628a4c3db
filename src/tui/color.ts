/** Whether to use colour (kept free of React: the plain transcript needs it too). */

/** NO_COLOR (any non-empty value, https://no-color.org) turns colour off. */
export function colorEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return !env.NO_COLOR;
}
