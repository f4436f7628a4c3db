import { Text } from 'ink';
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
import { CONFIRM_ROWS } from '../components/ConfirmDialog.tsx';
import { permissionRows } from '../components/PermissionPrompt.tsx';
import { useKeyActions } from './keypress.tsx';
import { useOverlays } from './useOverlays.ts';

let r: Rendered | undefined;
afterEach(() => r?.unmount());

/** The hook's dialog, cover and rows as text; ? opens the help, t the tool picker, q asks to quit, x hides the card, esc closes. */
function Probe() {
  const o = useOverlays();
  useKeyActions(
    ['global', 'watch'],
    {
      help: () => o.open('help'),
      quit: () => o.open('quit'),
      takeOver: () => o.open('tools'),
      step: () => o.hideCard(),
    },
    { active: o.dialog === null },
  );
  useKeyActions(['input'], { blur: o.close }, { active: o.dialog !== null });
  return (
    <Text>{`dialog=${JSON.stringify(o.dialog)} cover=${o.cover ?? '-'} rows=${o.dialogRows}`}</Text>
  );
}

const NEXT = { id: 'p/t', title: 'Next one', index: 1, of: 2 };

describe('useOverlays', () => {
  it('covers the panes with the opening card until the session begins', async () => {
    const c = fakeController([SESSION_START], { opening: true });
    r = renderSession(c, <Probe />);
    await waitForFrame(r, (f) => f.includes('cover=opening_card'));
    c.control.setState({ opening: false });
    await waitForFrame(r, (f) => f.includes('dialog=null cover=- rows=0'));
  });

  it('between two sessions shows the result card; once hidden, enter still starts the next session', async () => {
    const calls: string[] = [];
    const c = fakeController(
      [SESSION_START],
      { between: NEXT },
      { continueChain: () => calls.push('continue') },
    );
    r = renderSession(c, <Probe />);
    await waitForFrame(r, (f) => f.includes('cover=result_card'));
    await press(r, KEYS.enter);
    await press(r, 's');
    await waitForFrame(r, (f) => f.includes('cover=-'));
    expect(calls).toEqual([]); // enter on the card is the card's own key, not the hidden card's
    await press(r, KEYS.enter);
    await waitFor(() => calls.length === 1);
    // The next break between sessions shows its card again.
    c.control.setState({ between: { ...NEXT, index: 2, of: 3 } });
    await waitForFrame(r, (f) => f.includes('cover=result_card'));
  });

  it('the help and the tool picker cover the panes; a confirm dialog asks under them, taking its rows', async () => {
    r = renderSession(fakeController([SESSION_START]), <Probe />);
    await waitForFrame(r, (f) => f.includes('dialog=null'));
    await press(r, '?');
    await waitForFrame(r, (f) => f.includes('dialog="help" cover=help rows=0'));
    await press(r, KEYS.escape);
    await press(r, 't');
    await waitForFrame(r, (f) => f.includes('dialog="tools" cover=tool_picker'));
    await press(r, KEYS.escape);
    await press(r, 'q');
    const frame = await waitForFrame(r, (f) => f.includes('dialog="quit"'));
    expect(frame).toContain(`cover=- rows=${CONFIRM_ROWS}`);
  });

  it("makes room for an agent's permission request where a person can answer it", async () => {
    const ask: SessionEvent = {
      type: 'permission_request',
      turn: 1,
      callId: 'c1',
      title: 'run ls',
      paths: [],
    };
    r = renderSession(
      fakeController([SESSION_START, ask], {}, { answerPermission: () => undefined }),
      <Probe />,
    );
    await waitForFrame(r, (f) =>
      f.includes(
        `dialog=null cover=- rows=${permissionRows({ turn: 1, callId: 'c1', title: 'run ls', paths: [] })}`,
      ),
    );
    r.unmount();
    r = renderSession(fakeController([SESSION_START, ask]), <Probe />);
    await waitForFrame(r, (f) => f.includes('dialog=null cover=- rows=0'));
  });
});
