/**
 * One page of a study's participant path: a title, text (scrolled with ↑/↓ when it is longer
 * than the screen), and the keys that go on. The page's own keys are handled by its screen.
 */
import { Box } from 'ink';
import { useState, type ReactNode } from 'react';
import { Pane, paneInner } from '../../components/Pane.tsx';
import { LineView } from '../../components/LineView.tsx';
import { PRIORITY, useKeyActions } from '../../hooks/keypress.tsx';
import { useTerminalSize } from '../../hooks/useTerminalSize.ts';
import { useTheme } from '../../theme.ts';
import { wrap, type Line, type Seg } from '../../../text/text.ts';

/** Paragraphs as lines wrapped to `cols`, blank lines kept. */
export function paragraphs(text: string, cols: number, style: Omit<Seg, 'text'> = {}): Line[] {
  return text
    .trimEnd()
    .split('\n')
    .flatMap((p) => (p.trim() ? wrap(p, cols).map((t) => [{ ...style, text: t }]) : [[{ text: ' ' }]]));
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
}

export function Page({ title, info, lines, keys, children, childRows = 0 }: PageProps) {
  const theme = useTheme();
  const { columns, rows } = useTerminalSize();
  const box = { width: Math.min(columns, PAGE_WIDTH), height: Math.max(6, rows - 1 - childRows - 1) };
  const inner = paneInner(box);
  const text = lines(inner.cols - 1);
  const [top, setTop] = useState(0);
  const maxTop = Math.max(0, text.length - inner.rows);
  const scroll = (d: number) => setTop((t) => Math.max(0, Math.min(maxTop, t + d)));
  useKeyActions(
    ['pane'],
    { up: () => scroll(-1), down: () => scroll(1), pageUp: () => scroll(-inner.rows), pageDown: () => scroll(inner.rows) },
    { priority: PRIORITY.pane, active: maxTop > 0 },
  );
  const more = top < maxTop ? ' · ↓ more' : '';
  const hints: Line = keys.flatMap(([k, what], i) => [
    ...(i ? [{ text: '  ' }] : []),
    { text: k, bold: true, color: theme.text.accent },
    { text: ' ' + what, color: theme.text.secondary },
  ]);
  return (
    <Box flexDirection="column" width={columns} height={rows - 1}>
      <Pane title={title} info={(info ?? '') + more} focused box={box}>
        <LineView lines={text.slice(top)} top={0} height={inner.rows} cols={inner.cols} />
      </Pane>
      {children}
      <LineView lines={[hints]} top={0} height={1} cols={columns} />
    </Box>
  );
}
