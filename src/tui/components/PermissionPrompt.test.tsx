/**
 * An acp agent (the test agent on the official ACP SDK) asks for permission in a watched
 * session: the question answers only to its chords and esc, and the answers show in the conversation.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planRuns } from '../../session/plan.ts';
import { sessionSetup } from '../../session/setup.ts';
import { press, renderSession, waitForFrame, type Rendered } from '../../../test/tui/harness.tsx';
import { LiveSession } from '../session/live.ts';
import { SessionScreen } from '../screens/SessionScreen.tsx';

const LIB = path.resolve('test/fixtures/acp-lib');
const AGENT = `acp:node ${path.resolve('test/fixtures/acp-agent.mjs')}`;
let r: Rendered | undefined;
let live: LiveSession | undefined;
afterEach(async () => {
  r?.unmount();
  live?.quit();
  await live?.done.catch(() => undefined);
  r = live = undefined;
});

const watchAgent = (flags = '') =>
  new LiveSession({
    groups: planRuns(['tester/notes'], { library: LIB }),
    setup: sessionSetup({ library: LIB, agent: `${AGENT} ${flags}`.trim() }),
    mode: 'watch',
    delayMs: 0,
    recordingsDir: mkdtempSync(path.join(os.tmpdir(), 'ip-perm-')),
    date: '2025-01-01',
  });

describe('an acp agent asking permission on screen', () => {
  it("shows what Codex asks to run as the tool and key: value lines, not the request's JSON", async () => {
    live = watchAgent('--ask-codex --quiet');
    r = renderSession(live, <SessionScreen onExit={() => {}} />, { columns: 80, rows: 30 });
    let frame = await waitForFrame(
      r,
      (f) => f.includes('The agent asks to run: write_file'),
      20_000,
    );
    const box = frame.split('\n').filter((l) => l.includes('║'));
    expect(box.join('\n')).toContain('The agent asks to run: write_file on intentplay');
    // one line per argument, a long value cut with a mark inside the box
    expect(box.some((l) => /║ {3}path: notes\.md +║/.test(l))).toBe(true);
    const content = box.find((l) => l.includes('content:'))!;
    expect(content).toMatch(/content: # Notes↵↵- Gear budget: 600 RMB↵- Pack light, Pack.*… +║/);
    expect(frame).not.toMatch(/turn_id|tool_params|"path"/);
    await press(r, '\u0019'); // ctrl+y
    frame = await waitForFrame(r, (f) => f.includes('allowed: write_file on intentplay (by you)'));
    expect(frame).not.toContain('The agent asks to run: write_file');
  }, 40_000);

  it('asks, takes ctrl+a as "allow always", and shows the plan and every answer in the conversation', async () => {
    live = watchAgent();
    r = renderSession(live, <SessionScreen onExit={() => {}} />, { columns: 160, rows: 40 });
    let frame = await waitForFrame(
      r,
      (f) => f.includes('The agent asks to run: Write notes.md'),
      20_000,
    );
    expect(frame).toMatch(/ctrl\+y allow once\s+ctrl\+a allow always\s+ctrl\+r\/esc deny/);
    expect(frame).toContain('edit ·');
    // what is approved: the tool's arguments as the agent sent them, not only its title
    expect(frame).toMatch(/path: \/[^ ]*notes\.md/);
    // keys the prompt does not name (digits, as in "2 bags", and letters) answer nothing; ctrl+a does
    await press(r, ...'1', '2', '3', 'y', 'n');
    expect(r.lastFrame()).toContain('The agent asks to run');
    await press(r, '\u0001'); // ctrl+a
    // The session then ends by itself: its result card first, esc shows the session.
    await waitForFrame(r, (f) => f.includes('the run is over'), 20_000);
    await press(r, '\u001B');
    frame = await waitForFrame(
      r,
      (f) => f.includes('denied: Read /etc/hostname') && f.includes('2/2 done'),
      20_000,
    );
    expect(frame).not.toContain('The agent asks to run');
    expect(frame).toContain('allowed always: Write notes.md (by you)');
    expect(frame).toMatch(/plan\s+2\/2 done/);
    expect(frame).toContain('● Write notes.md');
  }, 40_000);

  it('leaves the request alone when esc answers a question opened over it (quit, end the session)', async () => {
    live = watchAgent();
    r = renderSession(live, <SessionScreen onExit={() => {}} />, { columns: 120, rows: 40 });
    await waitForFrame(r, (f) => f.includes('The agent asks to run: Write notes.md'), 20_000);
    await press(r, 'q');
    await waitForFrame(r, (f) => f.includes('Quit while the session runs?'));
    await press(r, '\u001B'); // esc: go on, not "deny"
    const frame = await waitForFrame(r, (f) => !f.includes('Quit while the session runs?'));
    expect(frame).toContain('The agent asks to run: Write notes.md');
    expect(frame).not.toContain('denied: Write notes.md');
    await press(r, '\u0001'); // ctrl+a still answers it
    await waitForFrame(r, (f) => f.includes('the run is over'), 20_000);
  }, 40_000);
});
