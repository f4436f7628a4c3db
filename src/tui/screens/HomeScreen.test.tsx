import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/config.ts';
import { resolveConfigOnDemand } from '../../config/resolve.ts';
import { setupFrom } from '../../session/setup-from.ts';
import { collectRun, FIXTURE_LIB } from '../../../test/tui/session-events.ts';
import {
  KEYS,
  press,
  renderTui,
  waitFor,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { loadHomeData } from '../home-data.ts';
import { HomeScreen } from './HomeScreen.tsx';
import type { HomeChoice } from './home/modes.ts';
import { markOverflow } from './home/details.ts';
import { createTheme } from '../theme.ts';
import { plainText, type Line } from '../../text/text.ts';

const recordings = mkdtempSync(path.join(os.tmpdir(), 'intentplay-home-'));
afterAll(() => rmSync(recordings, { recursive: true, force: true }));
let r: Rendered | undefined;
afterEach(() => r?.unmount());

const home = (config = resolveConfig({}, {})) =>
  loadHomeData({ bundled: FIXTURE_LIB, recordingsDir: recordings, config });

/** Home over the fixture library and the recordings in `dir`, at `columns`, on its Replay list. */
async function recordingsAt(dir: string, columns: number): Promise<string> {
  r = renderTui(
    <HomeScreen
      data={await loadHomeData({
        bundled: FIXTURE_LIB,
        recordingsDir: dir,
        config: resolveConfig({}, {}),
      })}
      onStart={() => {}}
      onQuit={() => {}}
    />,
    { columns, rows: 30 },
  );
  await waitForFrame(r, (f) => f.includes('Library'));
  await press(r, KEYS.left);
  return waitForFrame(r, (f) => f.includes('Recent recordings'));
}

/** The Details pane's text, its wrapped lines joined. */
function detailsText(rows: string[]): string {
  const from = [...rows.find((l) => l.includes('╭'))!].indexOf('╭');
  return rows
    .map((l) =>
      [...l]
        .slice(from + 1, -1)
        .join('')
        .trim(),
    )
    .filter(Boolean)
    .join(' ');
}

describe('the home screen', () => {
  it('browses the library by persona and episode, with what each scenario holds, and says no model is configured', async () => {
    r = renderTui(<HomeScreen data={await home()} onStart={() => {}} onQuit={() => {}} />, {
      columns: 120,
      rows: 30,
    });
    let frame = await waitForFrame(r, (f) => f.includes('Library'));
    expect(frame).toContain('tester  Tess Ter — QA engineer');
    expect(frame).toContain('▸ episode tester  2 sessions');
    expect(frame).toContain('tester/gear  Pick gym gear');
    expect(frame).toContain('no model configured: offline');
    await press(r, KEYS.down, KEYS.down);
    frame = await waitForFrame(r, (f) => f.includes('id: tester/plan'));
    expect(frame).toContain('trigger (user): Write me a meal plan for the week.');
    expect(frame).toContain('hidden intents: 3');
    expect(frame).toContain('checklist items: 3');
    expect(frame).toContain('depends on: tester/gear');
    expect(frame).toContain('scripted trajectories: proactive, reactive');
  });

  it('starts the picked scenario in the picked mode with the picked backends', async () => {
    const started: HomeChoice[] = [];
    r = renderTui(
      <HomeScreen data={await home()} onStart={(c) => started.push(c)} onQuit={() => {}} />,
      { columns: 120, rows: 30 },
    );
    await waitForFrame(r, (f) => f.includes('Library'));
    await press(r, KEYS.down, KEYS.down, KEYS.right, 'a', 'a');
    await waitForFrame(r, (f) => f.includes('agent script:reactive') && f.includes('user you'));
    await press(r, KEYS.enter);
    await waitFor(() => started.length === 1);
    expect(started[0]).toEqual({
      mode: 'play',
      library: FIXTURE_LIB,
      target: 'tester/plan',
      backends: { agent: 'script:reactive', user: 'rules', judge: 'rules' },
    });
  });

  it('lists recent recordings in replay mode', async () => {
    const run = await collectRun('tester/gear', { recordingsDir: recordings });
    const started: HomeChoice[] = [];
    r = renderTui(
      <HomeScreen data={await home()} onStart={(c) => started.push(c)} onQuit={() => {}} />,
      { columns: 120, rows: 30 },
    );
    await waitForFrame(r, (f) => f.includes('Library'));
    await press(r, KEYS.left);
    const frame = await waitForFrame(r, (f) => f.includes('Recent recordings'));
    // The list says what each recording is; the details give its file.
    expect(frame).toMatch(/› \d\d-\d\d \d\d:\d\d tester\/gear · watch · resolved/);
    expect(frame).toContain(`recording: ${path.dirname(run.results[0]!.recording!)}`.slice(0, 40));
    await press(r, KEYS.enter);
    await waitFor(() => started.length === 1);
    expect(started[0]).toEqual({ mode: 'replay', file: run.results[0]!.recording });
  });

  it("offers the config file's acp agents by name, and starts one with its command", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ip-home-acp-'));
    writeFileSync(
      path.join(dir, 'intentplay.config.yaml'),
      'acp_agents:\n  mine: node my-agent.mjs --acp\n',
    );
    const config = await resolveConfigOnDemand({}, {}, dir);
    const started: HomeChoice[] = [];
    r = renderTui(
      <HomeScreen data={await home(config)} onStart={(c) => started.push(c)} onQuit={() => {}} />,
      { columns: 120, rows: 30 },
    );
    await waitForFrame(r, (f) => f.includes('Library'));
    // script, script:proactive, script:reactive, then the acp agent
    await press(r, KEYS.down, 'a', 'a', 'a');
    await waitForFrame(r, (f) => f.includes('agent acp:mine'));
    await press(r, KEYS.enter);
    await waitFor(() => started.length === 1);
    expect(started[0]).toMatchObject({
      mode: 'watch',
      backends: { agent: 'acp:node my-agent.mjs --acp' },
    });
  });

  it('names the models when some are configured', async () => {
    const config = resolveConfig({ agentModel: 'gpt-test', baseUrl: 'http://127.0.0.1:9' }, {});
    r = renderTui(<HomeScreen data={await home(config)} onStart={() => {}} onQuit={() => {}} />, {
      columns: 160,
      rows: 30,
    });
    const frame = await waitForFrame(r, (f) => f.includes('model:'));
    expect(frame).toContain('model: agent gpt-test');
    expect(frame).toContain('agent openai');
  });
});

