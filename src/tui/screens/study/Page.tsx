/**
 * One page of a study's participant path: a title, text (scrolled with ↑/↓ when it is longer
 * than the screen), and the keys that go on. The page's own keys are handled by its screen;
 * `?` covers the text with the page's keys, from the keymap, as the session screen's help does.
 */
import { Box } from 'ink';
import { useState, type ReactNode } from 'react';
import { HelpOverlay } from '../../components/HelpOverlay.tsx';
import { Pane, paneInner } from '../../components/Pane.tsx';
import { LineView } from '../../components/LineView.tsx';
import { PRIORITY, useKeyActions } from '../../hooks/keypress.tsx';
import { useTerminalSize } from '../../hooks/useTerminalSize.ts';
import type { HelpFilter, Scope } from '../../keymap.ts';
import { useTheme } from '../../theme.ts';
import { wrap, type Line, type Seg } from '../../../text/text.ts';

/** Paragraphs as lines wrapped to `cols`, blank lines kept. */
export function paragraphs(text: string, cols: number, style: Omit<Seg, 'text'> = {}): Line[] {
  return text
    .trimEnd()
    .split('\n')
    .flatMap((p) =>
      p.trim() ? wrap(p, cols).map((t) => [{ ...style, text: t }]) : [[{ text: ' ' }]],
    );
}

export const PAGE_WIDTH = 100;

export interface PageProps {
  title: string;
  info?: string;
  /** The page's text, already as lines (use `paragraphs`). */
  lines: (cols: number) => Line[];
  /** Key hints at the bottom: [key, what it does]. */
  keys: [string, string][];
  /** Under the text, above the keys (a rating scale, an input box). */
  children?: ReactNode;
  /** Rows the children take. */
  childRows?: number;
  /** What `?` lists: the scopes of the page's keys, in order, less what does nothing here. No help without it. */
  help?: { scopes: readonly Scope[]; filter?: HelpFilter; hint?: string };
}

export function Page({ title, info, lines, keys, children, childRows = 0, help }: PageProps) {
  const theme = useTheme();
  const { columns, rows } = useTerminalSize();
  const box = {
    width: Math.min(columns, PAGE_WIDTH),
    height: Math.max(6, rows - 1 - childRows - 1),
  };
  const inner = paneInner(box);
  const text = lines(inner.cols - 1);
  const [top, setTop] = useState(0);
  const maxTop = Math.max(0, text.length - inner.rows);
  const scroll = (d: number) => setTop((t) => Math.max(0, Math.min(maxTop, t + d)));
  useKeyActions(
    ['pane'],
    {
      up: () => scroll(-1),
      down: () => scroll(1),
      pageUp: () => scroll(-inner.rows),
      pageDown: () => scroll(inner.rows),
    },
    { priority: PRIORITY.pane, active: maxTop > 0 },
  );
  // Under the page's text entry (a free-text answer types `?` once something is written).
  const [helpOpen, setHelpOpen] = useState(false);
  useKeyActions(
    ['global'],
    { help: () => setHelpOpen(true) },
    { priority: PRIORITY.pane, active: Boolean(help) && !helpOpen },
  );
  const more = top < maxTop ? ' · ↓ more' : '';
  const hints: Line = [
    ...keys,
    ...(help ? ([['?', help.hint ?? 'keys']] as [string, string][]) : []),
  ].flatMap(([k, what], i) => [
    ...(i ? [{ text: '  ' }] : []),
    { text: k, bold: true, color: theme.text.accent },
    { text: ' ' + what, color: theme.text.secondary },
  ]);
  return (
    <Box flexDirection="column" width={columns} height={rows - 1}>
      {/* The help takes the terminal's width: its lines are longer than a page's text. */}
      {help && helpOpen ? (
        <HelpOverlay
          scopes={[...help.scopes, ...(maxTop > 0 ? (['pane'] as const) : [])]}
          filter={{ ...help.filter, omit: [...(help.filter?.omit ?? []), 'quit', 'top', 'bottom'] }}
          width={columns}
          height={box.height}
          onClose={() => setHelpOpen(false)}
        />
      ) : (
        <Pane title={title} info={(info ?? '') + more} focused box={box}>
          <LineView lines={text.slice(top)} top={0} height={inner.rows} cols={inner.cols} />
        </Pane>
      )}
      {children}
      <LineView lines={[hints]} top={0} height={1} cols={columns} />
    </Box>
  );
}
