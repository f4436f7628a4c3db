import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { shareInkOutputCaches } from './ink-output-cache.ts';

function Screen({ n }: { n: number }) {
  return (
    <Box flexDirection="column">
      <Text color="cyan">unchanged line</Text>
      <Text bold>{`counter ${n}`}</Text>
      <Text>宽字符 and emoji 🧪 stay aligned</Text>
    </Box>
  );
}

describe('sharing Ink output caches across frames', () => {
  it('draws exactly what stock Ink draws, frame after frame', async () => {
    const stock = render(<Screen n={1} />);
    const before = [stock.lastFrame()];
    stock.rerender(<Screen n={2} />);
    before.push(stock.lastFrame());
    stock.unmount();

    // Installed here, after the stock frames (vitest runs this file's tests in order, in one worker).
    expect(await shareInkOutputCaches()).toBe(true);
    const shared = render(<Screen n={1} />);
    const after = [shared.lastFrame()];
    shared.rerender(<Screen n={2} />);
    after.push(shared.lastFrame());
    shared.unmount();

    expect(after).toEqual(before);
    expect(after[1]).toContain('counter 2');
  });

  it('installs against the Ink this project ships (if not, frames silently get slower), once', async () => {
    expect(await shareInkOutputCaches()).toBe(true);
  });
});
