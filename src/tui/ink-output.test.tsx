import { Box, Text, Transform } from 'ink';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  fakeController,
  press,
  renderSession,
  renderTui,
  screenOf,
  waitForFrame,
  type Rendered,
} from '../../test/tui/harness.tsx';
import { syntheticEvents, syntheticReply } from '../store/synthetic.ts';
import { installFastInkOutput } from './ink-output.ts';
import { SessionScreen } from './screens/SessionScreen.tsx';

interface Fixture {
  name: string;
  /** Renders and returns the frames to compare (each after a wait for its content). */
  frames(): Promise<string[]>;
}

async function framesOf(
  node: ReactNode,
  size: { columns: number; rows: number },
  marker: string,
): Promise<string[]> {
  const r = renderTui(node, size);
  try {
    await waitForFrame(r, (f) => f.includes(marker));
    return [r.lastFrame()!];
  } finally {
    r.unmount();
  }
}

function streamingSession() {
  const events = syntheticEvents({ turns: 40 });
  return fakeController([
    ...events,
    { type: 'agent_delta', turn: 40, text: syntheticReply(40, 30) + ' 宽字符 🧪' },
  ]);
}

async function sessionFrames(size: { columns: number; rows: number }): Promise<string[]> {
  const r: Rendered = renderSession(streamingSession(), <SessionScreen onExit={() => {}} />, size);
  try {
    const frames = [
      await waitForFrame(r, (f) => f.includes('Workspace') && f.includes('🧪')).then(() =>
        r.lastFrame()!,
      ),
    ];
    await press(r, '?');
    frames.push(
      await waitForFrame(r, (f) => f.includes('show or hide the keys')).then(() => r.lastFrame()!),
    );
    return frames;
  } finally {
    r.unmount();
  }
}

/** Text and an absolute box that overlap; whichever Ink writes last must win. */
function overlap(order: 'box first' | 'box last', marker: string): Promise<string[]> {
  const box = (
    <Box key="box" position="absolute" marginLeft={5} borderStyle="round" width={16} height={3}>
      <Text color="red">{order === 'box last' ? 'on top' : 'below'}</Text>
    </Box>
  );
  const text = [
    <Text key="t1">{'written later '.repeat(3)}</Text>,
    <Text key="t2" bold>
      {'second line under the box'}
    </Text>,
  ];
  return framesOf(
    <Box width={40} height={4} flexDirection="column">
      {order === 'box first' ? [box, ...text] : [...text, box]}
    </Box>,
    { columns: 50, rows: 5 },
    marker,
  );
}

const fixtures: Fixture[] = [
  {
    name: 'the session screen, four panes, streaming, then help',
    frames: () => sessionFrames({ columns: 160, rows: 48 }),
  },
  {
    name: 'the session screen with tabs at 80x24',
    frames: () => sessionFrames({ columns: 80, rows: 24 }),
  },
  {
    name: 'wide characters, emoji and a combining mark beside borders',
    frames: () =>
      framesOf(
        <Box>
          <Box borderStyle="round" width={20}>
            <Text>宽字符 and 🧪 e\u0301</Text>
          </Box>
          <Box borderStyle="single" width={20}>
            <Text color="green">ok ✔ done</Text>
          </Box>
        </Box>,
        { columns: 60, rows: 6 },
        'done',
      ),
  },
  {
    name: 'text over a background (overlapping writes)',
    frames: () =>
      framesOf(
        <Box backgroundColor="blue" width={30} height={3} flexDirection="column">
          <Text>on blue</Text>
          <Text color="yellow">yellow on blue 宽</Text>
        </Box>,
        { columns: 40, rows: 5 },
        'yellow on blue',
      ),
  },
  {
    name: 'an absolute box over text (overlapping writes)',
    frames: () => overlap('box last', 'on top'),
  },
  {
    name: 'text written after an absolute box, over it (later writes win, whatever their column)',
    frames: () => overlap('box first', 'written later'),
  },
  {
    name: 'clipped boxes cut text, wide characters and styles at their edges',
    frames: () =>
      framesOf(
        <Box flexDirection="column">
          <Box width={12} height={2} overflow="hidden" borderStyle="single">
            <Box flexShrink={0} width={40}>
              <Text color="cyan">{'abcdef宽宽宽ghijkl'}</Text>
            </Box>
          </Box>
          <Box width={30} height={3} overflowY="hidden" flexDirection="column">
            <Text>row one</Text>
            <Text>row two</Text>
            <Text>row three</Text>
            <Text>row four is clipped</Text>
          </Box>
        </Box>,
        { columns: 40, rows: 8 },
        'row three',
      ),
  },
  {
    name: 'transforms',
    frames: () =>
      framesOf(
        <Box flexDirection="column">
          <Transform transform={(line, i) => `${i}:${line.toUpperCase()}`}>
            <Text>{'first\nsecond'}</Text>
          </Transform>
          <Text>
            plain <Text inverse>inverse</Text> plain
          </Text>
        </Box>,
        { columns: 40, rows: 4 },
        'plain',
      ),
  },
];

describe('the fast Ink output stage', () => {
  it('draws what stock Ink draws: panes, wide characters, overlaps, clipping, transforms', async () => {
    // Stock first, then installed (vitest runs this file's tests in order, in one worker).
    const stock: string[][] = [];
    for (const fixture of fixtures) stock.push(await fixture.frames());
    expect(await installFastInkOutput()).toBe(true);
    for (const [i, fixture] of fixtures.entries()) {
      const fast = await fixture.frames();
      expect(fast.length, fixture.name).toBe(stock[i]!.length);
      for (const [j, frame] of fast.entries())
        expect(screenOf(frame), `${fixture.name}, frame ${j + 1}`).toEqual(screenOf(stock[i]![j]!));
    }
  });

  it('keeps drawing correctly as frames change (its caches outlive a frame)', async () => {
    expect(await installFastInkOutput()).toBe(true);
    const Counter = ({ n }: { n: number }) => (
      <Box flexDirection="column">
        <Text color="cyan">unchanged line</Text>
        <Text bold>{`counter ${n}`}</Text>
      </Box>
    );
    const r = renderTui(<Counter n={1} />, { columns: 30, rows: 4 });
    try {
      await waitForFrame(r, (f) => f.includes('counter 1'));
      r.rerender(<Counter n={2} />);
      const frame = await waitForFrame(r, (f) => f.includes('counter 2'));
      expect(frame).toContain('unchanged line');
      expect(frame).not.toContain('counter 1');
    } finally {
      r.unmount();
    }
  });
});