describe('finding things on the home screen', () => {
  it('/ narrows the library as you type, esc brings it all back', async () => {
    r = renderTui(<HomeScreen data={await home()} onStart={() => {}} onQuit={() => {}} />, {
      columns: 120,
      rows: 30,
    });
    await waitForFrame(r, (f) => f.includes('tester/gear') && f.includes('tester/plan'));
    await press(r, '/', 'meal plan');
    let frame = await waitForFrame(r, (f) => f.includes('/meal plan') && f.includes('1 shown'));
    expect(frame).toContain('tester/plan');
    expect(frame).not.toContain('tester/gear  Pick gym gear');
    await press(r, KEYS.escape);
    frame = await waitForFrame(
      r,
      (f) => f.includes('tester/gear  Pick gym gear') && !f.includes('shown'),
    );
    expect(frame).toContain('tester/plan');
  });

  it('lists recordings with scenario, mode, end and scores, read from their first and last lines; an interrupted one says so', async () => {
    await collectRun('tester/gear', { recordingsDir: recordings });
    const { readdirSync, readFileSync, writeFileSync } = await import('node:fs');
    const done = readdirSync(recordings).find((f) => f.endsWith('.jsonl'))!;
    const text = readFileSync(path.join(recordings, done), 'utf8');
    writeFileSync(
      path.join(recordings, `zz-cut-${done}`),
      text.slice(0, Math.floor(text.length / 2)),
    );
    r = renderTui(<HomeScreen data={await home()} onStart={() => {}} onQuit={() => {}} />, {
      columns: 160,
      rows: 30,
    });
    await waitForFrame(r, (f) => f.includes('Library'));
    await press(r, KEYS.left);
    const frame = await waitForFrame(
      r,
      (f) => f.includes('Recent recordings') && f.includes('interrupted'),
    );
    expect(frame).toMatch(/tester\/gear · watch · resolved · Proc \d\.\d\d · Comp \d\.\d\d/);
    expect(frame).toMatch(/tester\/gear · watch · interrupted/);
    expect(frame).toContain('backends: agent script:proactive · user rules · judge rules');
  });

  it('says a person took over the user of a watched recording, in the list and its backends', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-home-takeover-'));
    try {
      const run = await collectRun('tester/gear', { recordingsDir: dir });
      const file = run.results[0]!.recording!;
      // The notice the take-over leaves in the recording (src/tui/session/take-over.ts), after turn 1.
      const lines = readFileSync(file, 'utf8').split('\n');
      const at = lines.findIndex(
        (l) => l.includes('"type":"turn_start"') && l.includes('"turn":2'),
      );
      const notice = {
        type: 'notice',
        turn: 1,
        level: 'info',
        text: 'a person took over the user after turn 1',
        t: 1,
      };
      lines.splice(at, 0, JSON.stringify(notice));
      writeFileSync(file, lines.join('\n'));
      const frame = await recordingsAt(dir, 160);
      expect(frame).toContain('tester/gear · taken over · resolved');
      expect(frame).toContain('mode: watch, then a person took over the user after turn 1');
      expect(frame).toContain('user rules, then a person (after turn 1)');
      // At 120 columns the list widens for the line's end, its scores (the details wrap).
      r?.unmount();
      const narrow = await recordingsAt(dir, 120);
      expect(narrow).toMatch(
        /tester\/gear · taken over · resolved · Proc \d\.\d\d · Comp \d\.\d\d/,
      );
      expect(narrow).toContain('mode: watch, then a person took over');
      // The header keeps what will run whole, leaving out its hint.
      expect(narrow.split('\n')[0]).toMatch(/no model configured: .*rules judge\)$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a long scenario name gives up its end at 120 columns, the line's scores never", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-home-long-'));
    try {
      const run = await collectRun('tester/gear', { recordingsDir: dir });
      const file = run.results[0]!.recording!;
      // A bundled name as long as marketer/meowconnect-alignment, played and taken over.
      const long = 'tester/gear-for-a-muscle-gain-programme';
      const lines = readFileSync(file, 'utf8').split('\n');
      lines[0] = lines[0]!.replace('"scenario":"tester/gear"', `"scenario":"${long}"`);
      writeFileSync(file, lines.join('\n'));
      const frame = await recordingsAt(dir, 120);
      expect(frame).toMatch(
        /tester\/gear-for-a[^ ]*… · watch · resolved · Proc \d\.\d\d · Comp \d\.\d\d┃/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it.each([
    [80, 24],
    [120, 40],
    [160, 48],
    [200, 50],
  ])('%i×%i: the Details and the offline notice are whole', async (columns, rows) => {
    const config = resolveConfig({}, {});
    const { offlineNotice } = setupFrom({}, config);
    r = renderTui(
      <HomeScreen
        data={await home(config)}
        notice={offlineNotice}
        onStart={() => {}}
        onQuit={() => {}}
      />,
      { columns, rows },
    );
    const frame = await waitForFrame(r, (f) => f.includes('episode tester'));
    const shown = frame.trimEnd().split('\n');
    // The Details pane is the one at the right (a round border); the list's own lines are excerpts.
    expect(shown.filter((l) => /…│$/.test(l))).toEqual([]);
    expect(detailsText(shown)).toContain(
      'An episode runs its sessions in order in one workspace and memory.',
    );
    const notice = shown.at(-1)!;
    expect(notice).toMatch(/\.$/);
    expect(notice).toContain('OPENAI_API_KEY or --base-url');
  });

  it('details taller than the pane end on a line saying how many are left out', () => {
    const lines = Array.from({ length: 9 }, (_, i): Line => [{ text: `line ${i + 1}` }]);
    const shown = markOverflow(lines, 5, createTheme()).map(plainText);
    expect(shown).toEqual(['line 1', 'line 2', 'line 3', 'line 4', '… 5 more lines']);
    expect(markOverflow(lines, 9, createTheme())).toEqual(lines);
  });
});
