import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/config.ts';
import { readRecording } from '../session/recording.ts';
import { collectRun, FIXTURE_LIB } from '../../test/tui/session-events.ts';
import {
  KEYS,
  press,
  renderTui,
  waitFor,
  waitForFrame,
  type Rendered,
} from '../../test/tui/harness.tsx';
import { App } from './App.tsx';
import { loadHomeData } from './home-data.ts';
import type { HomeChoice } from './screens/home/modes.ts';
import { ReplaySession } from './session/replay-session.ts';

const recordings = mkdtempSync(path.join(os.tmpdir(), 'intentplay-app-'));
afterAll(() => rmSync(recordings, { recursive: true, force: true }));
let r: Rendered | undefined;
afterEach(() => r?.unmount());

/** The app over the fixture library and the recordings folder; `start` opens what home picks. */
function renderApp(start: (choice: HomeChoice) => Promise<ReplaySession>, onExit?: () => void) {
  return renderTui(
    <App
      loadHome={() =>
        loadHomeData({
          bundled: FIXTURE_LIB,
          recordingsDir: recordings,
          config: resolveConfig({}, {}),
        })
      }
      start={start}
      {...(onExit ? { onExit } : {})}
    />,
    { columns: 120, rows: 30 },
  );
}

describe('the app', () => {
  it('goes from home to a session and back, and leaves on q', async () => {
    await collectRun('tester/gear', { recordingsDir: recordings });
    const choices: HomeChoice[] = [];
    let exited = false;
    r = renderApp(
      async (choice) => {
        choices.push(choice);
        if (choice.mode !== 'replay') throw new Error('only replays here');
        return new ReplaySession(readRecording(choice.file));
      },
      () => (exited = true),
    );
    await waitForFrame(r, (f) => f.includes('Library'));
    await press(r, KEYS.down, KEYS.enter); // watch is not wired here: the error shows on home
    await waitForFrame(r, (f) => f.includes('only replays here'));
    await press(r, KEYS.left, KEYS.enter); // replay the recording
    await waitForFrame(r, (f) => f.includes('REPLAY') && f.includes('tester/gear'));
    await press(r, 'b'); // back home, in the mode left
    await waitForFrame(r, (f) => f.includes('Recent recordings') && f.includes('1/1'));
    await press(r, 'q');
    await waitFor(() => exited);
    expect(choices.map((c) => c.mode)).toEqual(['watch', 'replay']);
  });
});

describe('home, filtered', () => {
  it('every letter of a filter types, and b back from the session finds the filter and the pick as left', async () => {
    const file = (await collectRun('tester/gear', { recordingsDir: recordings })).results[0]!
      .recording!;
    const choices: HomeChoice[] = [];
    r = renderApp(async (choice) => {
      choices.push(choice);
      return new ReplaySession(readRecording(file));
    });
    await waitForFrame(r, (f) => f.includes('Library') && f.includes('tester/plan'));
    // "b", "a", "l", "j", "u" are letters of the filter here, not keys (back, agent, mode, down, user).
    await press(r, '/', ...'plan by a lunch'.split(''));
    let frame = await waitForFrame(r, (f) => f.includes('/plan by a lunch'));
    expect(frame).toContain('Nothing matches the filter');
    await press(r, ...Array.from({ length: ' by a lunch'.length }, () => KEYS.backspace));
    frame = await waitForFrame(r, (f) => f.includes('/plan▏'));
    expect(frame).toMatch(/› +tester\/plan/);
    expect(frame).toContain('agent script (a)');
    await press(r, KEYS.enter);
    await waitForFrame(r, (f) => f.includes('REPLAY'));
    await press(r, 'b');
    frame = await waitForFrame(r, (f) => f.includes('Library'));
    // The filter is kept, and the pick with it.
    expect(frame).toMatch(/\/plan {2}\d shown/);
    expect(frame).toMatch(/› +tester\/plan/);
    await press(r, KEYS.enter);
    await waitFor(() => choices.length === 2);
    expect(choices.map((c) => (c.mode === 'replay' ? c.file : c.target))).toEqual([
      'tester/plan',
      'tester/plan',
    ]);
  });
});
