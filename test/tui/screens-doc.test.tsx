/**
 * The text captures in docs/screens/ and docs/tui.md come from here, rendered from real
 * offline sessions. `UPDATE_SCREENS=1 npx vitest run test/tui/screens-doc.test.tsx`
 * rewrites them; otherwise this test fails when a capture is out of date.
 */
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/config.ts';
import type { TimedEvent } from '../../src/contracts/events.ts';
import { loadHomeData } from '../../src/tui/home-data.ts';
import { HomeScreen } from '../../src/tui/screens/HomeScreen.tsx';
import { SessionScreen } from '../../src/tui/screens/SessionScreen.tsx';
import { ReplaySession } from '../../src/tui/session/replay-session.ts';
import { modeSpecs, scriptedNotice, type LiveOptions } from '../../src/tui/session/live-options.ts';
import { offlineNoticeFor } from '../../src/session/setup.ts';
import { parseBackendSpec } from '../../src/session/backend-spec.ts';
import type { ControlState, SessionController } from '../../src/tui/session/controller.ts';
import {
  fakeController,
  KEYS,
  plain,
  press,
  renderSession,
  renderTui,
  waitForFrame,
  type Rendered,
} from './harness.tsx';
import { collectRun, FIXTURE_LIB } from './session-events.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCREENS = path.join(ROOT, 'docs/screens');
const DOC = path.join(ROOT, 'docs/tui.md');
const update = process.env.UPDATE_SCREENS === '1';
const empty = mkdtempSync(path.join(os.tmpdir(), 'intentplay-screens-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

const NOTICE =
  'No model configured (set OPENAI_API_KEY or --base-url): running offline with the script agent, rules user and rules judge.';
const upTo = (events: TimedEvent[], pred: (e: TimedEvent) => boolean) =>
  events.slice(0, events.findIndex(pred));
const trimmed = (frame: string) =>
  plain(frame)
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .trimEnd() + '\n';

async function capture(name: string, r: Rendered, ready: (f: string) => boolean): Promise<void> {
  const frame = trimmed(await waitForFrame(r, ready));
  r.unmount();
  const file = path.join(SCREENS, `${name}.txt`);
  if (update) {
    mkdirSync(SCREENS, { recursive: true });
    writeFileSync(file, frame);
    return;
  }
  expect(
    existsSync(file),
    `${file} is missing: run UPDATE_SCREENS=1 npx vitest run test/tui/screens-doc.test.tsx`,
  ).toBe(true);
  expect(
    frame,
    `docs/screens/${name}.txt is out of date: run UPDATE_SCREENS=1 npx vitest run test/tui/screens-doc.test.tsx`,
  ).toBe(readFileSync(file, 'utf8'));
}

/** A session as opened from the home screen (`intentplay` alone), which b goes back to. */
function session(c: SessionController, size: { columns: number; rows: number }) {
  return renderSession(c, <SessionScreen onExit={() => {}} onBack={() => {}} />, size);
}

/** The notice the real session shows at the top in each mode (with the script agent offline). */
function noticeFor(mode: LiveOptions['mode'] = 'watch', agent = 'script:proactive'): string {
  const specs = modeSpecs(mode, {
    agent: parseBackendSpec('agent', agent),
    user: { kind: 'rules' },
    judge: { kind: 'rules' },
  });
  return scriptedNotice(mode, specs.agent) ?? offlineNoticeFor(specs);
}
const live = (
  events: TimedEvent[],
  control: Partial<ControlState> & { mode: LiveOptions['mode'] },
  agent?: string,
) => fakeController(events, { notice: noticeFor(control.mode, agent), ...control });
/** The recorded run had a simulated user or agent; in these captures a person plays that role. */
const personPlays = (events: TimedEvent[], role: 'user' | 'agent'): TimedEvent[] =>
  events.map((e) =>
    e.type === 'session_start'
      ? { ...e, backends: { ...e.backends, [role]: { kind: 'human' } } }
      : e,
  );

describe('screen captures for the docs', () => {
  it('home', async () => {
    const data = await loadHomeData({
      bundled: FIXTURE_LIB,
      recordingsDir: empty,
      config: resolveConfig({}, {}),
    });
    const r = renderTui(
      <HomeScreen data={data} notice={NOTICE} onStart={() => {}} onQuit={() => {}} />,
      { columns: 120, rows: 26 },
    );
    await press(r, KEYS.down, KEYS.down);
    await capture('home', r, (f) => f.includes('id: tester/plan'));
  });

  it('the opening card of a paused watch', async () => {
    const run = await collectRun('tester/plan');
    const events = upTo(run.sessions.at(-1)!, (e) => e.type === 'turn_start');
    const c = live(events, { mode: 'watch', running: true, paused: true, opening: true });
    await capture('opening', session(c, { columns: 120, rows: 26 }), (f) => f.includes('Request'));
  });

  it('watch, wide, with the reply streaming in', async () => {
    const run = await collectRun('tester/plan');
    const events = upTo(
      run.sessions.at(-1)!,
      (e) => e.type === 'message' && e.role === 'agent' && e.turn === 2,
    );
    const c = live(events, { mode: 'watch', running: true, delayMs: 1000 });
    c.store
      .getState()
      .dispatch({ type: 'agent_delta', turn: 2, text: 'Updated with prices in RMB and ' });
    await capture('watch', session(c, { columns: 160, rows: 32 }), (f) =>
      f.includes('prices in RMB and ▍'),
    );
  });

  it('play as the user, an intent selected to reveal', async () => {
    const run = await collectRun('tester/gear', { agent: 'script:reactive' });
    // The end of turn 1, before the simulated user's message (and the pick it carries).
    const events = upTo(run.sessions.at(-1)!, (e) => e.type === 'turn_start' && e.turn === 2);
    const c = live(
      personPlays([...events, { type: 'awaiting_input', turn: 1, role: 'user', t: 0 }], 'user'),
      {
        mode: 'play',
        running: true,
      },
      'script:reactive',
    );
    const r = session(c, { columns: 160, rows: 30 });
    await waitForFrame(r, (f) => f.includes('your turn'));
    await press(r, KEYS.tab);
    await capture('play', r, (f) => f.includes('↵ says “Keep it under 600 RMB.”'));
  });

  it('play as the agent, intents hidden', async () => {
    const run = await collectRun('tester/plan');
    const events = upTo(run.sessions.at(-1)!, (e) => e.type === 'tool_call');
    const c = live(
      personPlays([...events, { type: 'awaiting_input', turn: 1, role: 'agent', t: 0 }], 'agent'),
      {
        mode: 'agent',
        running: true,
        revealIntents: false,
        tools: [
          {
            name: 'write_file',
            description: 'write a file',
            params: [
              { name: 'path', required: true },
              { name: 'content', required: true },
            ],
          },
        ],
      },
    );
    const r = session(c, { columns: 120, rows: 28 });
    await waitForFrame(r, (f) => f.includes('your turn'));
    await press(r, '/write_file path=plan.md content="# Plan"');
    await capture('agent', r, (f) => f.includes('content="# Plan"'));
  });

  it('replay, medium width, at turn 1', async () => {
    const run = await collectRun('tester/plan');
    const events = run.sessions.at(-1)!;
    const c = new ReplaySession(
      { file: 'recordings/tester_plan.jsonl', header: {} as never, events, complete: true },
      1,
    );
    await capture('replay', session(c, { columns: 120, rows: 30 }), (f) =>
      f.includes('turn 1 of 2'),
    );
  });

  it('watch at 80x24, after the session', async () => {
    const run = await collectRun('tester/plan');
    const c = live(run.sessions.at(-1)!, { mode: 'watch', running: false });
    await capture('narrow', session(c, { columns: 80, rows: 24 }), (f) => f.includes('resolved'));
  });

  it('the keys (?)', async () => {
    const run = await collectRun('tester/plan');
    const c = live(run.sessions.at(-1)!.slice(0, 5), { mode: 'watch', running: true });
    const r = session(c, { columns: 120, rows: 40 });
    await waitForFrame(r, (f) => f.includes('WATCH'));
    await press(r, '?');
    await capture('help', r, (f) => f.includes('Keys (esc or ? closes)'));
  });

  it('too small', async () => {
    const c = live([], { mode: 'watch', running: true });
    await capture('too-small', session(c, { columns: 50, rows: 12 }), (f) =>
      f.includes('Terminal too small'),
    );
  });

  it('docs/tui.md embeds the current captures', () => {
    const doc = readFileSync(DOC, 'utf8');
    const next = doc.replace(
      /(<!-- screen:([\w-]+) -->\n)```text\n[\s\S]*?```\n/g,
      (_m, open: string, name: string) =>
        `${open}\`\`\`text\n${readFileSync(path.join(SCREENS, `${name}.txt`), 'utf8')}\`\`\`\n`,
    );
    expect(next).not.toBe(''); // every marker is followed by a text block
    if (update) writeFileSync(DOC, next);
    else
      expect(
        doc,
        'docs/tui.md is out of date: run UPDATE_SCREENS=1 npx vitest run test/tui/screens-doc.test.tsx',
      ).toBe(next);
  });
});
