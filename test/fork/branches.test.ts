/**
 * A recording's branches: the forks made from it (and theirs) with the turn each left from, its
 * end and scores, in `replay --plain` and on the replay's timeline; a fork exported beside its
 * parent (`export --vs`) is labelled so and opens, in Chromium, at the turn where they part.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/config.ts';
import { branchTree, lineageOf } from '../../src/fork/branches.ts';
import { loadForkSource } from '../../src/fork/source.ts';
import { runFork } from '../../src/fork/run.ts';
import { exportRecording } from '../../src/share/export.ts';
import { createElement } from 'react';
import { SessionScreen } from '../../src/tui/screens/SessionScreen.tsx';
import { KEYS, press, renderSession, renderTui, waitForFrame } from '../tui/harness.tsx';
import { App } from '../../src/tui/App.tsx';
import { ReplayVersusScreen } from '../../src/tui/screens/ReplayVersusScreen.tsx';
import { ReplaySession } from '../../src/tui/session/replay-session.ts';
import { readRecording } from '../../src/session/recording.ts';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium } from '../helpers/browser.ts';
import { materialise } from './goldens.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fork-branches-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const parent = materialise(dir, 'reactive').find((f) => f.endsWith('/meal-plan.jsonl'))!;
const config = resolveConfig({}, {});
const as = (agent: string) => ({
  agent: { kind: 'script' as const, name: agent },
  user: { kind: 'rules' as const },
  judge: { kind: 'rules' as const },
});

describe("a recording's branches", async () => {
  const one = await runFork(loadForkSource(parent, 1), { specs: as('proactive'), config });
  const zero = await runFork(loadForkSource(parent, 0), { specs: as('proactive'), config });
  const deeper = await runFork(loadForkSource(one.file, 1), {
    specs: as('reactive'),
    config,
    editUser: 'Just the weekdays.',
  });

  it('lists each fork with its turn, end and scores, forks of forks under theirs', () => {
    const name = (f: string) => path.basename(f);
    expect(branchTree(lineageOf(parent), parent)).toEqual([
      `↳ fork at turn 0 → ${name(zero.file)}  resolved, 2 turns  Proc 1.00  Comp 1.00`,
      `↳ fork at turn 1 → ${name(one.file)}  resolved, 8 turns  Proc 0.00  Comp 0.13`,
      `  ↳ fork at turn 1 → ${name(deeper.file)} (user message edited)  resolved, 8 turns  Proc 0.14  Comp 0.13`,
    ]);
    expect(branchTree(lineageOf(one.file), one.file)[0]).toBe(
      'a fork of meal-plan.jsonl at turn 1',
    );
  });

  it('the replay marks the turns forks left from on its timeline and says how many', async () => {
    const session = new ReplaySession(readRecording(parent));
    const { lastFrame } = renderSession(
      session,
      createElement(SessionScreen, { onExit: () => {} }),
    );
    await new Promise((r) => setTimeout(r, 50));
    const frame = stripVTControlCharacters(lastFrame() ?? '');
    expect(frame).toMatch(/turn 0 of 8 ├●┬/);
    expect(frame).toContain('┬ fork');
    expect(frame).toContain('3 forks (t shows the tree)');
  });

  it('t shows the tree in the replay; enter replays a fork there, and its parent from it', async () => {
    const name = (f: string) => path.basename(f);
    const r = renderTui(createElement(App, { initial: new ReplaySession(readRecording(parent)) }));
    await waitForFrame(r, (f) => f.includes('t shows the tree'));
    await press(r, 't');
    let frame = await waitForFrame(r, (f) => f.includes('Branches ('));
    expect(frame).toContain('● meal-plan.jsonl (on screen)');
    const rows = frame.split('\n').filter((l) => l.includes('↳ fork at turn'));
    expect(rows.map((l) => l.replace(/^[│\s]+|[│\s]+$/g, ''))).toEqual([
      `↳ fork at turn 0  resolved, 2 turns  Proc 1.00  Comp 1.00  ${name(zero.file)}`,
      `↳ fork at turn 1  resolved, 8 turns  Proc 0.00  Comp 0.13  ${name(one.file)}`,
      `↳ fork at turn 1  resolved, 8 turns  Proc 0.14  Comp 0.13 (user message edited)  ${name(deeper.file)}`,
    ]);
    // The fork of the fork sits deeper than the forks of the recording on screen.
    expect(rows[2]!.indexOf('↳')).toBeGreaterThan(rows[1]!.indexOf('↳'));
    // The third row: the fork of the fork, replayed at the turn where it left its own parent.
    await press(r, KEYS.down, KEYS.down, KEYS.enter);
    frame = await waitForFrame(r, (f) => f.includes(`a fork of ${name(one.file)} at turn 1`));
    expect(frame).toContain('turn 1 of 8');
    expect(frame).not.toContain('Branches (');
    // Its tree starts with its parent, which enter opens in turn.
    await press(r, 't');
    frame = await waitForFrame(r, (f) => f.includes('Branches ('));
    expect(frame).toContain(`↑ a fork of ${name(one.file)} at turn 1`);
    expect(frame).toContain(`└ ● ${name(deeper.file)} (on screen)`);
    expect(frame).toContain('No forks of this recording yet');
    await press(r, KEYS.enter);
    frame = await waitForFrame(r, (f) =>
      f.includes('a fork of meal-plan.jsonl at turn 1 · 1 fork'),
    );
    await press(r, KEYS.escape);
    r.unmount();
  });

  it('replay --vs: the fork and its parent side by side, from the fork turn', async () => {
    const screen = createElement(ReplayVersusScreen, {
      sides: [
        { label: 'fork at turn 1', recording: readRecording(one.file) },
        { label: 'parent', recording: readRecording(parent) },
      ],
      start: 1,
    });
    const { lastFrame, stdin } = renderTui(screen, { columns: 160, rows: 30 });
    await new Promise((r) => setTimeout(r, 50));
    let frame = stripVTControlCharacters(lastFrame() ?? '');
    expect(frame).toMatch(/fork at turn 1 +script:proactive +parent +script:reactive/);
    expect(frame).toContain('turn 1/8 (opened at 1)');
    stdin.write('\u001B[C');
    await new Promise((r) => setTimeout(r, 100));
    frame = stripVTControlCharacters(lastFrame() ?? '');
    // Turn 2 parts them: the proactive script's edit fails on the fork's side only.
    expect(frame).toContain('turn 2/8');
    expect(frame).toContain('edit_file ✗');
  });

  it.skipIf(!haveChromium)(
    'export --vs: the fork beside its parent, opened where they part',
    { timeout: 60_000 },
    async () => {
      const html = path.join(dir, 'vs.html');
      writeFileSync(html, exportRecording(one.file, { format: 'html', vs: parent }));
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      try {
        const page = await browser.newPage();
        await page.goto(`file://${html}`);
        await page.waitForSelector('body[data-ready="true"]');
        expect(await page.inputValue('#scrub')).toBe('1');
        const text = await page.textContent('body');
        expect(text).toContain('fork at turn 1');
        expect(text).toContain('parent');
      } finally {
        await browser.close();
      }
    },
  );
});
