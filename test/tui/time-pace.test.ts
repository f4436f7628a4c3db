/**
 * Watching a time scenario (watch, --present, --vs), the wait before a woken turn comes before the
 * clock moves: while a turn is on screen to be read, the Timeline shows the world as it was
 * then, not the next update already happened (it ran a turn ahead of the conversation).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planRuns } from '../../src/session/plan.ts';
import { sessionSetup } from '../../src/session/setup.ts';
import { LiveSession } from '../../src/tui/session/live.ts';
import { presentScreen } from '../../src/share/screens.ts';
import { createTheme } from '../../src/tui/theme.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-time-pace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('watching a time scenario at a pace', () => {
  it('the Timeline is in step with the conversation while each turn is read', async () => {
    const seen: { turn: number; shown: number; updates: number; now: string }[] = [];
    let live: LiveSession | undefined = undefined;
    live = new LiveSession({
      groups: planRuns(['marketer/flight-watch'], { library: LIBRARY }),
      setup: sessionSetup({ library: LIBRARY }),
      mode: 'watch',
      recordingsDir: dir,
      date: '2026-05-06',
      openingCard: false,
      // As --present and --vs pace: what the screen holds while the next turn waits.
      pace: async (turn) => {
        const s = live!.store.getState().session;
        const tl = s.timeline!;
        seen.push({
          turn,
          shown: s.turns.at(-1)?.turn ?? 0,
          updates: tl.updates.filter((u) => u.happened).length,
          now: tl.now,
        });
      },
    });
    await live.done;
    // flight-watch's turns 2, 3 and 5 are woken by U1, U2 and U3 (turn 4 answers the shift).
    const at = (turn: number) => seen.find((x) => x.turn === turn)!;
    expect(at(2)).toMatchObject({ shown: 1, updates: 0, now: '2026-05-06T09:00:00+08:00' });
    expect(at(3)).toMatchObject({ shown: 2, updates: 1, now: '2026-05-07T09:00:00+08:00' });
    expect(seen.map((x) => x.turn)).toEqual([...new Set(seen.map((x) => x.turn))]);

    // The presentation screen reads times one way (May 7 09:00) and a pending intent has no "turn 0".
    const state = live.store.getState().session;
    const text = presentScreen(state, { cols: 160, rows: 45, theme: createTheme() })
      .map((l) => l.map((seg) => seg.text).join(''))
      .join('\n');
    expect(text).toContain('now May 9 09:');
    expect(text).toMatch(/U1 \S+ May 7 09:00/);
    // (Tool results stay as the agent got them; the screen's own times read one way.)
    expect(text).not.toMatch(/2026-05-\d\d \d\d:\d\d/);
  });
});
