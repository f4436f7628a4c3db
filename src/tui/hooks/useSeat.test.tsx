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
import type { SessionEvent } from '../../contracts/events.ts';
import type { SessionUi } from '../context.tsx';
import type { Dialog } from './useOverlays.ts';
import type { Focus } from './usePaneFocus.ts';
import { useSeat } from './useSeat.ts';

let r: Rendered | undefined;
afterEach(() => r?.unmount());

let ui: SessionUi | undefined;

/** The seat with the screen's focus and dialog around it, as text. */
function Probe({ focus: initial = 'input' }: { focus?: Focus }) {
  const [focus, setFocus] = useState<Focus>(initial);
  const [dialog, setDialog] = useState<Dialog>(null);
  const seat = useSeat({ focus, setFocus, dialog, open: setDialog });
  ui = seat.ui;
  return (
    <Text>{`focus=${focus} text=[${seat.text.value}] note=${seat.note ?? '-'} dialog=${JSON.stringify(dialog)} awaited=${seat.awaited}`}</Text>
  );
}

const awaitingUser: SessionEvent = { type: 'awaiting_input', turn: 1, role: 'user' };

describe('useSeat', () => {
  it('playing the user: sends what was typed with the intents revealed into it, then clears the box', async () => {
    const c = fakeController([SESSION_START, { type: 'turn_start', turn: 1 }, awaitingUser], {
      mode: 'play',
    });
    r = renderSession(c, <Probe />);
    await waitForFrame(r, (f) => f.includes('awaited=true'));
    await press(r, 'H', 'i');
    await waitForFrame(r, (f) => f.includes('text=[Hi]'));
    ui!.reveal('I2', 'two it is');
    await waitForFrame(r, (f) => f.includes('text=[Hi two it is]'));
    await press(r, KEYS.enter);
    await waitFor(() => c.calls.length === 1);
    expect(c.calls).toEqual(['sendUser "Hi two it is" ["I2"]']);
    await waitForFrame(r, (f) => f.includes('text=[] note=-'));
  });

  it('words that name keys, typed in one chunk, are text: a phone move "home", "left" and "right"', async () => {
    const c = fakeController([SESSION_START], { mode: 'play' });
    r = renderSession(c, <Probe />);
    await press(r, 'go ');
    await waitForFrame(r, (f) => f.includes('text=[go ]'));
    await press(r, 'home');
    await waitForFrame(r, (f) => f.includes('text=[go home]'));
    await press(r, ' ', 'left', ' ', 'right', ' ', 'end');
    await waitForFrame(r, (f) => f.includes('text=[go home left right end]'));
    // The keys themselves still move the cursor.
    await press(r, KEYS.home, 'X');
    await waitForFrame(r, (f) => f.includes('text=[Xgo home left right end]'));
  });

  it("says why nothing was sent: an empty box, or not the person's turn", async () => {
    const c = fakeController([SESSION_START, { type: 'turn_start', turn: 1 }], { mode: 'play' });
    r = renderSession(c, <Probe />);
    await press(r, KEYS.enter);
    await waitForFrame(r, (f) => f.includes('note=nothing to send'));
    await press(r, 'o', 'k');
    await waitForFrame(r, (f) => f.includes('text=[ok] note=-'));
    await press(r, KEYS.enter);
    await waitForFrame(r, (f) => f.includes('note=not your turn yet: the agent is still working'));
    expect(c.calls).toEqual([]);
  });

  it('a printable key typed in a pane goes to the input box; ? stays the help while nothing is typed', async () => {
    const c = fakeController([SESSION_START], { mode: 'play' });
    r = renderSession(c, <Probe focus="intents" />);
    await press(r, '?');
    await press(r, 'w');
    const frame = await waitForFrame(r, (f) => f.includes('focus=input text=[w]'));
    expect(frame).not.toContain('?');
  });

  it('esc leaves the input box for the main pane; ctrl+d asks to end the session', async () => {
    r = renderSession(fakeController([SESSION_START], { mode: 'play' }), <Probe />);
    await press(r, KEYS.ctrlD);
    await waitForFrame(r, (f) => f.includes('dialog="end"'));
    r.unmount();
    r = renderSession(fakeController([SESSION_START], { mode: 'play' }), <Probe />);
    await press(r, KEYS.escape);
    await waitForFrame(r, (f) => f.includes('focus=conversation'));
  });

  it('a proposal is answered by its chord only: y and n typed in any pane are letters of the message', async () => {
    const events: SessionEvent[] = [
      { ...SESSION_START, proposals: { steps: 3, tick: '5m' } },
      { type: 'turn_start', turn: 1 },
      { type: 'proposal', turn: 1, proposal: 'P1', summary: 'book it' },
      awaitingUser,
    ];
    for (const focus of ['conversation', 'intents', 'input'] as const) {
      const c = fakeController(events, { mode: 'play' });
      r = renderSession(c, <Probe focus={focus} />);
      await waitForFrame(r, (f) => f.includes('awaited=true'));
      await press(r, ...'no idea what this is, yes I see it'.split(''));
      await waitForFrame(r, (f) => f.includes('text=[no idea what this is, yes I see it]'));
      expect(c.calls).toEqual([]);
      await press(r, KEYS.ctrlR);
      await waitFor(() => c.calls.length === 1);
      expect(c.calls).toEqual(['sendUser "n" []']);
      r.unmount();
    }
    const c = fakeController(events, { mode: 'play' });
    r = renderSession(c, <Probe focus="phone" />);
    await waitForFrame(r, (f) => f.includes('awaited=true'));
    await press(r, KEYS.ctrlY);
    await waitFor(() => c.calls.length === 1);
    expect(c.calls).toEqual(['sendUser "y" []']);
  });

  it('ctrl+y with no proposal waiting says so and sends nothing', async () => {
    const c = fakeController(
      [
        { ...SESSION_START, proposals: { steps: 3, tick: '5m' } },
        { type: 'turn_start', turn: 1 },
        awaitingUser,
      ],
      {
        mode: 'play',
      },
    );
    r = renderSession(c, <Probe />);
    await waitForFrame(r, (f) => f.includes('awaited=true'));
    await press(r, KEYS.ctrlY);
    await waitForFrame(r, (f) => f.includes('note=no proposal is waiting for your answer'));
    expect(c.calls).toEqual([]);
  });

  it('an override asks which status, unless overrides are off', async () => {
    r = renderSession(fakeController([SESSION_START], { mode: 'play' }), <Probe />);
    await waitForFrame(r, (f) => f.includes('dialog=null'));
    ui!.override('I1');
    await waitForFrame(r, (f) => f.includes('dialog={"override":"I1"}'));
    r.unmount();
    r = renderSession(
      fakeController([SESSION_START], { mode: 'play', overrides: false }),
      <Probe />,
    );
    await waitForFrame(r, (f) => f.includes('dialog=null'));
    ui!.override('I1');
    await waitForFrame(r, (f) => f.includes('note=setting statuses by hand is off'));
  });

  it('playing the agent: keeping silent is only for a turn the monitor woke the agent for', async () => {
    const base: SessionEvent[] = [
      SESSION_START,
      { type: 'turn_start', turn: 1 },
      { type: 'awaiting_input', turn: 1, role: 'agent' },
    ];
    let c = fakeController(base, { mode: 'agent' });
    r = renderSession(c, <Probe />);
    await press(r, KEYS.ctrlK);
    await waitForFrame(r, (f) =>
      f.includes('note=keep silent is for a turn the monitor woke you for'),
    );
    r.unmount();
    c = fakeController(
      [
        ...base.slice(0, 2),
        { type: 'message', turn: 1, role: 'monitor', text: 'R1 is due' },
        base[2]!,
      ],
      {
        mode: 'agent',
      },
    );
    r = renderSession(c, <Probe />);
    await waitForFrame(r, (f) => f.includes('awaited=true'));
    await press(r, KEYS.ctrlK);
    await waitFor(() => c.calls.length === 1);
    expect(c.calls).toEqual(['sendAgent {"kind":"reply","text":""}']);
  });
});
