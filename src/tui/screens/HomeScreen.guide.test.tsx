/**
 * The home screen guides a newcomer: a filter starts at its first match, the list says what kind
 * of scenario each is and how many recordings it leaves out, the details say what the picked mode
 * does, and nothing reads "empty" while the library is still being read.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/config.ts';
import { collectRun, FIXTURE_LIB } from '../../../test/tui/session-events.ts';
import {
  KEYS,
  press,
  renderTui,
  waitFor,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { homeWhileLoading, loadHomeData } from '../home-data.ts';
import { HomeScreen } from './HomeScreen.tsx';
import type { HomeChoice } from './home/modes.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const empty = mkdtempSync(path.join(os.tmpdir(), 'intentplay-home-guide-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));
let r: Rendered | undefined;
afterEach(() => r?.unmount());
const config = resolveConfig({}, {});

describe('the home screen as a guide', () => {
  it('a new filter starts at its first match: enter opens that one, not the one at the old place', async () => {
    const started: HomeChoice[] = [];
    const data = await loadHomeData({ bundled: FIXTURE_LIB, recordingsDir: empty, config });
    r = renderTui(<HomeScreen data={data} onStart={(c) => started.push(c)} onQuit={() => {}} />, {
      columns: 120,
      rows: 30,
    });
    await waitForFrame(r, (f) => f.includes('tester/plan'));
    await press(r, KEYS.down, KEYS.down);
    await waitForFrame(r, (f) => f.includes('3/3'));
    await press(r, '/', 'tester');
    await waitForFrame(r, (f) => f.includes('/tester▏  3 shown'));
    await press(r, KEYS.enter);
    await waitFor(() => started.length === 1);
    // "tester" matches the episode and its two scenarios: the first of them starts, not the third.
    expect(started[0]).toMatchObject({ mode: 'watch', target: 'tester' });
  });

  it('says the library is being read while it is, and what each mode does', async () => {
    r = renderTui(
      <HomeScreen data={homeWhileLoading(config)} onStart={() => {}} onQuit={() => {}} />,
      { columns: 120, rows: 30 },
    );
    let frame = await waitForFrame(r, (f) => f.includes('Details'));
    expect(frame).toContain('Reading the library…');
    expect(frame).not.toContain('the library is empty');
    expect(frame).toContain('Watch: the agent and a simulated user converse by');
    await press(r, KEYS.right);
    frame = await waitForFrame(r, (f) => f.includes('Play as user: you write'));
    await press(r, KEYS.right);
    frame = await waitForFrame(r, (f) => f.includes('Play as agent: you answer a simulated user'));
  });

  it('marks time and proposal scenarios in the list and says what they are', async () => {
    const data = await loadHomeData({
      bundled: REPO,
      recordingsDir: empty,
      config,
      cacheDir: undefined,
    });
    r = renderTui(<HomeScreen data={data} onStart={() => {}} onQuit={() => {}} />, {
      columns: 160,
      rows: 30,
    });
    await waitForFrame(r, (f) => f.includes('Library'));
    await press(r, '/', 'flight-watch');
    let frame = await waitForFrame(r, (f) => f.includes('1 shown'));
    expect(frame).toContain('marketer/flight-watch  ⏱ time  ');
    expect(frame).toContain('kind: time scenario: the world changes while the user waits');
    await press(r, KEYS.escape, '/', 'soap-list');
    frame = await waitForFrame(r, (f) => f.includes('/soap-list▏  1 shown'));
    expect(frame).toContain('researcher/soap-list  ◇ proposals  ');
    expect(frame).toContain('kind: proposal scenario');
    await press(r, KEYS.escape, '/', 'meal-plan');
    frame = await waitForFrame(r, (f) => f.includes('/meal-plan▏  1 shown'));
    expect(frame).not.toMatch(/meal-plan {2}[⏱◇]/);
  });

  it('says how many older recordings the list leaves out', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-home-many-'));
    try {
      await collectRun('tester/gear', { recordingsDir: dir });
      const [one] = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
      for (let i = 0; i < 32; i++)
        copyFileSync(path.join(dir, one!), path.join(dir, `copy-${i}-${one!}`));
      const data = await loadHomeData({ bundled: FIXTURE_LIB, recordingsDir: dir, config });
      r = renderTui(<HomeScreen data={data} onStart={() => {}} onQuit={() => {}} />, {
        columns: 120,
        rows: 30,
      });
      await waitForFrame(r, (f) => f.includes('Library'));
      await press(r, KEYS.left);
      const frame = await waitForFrame(r, (f) => f.includes('Recent recordings'));
      expect(frame).toContain('1/30 · 3 older not listed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
