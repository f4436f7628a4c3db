import { Text } from 'ink';
import { useEffect, useLayoutEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, renderTui, waitForFrame, type Rendered } from '../../../test/tui/harness.tsx';
import { PRIORITY, useKeyActions } from './keypress.tsx';

let r: Rendered | undefined;
afterEach(() => r?.unmount());

describe('the keypress dispatcher', () => {
  it('handles keys that arrive together one after another, each seeing what the last one did', async () => {
    const started: number[] = [];
    function Modes() {
      const [mode, setMode] = useState(0);
      useKeyActions(['home'], {
        modeNext: () => setMode((m) => m + 1),
        start: () => started.push(mode),
      });
      return <Text>mode {mode}</Text>;
    }
    r = renderTui(<Modes />);
    await waitForFrame(r, (f) => f.includes('mode 0'));
    r.stdin.write(`${KEYS.right}${KEYS.right}${KEYS.enter}`);
    await waitForFrame(r, (f) => f.includes('mode 2'));
    await waitForFrame(r, () => started.length > 0);
    expect(started).toEqual([2]);
  });

  it('keeps keys in step with the screen when a render takes longer than the wait meant for keys that change nothing', async () => {
    // A loaded machine: the render after the first key takes longer than the dispatcher's
    // fallback wait, so that wait and the render both try to let the next key go.
    const started: number[] = [];
    let slowOnce = true;
    function SlowModes() {
      const [mode, setMode] = useState(0);
      useKeyActions(['home'], {
        modeNext: () => setMode((m) => m + 1),
        start: () => started.push(mode),
      });
      useLayoutEffect(() => {
        if (mode !== 1 || !slowOnce) return;
        slowOnce = false;
        const until = Date.now() + 120;
        while (Date.now() < until);
      }, [mode]);
      return <Text>mode {mode}</Text>;
    }
    const slow = renderTui(<SlowModes />);
    r = slow;
    await waitForFrame(slow, (f) => f.includes('mode 0'));
    // Written from a check-phase callback, as a terminal's input arrives: the expired wait runs before the render's release.
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        slow.stdin.write(`${KEYS.right}${KEYS.right}${KEYS.enter}`);
        resolve();
      }),
    );
    await waitForFrame(slow, (f) => f.includes('mode 2'));
    await waitForFrame(slow, () => started.length > 0);
    expect(started).toEqual([2]);
  });

  it('lets no key go before the render of the one before, however late React gets to it', async () => {
    // A loaded machine: other work React queued earlier holds the process past the wait meant
    // for keys that change nothing, between the first key and React's render of it. A handler
    // reads the row it was rendered with (as the lists' cursors do): let go on that wait, the
    // second ↓ saw row 0 again and was lost (the home screen's guide test stopped at 2/3).
    const busy = (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until);
    };
    let typeTwoDowns = () => {};
    let stall = () => {};
    function Rows() {
      const [row, setRow] = useState(0);
      const [stalled, setStalled] = useState(false);
      stall = () => setStalled(true);
      useKeyActions(['home'], { down: () => setRow(row + 1) });
      // The stalling render outlasts React's 5 ms slice, so its effects wait for a later one;
      // the keys come in between, and those effects then hold the CPU for 80 ms.
      if (stalled && row === 0) busy(10);
      useLayoutEffect(() => {
        if (stalled) setImmediate(typeTwoDowns);
      }, [stalled]);
      useEffect(() => {
        if (stalled) busy(80);
      }, [stalled]);
      return <Text>row {row}</Text>;
    }
    const rows = renderTui(<Rows />);
    r = rows;
    typeTwoDowns = () => rows.stdin.write(`${KEYS.down}${KEYS.down}`);
    await waitForFrame(rows, (f) => f.includes('row 0'));
    stall();
    await waitForFrame(rows, (f) => /row [12]/.test(f));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rows.lastFrame()).toContain('row 2');
  });

  it('offers a key to the highest layer first, and lets unhandled keys fall through', async () => {
    const seen: string[] = [];
    function Layers({ dialog }: { dialog: boolean }) {
      useKeyActions(['global'], {
        quit: () => seen.push('screen quit'),
        help: () => seen.push('screen help'),
      });
      useKeyActions(
        ['confirm'],
        { no: () => seen.push('dialog no') },
        { active: dialog, priority: PRIORITY.dialog },
      );
      return <Text>ready</Text>;
    }
    r = renderTui(<Layers dialog />);
    await waitForFrame(r, (f) => f.includes('ready'));
    r.stdin.write('q');
    await waitForFrame(r, () => seen.length === 1);
    r.stdin.write('?');
    await waitForFrame(r, () => seen.length === 2);
    expect(seen).toEqual(['dialog no', 'screen help']);
  });
});
