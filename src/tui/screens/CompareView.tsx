/**
 * The side-by-side view of two recordings of one scenario, turn by turn: each side's
 * intents as they stood after that turn, and what happened in it. Both sides come from
 * the store's replay timeline, so they show exactly what watch and replay show.
 */
import { Box, Text, render, useApp, useInput, useStdout } from 'ink';
import { useMemo, useState } from 'react';
import { createTimeline } from '../../store/replay.ts';
import { procSoFar, turnState } from '../../store/selectors.ts';
import { INTENT_LEGEND } from '../../session/marks.ts';
import { createTheme } from '../theme.ts';
import {
  intentLines,
  maxTurn,
  sideTitle,
  turnLines,
  type SessionSide,
} from '../../report/compare.ts';

// Colours the theme's way: none with NO_COLOR, the symbols still tell statuses apart.
const theme = createTheme();

export interface CompareViewProps {
  left: SessionSide;
  right: SessionSide;
  /** Fixed size (tests); default: the terminal's. */
  columns?: number;
  rows?: number;
}

function Side({
  side,
  turn,
  width,
  height,
  scroll,
}: {
  side: SessionSide;
  turn: number;
  width: number;
  height: number;
  scroll: number;
}) {
  const timeline = useMemo(() => createTimeline(side.recording.events), [side]);
  const state = timeline.stateAt(turn);
  const cols = width - 4;
  const [name, agent, scores] = sideTitle(side);
  const proc = procSoFar(state);
  const intents = intentLines(state, cols);
  const body = turnLines(turnState(side.state, turn), cols);
  const ended = turn > timeline.lastTurn;
  // Every line is counted: a box whose lines do not fit makes Ink draw two of them on one row.
  const room = Math.max(1, height - 2 - 4 - intents.length - 1 - (ended ? 1 : 0));
  const overflows = body.length - scroll > room;
  const shown = body.slice(scroll, scroll + (overflows ? room - 1 : room));
  const more = body.length - scroll - shown.length;
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      borderStyle="round"
      paddingX={1}
      overflow="hidden"
    >
      <Text bold wrap="truncate-end">
        {name}
      </Text>
      <Text wrap="truncate-end">{agent}</Text>
      <Text dimColor wrap="truncate-end">
        {scores}
      </Text>
      <Text
        dimColor
        wrap="truncate-end"
      >{`Proc after turn ${turn}: ${proc === null ? '–' : proc.toFixed(2)}`}</Text>
      {intents.map((l, i) => (
        <Text
          key={`i${i}`}
          wrap="truncate-end"
          color={Object.values(theme.intent).find((m) => l.startsWith(m.symbol))?.color}
        >
          {l}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        {'─'.repeat(cols)}
      </Text>
      {ended ? (
        <Text
          dimColor
          wrap="truncate-end"
        >{`(this session ended at turn ${timeline.lastTurn})`}</Text>
      ) : null}
      {shown.map((l, i) => (
        <Text
          key={`l${i}`}
          wrap="truncate-end"
          color={l.startsWith('agent') ? theme.role.agent : undefined}
        >
          {l}
        </Text>
      ))}
      {more > 0 ? <Text dimColor wrap="truncate-end">{`… ${more} more line(s): ↓`}</Text> : null}
    </Box>
  );
}

export function CompareView({ left, right, columns, rows }: CompareViewProps) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  const width = columns ?? stdout.columns ?? 120;
  const height = (rows ?? stdout.rows ?? 30) - 3;
  const last = Math.max(1, maxTurn(left, right));
  const [turn, setTurn] = useState(1);
  const [scroll, setScroll] = useState(0);
  const go = (t: number) => {
    setTurn(Math.max(1, Math.min(last, t)));
    setScroll(0);
  };
  useInput((input, key) => {
    if (input === 'q' || key.escape) exit();
    else if (key.rightArrow || input === 'l' || input === 'n') go(turn + 1);
    else if (key.leftArrow || input === 'h' || input === 'p') go(turn - 1);
    else if (key.home || input === 'g') go(1);
    else if (key.end || input === 'G') go(last);
    else if (key.downArrow || input === 'j') setScroll((s) => s + 1);
    else if (key.upArrow || input === 'k') setScroll((s) => Math.max(0, s - 1));
  });
  const half = Math.floor(width / 2);
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {left.recording.header.scenario}: {left.recording.header.title} — turn {turn} of {last}
      </Text>
      <Box>
        <Side side={left} turn={turn} width={half} height={height} scroll={scroll} />
        <Side side={right} turn={turn} width={width - half} height={height} scroll={scroll} />
      </Box>
      <Text
        dimColor
        wrap="truncate-end"
      >{`←/→ turn · g/G first/last · ↑/↓ scroll · q quit · ${INTENT_LEGEND}`}</Text>
    </Box>
  );
}

export async function showCompareView(left: SessionSide, right: SessionSide): Promise<void> {
  const app = render(<CompareView left={left} right={right} />);
  await app.waitUntilExit();
}
