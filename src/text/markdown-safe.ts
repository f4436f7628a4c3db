/**
 * Markdown that others' text cannot turn into HTML or links: outside code spans, `<` (raw HTML,
 * autolinks such as `<javascript:…>`), a `]` that would close a link's text (`](`, `][`, and
 * `]:` of a link definition: `[x](javascript:…)`, images too) and what GitHub links by itself
 * (the `:` of `https://…`, the `.` of `www.…`, the `@` of an e-mail address) are
 * backslash-escaped, so they show as written, and control characters are gone. A bracket that links nothing (`[todoist · Shopping]`) stays as written. Code spans are
 * left as they are (Markdown shows them literally) unless a table cell's `|` could split them.
 */
import { stripControls } from './text.ts';

/** Backtick runs that open a code span on this line: [start, end) of the span's content. */
function codeSpans(line: string): [number, number][] {
  const spans: [number, number][] = [];
  const run = /(?<!\\)`+/g;
  let open: RegExpExecArray | null;
  while ((open = run.exec(line))) {
    const close = new RegExp(`(?<!\`)${'`'.repeat(open[0].length)}(?!\`)`, 'g');
    close.lastIndex = open.index + open[0].length;
    const end = close.exec(line);
    if (!end) break;
    const content: [number, number] = [open.index + open[0].length, end.index];
    if (!/(?<!\\)\|/.test(line.slice(...content))) spans.push(content);
    run.lastIndex = end.index + end[0].length;
  }
  return spans;
}

/** Text outside code spans with every link-making character escaped. */
const escapeLinks = (text: string) =>
  text
    .replace(/<|\](?=[([:])/g, '\\$&')
    .replace(/(?<=[a-z0-9+.-])(:)(?=\/\/)/gi, '\\$1')
    .replace(/(?<=\bwww)(\.)/gi, '\\$1')
    .replace(/(?<=[\w.+-])(@)(?=[\w-]+\.)/g, '\\$1');

export function inertMarkdown(md: string): string {
  return stripControls(md)
    .split('\n')
    .map((line) => {
      let out = '';
      let at = 0;
      for (const [from, to] of [
        ...codeSpans(line),
        [line.length, line.length] as [number, number],
      ]) {
        out += escapeLinks(line.slice(at, from)) + line.slice(from, to);
        at = to;
      }
      return out;
    })
    .join('\n');
}
