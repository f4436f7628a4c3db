import { afterEach, describe, expect, it } from 'vitest';
import { OverrideDialog } from './OverrideDialog.tsx';
import { plain, renderTui, waitForFrame } from '../../../test/tui/harness.tsx';

let r: ReturnType<typeof renderTui> | undefined;
afterEach(() => r?.unmount());

const keysLine = (frame: string) =>
  plain(frame)
    .split('\n')
    .find((l) => l.includes('choose'))!
    .replace(/^║ |\s*║$/g, '');

describe('setting an intent by hand (ctrl+o)', () => {
  it('says its keys whole: the whole sentence where the screen has room, fewer words at 80', async () => {
    const show = (columns: number) =>
      renderTui(
        <OverrideDialog intent="I1" width={columns} onPick={() => {}} onCancel={() => {}} />,
        { columns, rows: 10 },
      );
    // At 120 columns the box widens for its keys (before: 100 columns, 'typing goes on int…').
    r = show(120);
    const wide = keysLine(await waitForFrame(r, (f) => f.includes('by hand?')));
    expect(wide).toBe(
      '↑/↓ choose · ctrl+o sets it · esc leaves it as it is · nothing else answers: typing goes on into your message',
    );
    r.unmount();
    r = show(80);
    const narrow = keysLine(await waitForFrame(r, (f) => f.includes('by hand?')));
    expect(narrow).toBe('↑/↓ choose · ctrl+o sets it · esc leaves it · letters go to your message');
  });
});
