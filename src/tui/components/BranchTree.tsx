/**
 * Replay: the recording's tree over the panes (`t`): the parent it was forked from, if any, then
 * its forks, each under the recording it left, with the turn, its end and scores. Enter replays
 * the highlighted one from the turn where it parts.
 */
import { Text } from 'ink';
import { Fragment } from 'react';
import { PickListBox } from './PickListBox.tsx';
import { windowTop } from '../hooks/useListCursor.ts';
import { usePickList } from '../hooks/usePickList.ts';
import type { BranchRow } from '../session/controller.ts';
import { useTheme } from '../theme.ts';
import { truncate, width as textWidth } from '../../text/text.ts';

export function BranchTree({
  name,
  rows,
  width,
  height,
  onOpen,
  onClose,
}: {
  /** The file name of the recording on screen (the root of the tree). */
  name: string;
  rows: readonly BranchRow[];
  width: number;
  height: number;
  onOpen: (row: BranchRow) => void;
  onClose: () => void;
}) {
  const theme = useTheme();
  const cursor = usePickList('branches', rows, onOpen, onClose);
  const cols = width - 4;
  // The title, the recording on screen, and (for a fork) the line between its parent and it.
  const parent = rows[0]?.kind === 'parent';
  const shown = Math.max(1, height - 4 - (parent ? 1 : 0));
  const top = windowTop(cursor.selected, cursor.selected + 1, rows.length, shown, 0);
  const markOf = (row: BranchRow) =>
    row.kind === 'parent' ? '↑ ' : '  '.repeat(row.depth + 1) + '↳ ';
  const head = (row: BranchRow) =>
    row.kind === 'parent' ? row.text : `fork at turn ${row.turn}  ${row.outcome ?? ''}`;
  // A fork whose file name does not fit beside its end and scores gets the name on a line of
  // its own, while the rows leave room for that; else the name is cut (its end and scores stay).
  const tooWide = rows.some(
    (row) => row.kind === 'fork' && textWidth(`${markOf(row)}${head(row)}  ${row.name}`) > cols,
  );
  const nameLines = tooWide && rows.length * 2 <= shown;
  const line = (row: BranchRow, i: number) => {
    const on = i === cursor.selected;
    const mark = markOf(row);
    const room = Math.max(1, cols - mark.length);
    const markText = <Text color={on ? undefined : theme.text.accent}>{mark}</Text>;
    if (row.kind === 'fork' && nameLines)
      return (
        <Fragment key={row.file}>
          <Text wrap="truncate-end" inverse={on}>
            {markText}
            {truncate(head(row), room)}
          </Text>
          <Text wrap="truncate-end" inverse={on}>
            {' '.repeat(mark.length)}
            {truncate(row.name, room)}
          </Text>
        </Fragment>
      );
    const text = row.kind === 'parent' ? row.text : `${head(row)}  ${row.name}`;
    return (
      <Text key={row.file} wrap="truncate-end" inverse={on}>
        {markText}
        {truncate(text, room)}
      </Text>
    );
  };
  const visible = rows.slice(top, top + shown).map((row, i) => ({ row, i: top + i }));
  return (
    <PickListBox
      title="Branches (↑/↓ choose, enter replays it, esc closes)"
      width={width}
      height={height}
    >
      {visible.filter((v) => v.row.kind === 'parent').map((v) => line(v.row, v.i))}
      <Text bold wrap="truncate-end">
        {truncate(`${parent ? '└ ' : ''}● ${name} (on screen)`, cols)}
      </Text>
      {visible.filter((v) => v.row.kind === 'fork').map((v) => line(v.row, v.i))}
      {rows.every((r) => r.kind !== 'fork') ? (
        <Text color={theme.text.secondary}>
          {truncate('No forks of this recording yet: f forks it at the turn on screen.', cols)}
        </Text>
      ) : null}
    </PickListBox>
  );
}
