/**
 * The closing tour of a cast or SVG: when the final screen cannot show every hidden intent and
 * checklist item whole, screens at the full width page through them (the intents, then the
 * checklist, each item whole), so nothing the session was about is left out of the film.
 */
import type { SessionState } from '../store/state.ts';
import type { Line } from '../text/text.ts';
import type { Theme } from '../tui/theme.ts';
import {
  boxed,
  checklistBlocks,
  checklistTitle,
  intentBlocks,
  intentsTitle,
  padLine,
  pagesOf,
} from './panes.ts';
import { header, title } from './screens.ts';
import { progressSegs } from './panes.ts';

export interface TourOptions {
  cols: number;
  rows: number;
  theme: Theme;
}

type Kind = 'intents' | 'checklist';

interface TourPage {
  /** The lines of each list on this page, in order. */
  parts: { kind: Kind; lines: Line[] }[];
}

/** Rows a page's lists may take: the screen less the header, the hint line and two box edges per list. */
const bodyRows = (rows: number) => Math.max(3, rows - 2);

function tourPages(state: SessionState, o: TourOptions): TourPage[] {
  const inner = o.cols - 2;
  const items: { kind: Kind; block: Line[] }[] = [
    ...intentBlocks(state, inner, o.theme).map((block) => ({ kind: 'intents' as const, block })),
    ...checklistBlocks(state, inner, o.theme).map((block) => ({
      kind: 'checklist' as const,
      block,
    })),
  ];
  const pages: TourPage[] = [];
  let page: TourPage = { parts: [] };
  let used = 0;
  for (const { kind, block } of items) {
    const last = page.parts.at(-1);
    const cost = block.length + (last?.kind === kind ? 0 : 2);
    if (page.parts.length && used + cost > bodyRows(o.rows)) {
      pages.push(page);
      page = { parts: [] };
      used = 0;
    }
    const open = page.parts.at(-1);
    const lines = pagesOf([block], bodyRows(o.rows) - 2)[0]!;
    if (open?.kind === kind) open.lines.push(...lines);
    else page.parts.push({ kind, lines });
    used += lines.length + (open?.kind === kind ? 0 : 2);
  }
  if (page.parts.length) pages.push(page);
  return pages;
}

/** Whether the session screen left anything out: then the film ends with the tour. */
export function tourScreens(state: SessionState, o: TourOptions, needed: boolean): Line[][] {
  if (!needed) return [];
  const pages = tourPages(state, o);
  return pages.map((page, i) => {
    const lines: Line[] = [header(title(state, o.theme), progressSegs(state, o.theme), o.cols)];
    for (const part of page.parts) {
      const head =
        part.kind === 'intents' ? intentsTitle(state, o.theme) : checklistTitle(state, o.theme);
      lines.push(...boxed(head, part.lines, o.cols, part.lines.length + 2, o.theme));
    }
    while (lines.length < o.rows - 1) lines.push([]);
    const hint = ` every intent and checklist item, page ${i + 1} of ${pages.length}`;
    lines.push([{ text: hint, color: o.theme.text.muted }]);
    return lines.slice(0, o.rows).map((l) => padLine(l, o.cols));
  });
}
