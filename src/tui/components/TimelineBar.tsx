/** Replay's turn timeline: where you are, and which turns changed an intent's status. */
import { useControl } from '../context.tsx';
import { useTheme } from '../theme.ts';
import type { Seg } from '../../text/text.ts';
import { LineView } from './LineView.tsx';

export function TimelineBar({ width }: { width: number }) {
  const theme = useTheme();
  const replay = useControl((c) => c.replay);
  if (!replay) return null;
  const { turn, lastTurn, changeTurns } = replay;
  const label = `turn ${turn} of ${lastTurn} `;
  const room = Math.max(4, width - label.length - 24);
  // One cell per turn, or turns bucketed into cells when there are more turns than room.
  const cells = Math.min(room, lastTurn + 1);
  const cellOf = (t: number) => (lastTurn === 0 ? 0 : Math.round((t / lastTurn) * (cells - 1)));
  const changes = new Set(changeTurns.map(cellOf));
  const forks = new Set((replay.forkTurns ?? []).map(cellOf));
  const here = cellOf(turn);
  const segs: Seg[] = [
    { text: label, bold: true },
    { text: '├', color: theme.text.muted },
  ];
  for (let c = 0; c < cells; c++) {
    if (c === here) segs.push({ text: '●', color: theme.text.accent, bold: true });
    else if (forks.has(c)) segs.push({ text: '┬', color: theme.text.accent, bold: true });
    else if (changes.has(c)) segs.push({ text: '◆', color: theme.intent.completed.color });
    else segs.push({ text: '─', color: theme.text.muted });
  }
  segs.push(
    { text: '┤', color: theme.text.muted },
    {
      text: `  ◆ status change${forks.size ? ' · ┬ fork' : ''}${replay.complete ? '' : ' · incomplete recording'}`,
      color: theme.text.muted,
    },
  );
  return <LineView lines={[segs]} top={0} height={1} cols={width} />;
}
