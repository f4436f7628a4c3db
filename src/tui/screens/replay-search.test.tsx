/**
 * Replay of a recorded proposal session (the bundled researcher/soap-list): `/` searches the
 * conversation and goes to the turns holding the words, saying which match of how many; every
 * letter typed is part of the words; esc clears. The proposal's card waits in its own turn and
 * reads accepted in the turn the user's answer opened.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readRecording, type Recording } from '../../session/recording.ts';
import {
  KEYS,
  press,
  renderSession,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { runTarget } from '../../../test/helpers/run.ts';
import { ReplaySession } from '../session/replay-session.ts';
import { SessionScreen } from './SessionScreen.tsx';

const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-search-'));
let recording: Recording;
let r: Rendered | undefined;
afterEach(() => r?.unmount());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const { results } = await runTarget('researcher/soap-list', {
    agent: 'script:proactive',
    noDeps: true,
    recordingsDir: dir,
  });
  recording = readRecording(results[0]!.recording!);
});

function replay(): Rendered {
  const c = new ReplaySession(recording);
  return (r = renderSession(c, <SessionScreen onExit={() => {}} />, { columns: 160, rows: 40 }));
}

describe('searching a replay', () => {
  it('/ finds the turns holding the words and says which match of how many; enter, ↓ and ↑ go between them', async () => {
    const r = replay();
    await waitForFrame(r, (f) => f.includes('turn 0 of 6'));
    await press(r, '/', ...'Hand soap');
    let frame = await waitForFrame(r, (f) => f.includes('/Hand soap▏'));
    expect(frame).toContain('turn 2 of 6');
    expect(frame).toContain('turn 2 · match 1 of 3 turns');
    // The proposal's own turn: the card still waits for the user.
    expect(frame).toContain('┌ P1 ? waiting for the user');
    await press(r, KEYS.enter);
    frame = await waitForFrame(r, (f) => f.includes('turn 3 of 6'));
    expect(frame).toContain('turn 3 · match 2 of 3 turns');
    // The turn the user's answer opened: the verdict, and when it came.
    expect(frame).toContain('┌ P1 ✓ accepted in turn 3');
    await press(r, KEYS.down);
    frame = await waitForFrame(r, (f) => f.includes('turn 5 · match 3 of 3 turns'));
    expect(frame).toContain('3. ☐ Hand soap');
    await press(r, KEYS.enter);
    await waitForFrame(r, (f) => f.includes('turn 2 · match 1 of 3 turns'));
    await press(r, KEYS.up);
    await waitForFrame(r, (f) => f.includes('turn 5 · match 3 of 3 turns'));
  });

  it('every letter typed is part of the words (n, f, q, b act on nothing); backspace takes one back, esc clears', async () => {
    const r = replay();
    await waitForFrame(r, (f) => f.includes('turn 0 of 6'));
    await press(r, '/', ...'not using the phone');
    let frame = await waitForFrame(r, (f) => f.includes('turn 4 · match 1 of 2 turns'));
    // The key hints are the search's: q and n type words here, so they are not offered.
    expect(frame).toContain('esc clear the search  ctrl+c quit');
    expect(frame).not.toContain('q quit');
    expect(frame).not.toContain('n next change');
    await press(r, ...' nfqb');
    frame = await waitForFrame(r, (f) => f.includes('no turn holds “not using the phone nfqb”'));
    expect(frame).toContain('turn 4 of 6');
    await press(r, ...Array.from({ length: 5 }, () => KEYS.backspace));
    await waitForFrame(r, (f) => f.includes('turn 4 · match 1 of 2 turns'));
    await press(r, KEYS.right);
    frame = await waitForFrame(r, (f) => f.includes('turn 5 of 6'));
    expect(frame).toContain('2 turns hold it, not this one');
    await press(r, KEYS.escape);
    frame = await waitForFrame(r, (f) => !f.includes('/not using'));
    expect(frame).toContain('turn 5 of 6');
    expect(frame).toContain('q quit');
    // Back to replay's own keys, and the help lists the search.
    await press(r, '?');
    frame = await waitForFrame(r, (f) => f.includes('search the conversation'));
    expect(frame).toContain('Replay: searching the conversation');
  });
});
