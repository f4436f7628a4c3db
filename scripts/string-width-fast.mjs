// The bundle's string-width: every import of it (Ink's, wrap-ansi's, intentplay's) comes here.
// Text without composing characters is measured on the fast path (src/text/cell-width.ts); the
// real string-width, with its costly start, is initialised only for text that needs it.
import { simpleWidth } from '../src/text/cell-width.ts';

let full;

export default function stringWidth(text, options) {
  // The options change nothing for text without escapes, measured with ambiguous characters narrow
  // (wrap-ansi passes countAnsiEscapeCodes for the plain text between escapes).
  const plainCall =
    options === undefined || (options.ambiguousIsNarrow !== false && !text.includes?.('\u001B'));
  if (typeof text === 'string' && plainCall) {
    const simple = simpleWidth(text);
    if (simple !== undefined) return simple;
  }
  // esbuild turns this require into a lazy start of the bundled module.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy start only a bundled require gives
  full ??= require('string-width').default;
  return full(text, options);
}
