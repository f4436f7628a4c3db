import { it } from 'vitest';
import { Text } from 'ink';
import { useState } from 'react';
import { useKeyActions } from '../../src/tui/hooks/keypress.tsx';
import { renderTui, waitForFrame } from './harness.tsx';

it('probe', async () => {
  const log: string[] = [];
  function V() {
    const [n, setN] = useState(0);
    useKeyActions(['home'], { modeNext: () => setN((x) => x + 1), start: () => log.push('start n=' + n) });
    return <Text>n {n}</Text>;
  }
  const r = renderTui(<V />);
  await waitForFrame(r, (f) => f.includes('n 0'));
  r.stdin.write('\u001B[C\u001B[C\r');
  await waitForFrame(r, (f) => f.includes('n 2'));
  await new Promise((res) => setTimeout(res, 50));
  console.log(log);
});
