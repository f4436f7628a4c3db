import { Text } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fakeController,
  KEYS,
  press,
  renderSession,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { SESSION_START } from '../../../test/tui/session-events.ts';
import { useKeyActions } from './keypress.tsx';
import { usePaneFocus } from './usePaneFocus.ts';

let r: Rendered | undefined;
afterEach(() => r?.unmount());

/** The hook's focus, side pane and panes as text; tab and shift+tab move the focus as on the screen. */
function Probe({ typing, running = true }: { typing: boolean; running?: boolean }) {
  const f = usePaneFocus({ typing, running });
  useKeyActions(['session'], { focusNext: () => f.cycle(1), focusPrev: () => f.cycle(-1) });
  return (
    <Text>{`focus=${f.focus} pane=${f.paneFocus} side=${f.side} panes=${f.panes.map((p) => p.id).join(',')}`}</Text>
  );
}

describe('usePaneFocus', () => {
  it('watching: starts on the conversation, tab goes through the panes in table order and round', async () => {
    r = renderSession(fakeController([SESSION_START]), <Probe typing={false} />);
    await waitForFrame(r, (f) =>
      f.includes(
        'focus=conversation pane=conversation side=intents panes=conversation,intents,checklist,workspace',
      ),
    );
    for (const next of ['intents', 'checklist', 'workspace', 'conversation']) {
      await press(r, KEYS.tab);
      await waitForFrame(r, (f) => f.includes(`focus=${next} `));
    }
    await press(r, KEYS.shiftTab);
    await waitForFrame(r, (f) => f.includes('focus=workspace '));
  });

  it("keeps the last focused pane beside the main one (the medium layout's side pane)", async () => {
    r = renderSession(fakeController([SESSION_START]), <Probe typing={false} />);
    await waitForFrame(r, (f) => f.includes('side=intents'));
    await press(r, KEYS.tab, KEYS.tab);
    await waitForFrame(r, (f) => f.includes('focus=checklist') && f.includes('side=checklist'));
    await press(r, KEYS.tab, KEYS.tab);
    const frame = await waitForFrame(r, (f) => f.includes('focus=conversation'));
    expect(frame).toContain('side=workspace');
  });

  it('playing: starts in the input box, where the layout focuses the main pane; tab goes to the intents first and the conversation last', async () => {
    r = renderSession(fakeController([SESSION_START], { mode: 'play' }), <Probe typing />);
    await waitForFrame(r, (f) => f.includes('focus=input pane=conversation'));
    for (const next of ['intents', 'checklist', 'workspace', 'conversation', 'input']) {
      await press(r, KEYS.tab);
      await waitForFrame(r, (f) => f.includes(`focus=${next} `));
    }
  });

  it("takes a proposal scenario's Phone into the panes and the tab order", async () => {
    r = renderSession(
      fakeController([{ ...SESSION_START, proposals: { steps: 3, tick: '5m' } }]),
      <Probe typing={false} />,
    );
    await waitForFrame(r, (f) =>
      f.includes('panes=conversation,intents,checklist,workspace,phone'),
    );
    await press(r, KEYS.shiftTab);
    await waitForFrame(r, (f) => f.includes('focus=phone pane=phone side=phone'));
  });
});
