import { Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fakeController,
  KEYS,
  press,
  renderSession,
  waitFor,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { SESSION_START } from '../../../test/tui/session-events.ts';
import type { ControlState } from '../session/controller.ts';
import type { Dialog } from './useOverlays.ts';
import type { Focus } from './usePaneFocus.ts';
import { useScreenKeys } from './useScreenKeys.ts';

let r: Rendered | undefined;
afterEach(() => r?.unmount());

/** The screen's keys over a dialog and focus of its own; what they did, as text and in `seen`. */
function Probe({ seen, back }: { seen: string[]; back?: boolean }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [focus, setFocus] = useState<Focus>('conversation');
  const keys = useScreenKeys({
    onExit: () => seen.push('exit'),
    ...(back ? { onBack: () => seen.push('back') } : {}),
    dialog,
    open: setDialog,
    cycle: (dir) => seen.push(`cycle ${dir}`),
    setFocus,
    passTime: () => seen.push('passTime'),
  });
  return (
    <Text>{`dialog=${JSON.stringify(dialog)} focus=${focus} scopes=${keys.scopes.join(',')}`}</Text>
  );
}

function render(
  control: Partial<ControlState>,
  methods: Parameters<typeof fakeController>[2] = {},
  back = false,
) {
  const seen: string[] = [];
  const c = fakeController([SESSION_START], control, methods);
  r = renderSession(c, <Probe seen={seen} back={back} />);
  return { seen, c };
}

describe('useScreenKeys', () => {
  it('asks before quitting a running session, and quits a finished one at once', async () => {
    let { seen, c } = render({ mode: 'watch', running: true });
    await press(r!, 'q');
    await waitForFrame(r!, (f) => f.includes('dialog="quit"'));
    expect([...seen, ...c.calls]).toEqual([]);
    r!.unmount();
    ({ seen, c } = render({ mode: 'watch', running: false }));
    await press(r!, 'q');
    await waitFor(() => seen.length === 1);
    expect(c.calls).toEqual(['quit']);
    expect(seen).toEqual(['exit']);
  });

  it('watching: the pace keys reach the controller; tab moves the focus', async () => {
    const calls: string[] = [];
    const { seen } = render(
      { mode: 'watch', running: true },
      {
        togglePause: () => calls.push('pause'),
        step: () => calls.push('step'),
        takeOver: () => calls.push('takeOver'),
      },
    );
    await waitForFrame(r!, (f) => f.includes('scopes=global,session,watch'));
    await press(r!, ' ', 's', 't', KEYS.tab, KEYS.shiftTab);
    await waitFor(() => seen.length === 2);
    expect(calls).toEqual(['pause', 'step', 'takeOver']);
    expect(seen).toEqual(['cycle 1', 'cycle -1']);
  });

  it('in a replay: moves turn by turn, to the ends, and to the turns where a status changed', async () => {
    const turns: number[] = [];
    render(
      {
        mode: 'replay',
        running: false,
        replay: { turn: 2, lastTurn: 5, changeTurns: [1, 4], file: 'r.jsonl', complete: true },
      },
      { goToTurn: (t) => turns.push(t) },
    );
    await waitForFrame(r!, (f) => f.includes('scopes=global,session,replay'));
    await press(r!, KEYS.right, KEYS.left, KEYS.home, KEYS.end, 'n', 'N');
    await waitFor(() => turns.length === 6);
    expect(turns).toEqual([3, 1, 0, 5, 4, 1]);
  });

  it('offers the way back home only once the session is over', async () => {
    let { seen } = render({ mode: 'watch', running: true }, {}, true);
    await press(r!, 'b', '?');
    await waitForFrame(r!, (f) => f.includes('dialog="help"'));
    expect(seen).toEqual([]);
    r!.unmount();
    ({ seen } = render({ mode: 'watch', running: false }, {}, true));
    await press(r!, 'b');
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual(['back']);
  });

  it('playing: ctrl+n lets time pass, ctrl+p shows who you are', async () => {
    const { seen } = render({ mode: 'play', running: true });
    await waitForFrame(r!, (f) => f.includes('scopes=global,session,play'));
    await press(r!, KEYS.ctrlN);
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual(['passTime']);
    await press(r!, KEYS.ctrlP);
    await waitForFrame(r!, (f) => f.includes('dialog="persona"'));
  });

  it('playing the agent: ctrl+t opens the tool picker from a pane, as the status bar says', async () => {
    render({ mode: 'agent', running: true });
    await waitForFrame(r!, (f) => f.includes('focus=conversation'));
    await press(r!, KEYS.ctrlT);
    await waitForFrame(r!, (f) => f.includes('dialog="tools"'));
  });
});
