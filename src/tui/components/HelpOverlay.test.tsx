import { afterEach, describe, expect, it } from 'vitest';
import { HelpOverlay } from './HelpOverlay.tsx';
import { KEYS, press, renderTui, waitForFrame } from '../../../test/tui/harness.tsx';

let r: ReturnType<typeof renderTui> | undefined;
afterEach(() => r?.unmount());

describe('the keys (?)', () => {
  it('scroll when they do not fit the screen, saying there are more, down to the last', async () => {
    // A replay's keys at 80×24: 30 rows in a box of 20 (before, the last 13 were left out unsaid).
    const scopes = ['global', 'session', 'replay', 'pane', 'conversation', 'workspace'] as const;
    r = renderTui(<HelpOverlay scopes={scopes} width={80} height={20} onClose={() => {}} />, {
      columns: 80,
      rows: 24,
    });
    const first = await waitForFrame(r, (f) => f.includes('Keys (esc or ? closes)'));
    expect(first).toMatch(/↓ lines 1–\d+ of \d+ · ↑\/↓ PgUp\/PgDn scroll/);
    expect(first).not.toContain('scroll the diff back to the left');
    await press(r, KEYS.pageDown, KEYS.pageDown);
    const last = await waitForFrame(r, (f) => f.includes('scroll the diff back to the left'));
    expect(last).toMatch(/↑ lines \d+–(\d+) of \1 /);
  });
});
