/**
 * Text cut at a pane's edge on a captured screen (an Ink frame or a tmux capture): a line of a
 * side pane that ends in … at its border. The main pane (the Conversation) shows tool calls in
 * one line each by design, and a verdict's quoted reason (↳) is an excerpt: both are left out.
 */
/** The columns [from, to) of each pane box on the screen, from the row of their top borders. */
function paneColumns(rows: string[]): { from: number; to: number }[] {
  const top = rows.find((row) => /[╭┏]/.test(row)) ?? '';
  const boxes: { from: number; to: number }[] = [];
  [...top].forEach((ch, i) => {
    if (ch === '╭' || ch === '┏') boxes.push({ from: i, to: top.length });
    if ((ch === '╮' || ch === '┓') && boxes.length) boxes.at(-1)!.to = i + 1;
  });
  return boxes;
}

/** The lines of side panes cut at their right edge (the main pane, first at the left, aside). */
export function cutLines(frame: string, mainTitle = 'Conversation'): string[] {
  const rows = frame.split('\n');
  const cuts: string[] = [];
  for (const box of paneColumns(rows)) {
    const inside = rows.map((row) => [...row].slice(box.from, box.to).join(''));
    if (inside.some((l) => l.slice(1).startsWith(mainTitle))) continue;
    for (const line of inside)
      if (/…[│┃]$/.test(line) && !line.includes('↳') && !/^[│┃]\s+… \d+ more/.test(line))
        cuts.push(line);
  }
  return cuts;
}
