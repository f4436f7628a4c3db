/**
 * Text cut at a pane's edge on a captured screen (an Ink frame or a tmux capture): a line of a
 * side pane that ends in … at its border. The main pane (the Conversation) shows tool calls in
 * one line each by design, so it is left out. A verdict's quoted reason (↳ and the lines under
 * it) may be cut only where its pane is full: with a free row left, it should have wrapped.
 */
interface Box {
  from: number;
  to: number;
}

/** The columns [from, to) of each pane box on the screen, from the row of their top borders. */
function paneColumns(rows: string[]): { boxes: Box[]; top: number } {
  const top = rows.findIndex((row) => /[╭┏]/.test(row));
  const boxes: Box[] = [];
  [...(rows[top] ?? '')].forEach((ch, i) => {
    if (ch === '╭' || ch === '┏') boxes.push({ from: i, to: rows[top]!.length });
    if ((ch === '╮' || ch === '┓') && boxes.length) boxes.at(-1)!.to = i + 1;
  });
  return { boxes, top };
}

/** The rows inside a box, under its title line and above its bottom border. */
function innerRows(rows: string[], box: Box, top: number): string[] {
  const inside = rows.map((row) => [...row].slice(box.from, box.to).join(''));
  const bottom = inside.findIndex((l, i) => i > top && /^[╰┗]/.test(l));
  return inside.slice(top + 2, bottom < 0 ? inside.length : bottom);
}

/** The lines of side panes cut at their right edge (the main pane, first at the left, aside). */
export function cutLines(frame: string, mainTitle = 'Conversation'): string[] {
  const rows = frame.split('\n');
  const { boxes, top } = paneColumns(rows);
  const cuts: string[] = [];
  for (const box of boxes) {
    const title = [...(rows[top + 1] ?? '')].slice(box.from, box.to).join('');
    if (title.slice(1).startsWith(mainTitle)) continue;
    const inner = innerRows(rows, box, top);
    const full = inner.every((l) => l.slice(1, -1).trim() !== '');
    let inReason = false;
    for (const line of inner) {
      inReason = line.includes('↳') || (inReason && /^[│┃]. {4}/u.test(line));
      if (!/…[│┃]$/.test(line) || /^[│┃]\s+… \d+ more/.test(line)) continue;
      if (inReason && full) continue;
      cuts.push(line);
    }
  }
  return cuts;
}
