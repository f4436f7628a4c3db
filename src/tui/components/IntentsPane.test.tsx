import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../contracts/events.ts';
import { collectRun } from '../../../test/tui/session-events.ts';
import {
  fakeController,
  KEYS,
  press,
  renderSession,
  renderTui,
  waitFor,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { SessionProvider, SessionUiContext } from '../context.tsx';
import { IntentsPane } from './IntentsPane.tsx';
import { paneTitle } from '../panes.ts';

let r: Rendered | undefined;
const ESC = '\u001B';
afterEach(() => r?.unmount());
const box = { width: 70, height: 20 };
const size = { columns: 70, rows: 22 };

describe('the hidden intents pane', () => {
  it('shows each status with its own symbol, the turn and the question or evidence behind it', async () => {
    const run = await collectRun('tester/plan');
    const c = fakeController(run.sessions.at(-1)!);
    r = renderSession(
      c,
      <IntentsPane title={paneTitle('intents')} box={box} focused={false} />,
      size,
    );
    const frame = await waitForFrame(r, (f) => f.includes('I3'));
    expect(frame).toContain('✔ I1 completed · turn 1 · evidence');
    expect(frame).toContain('? I2 inferred · turn 1 · asked');
    expect(frame).toContain("↳ “What's your per-meal budget?”");
    expect(frame).toContain('Proc 1.00 · ✔1 ?2 ↩0 ✗0 ○0');
  });

  it('highlights a fresh change, and colours statuses apart', async () => {
    const run = await collectRun('tester/plan');
    const events = run.sessions.at(-1)!;
    const upToTurn1 = events.slice(
      0,
      events.findIndex((e) => e.type === 'intent_status'),
    );
    const c = fakeController(upToTurn1);
    r = renderSession(
      c,
      <IntentsPane title={paneTitle('intents')} box={box} focused={false} />,
      size,
    );
    await waitForFrame(r, (f) => f.includes('○ I1 open'));
    c.store.getState().dispatch({
      type: 'intent_status',
      turn: 1,
      intent: 'I1',
      from: 'open',
      to: 'completed',
      cause: 'evidence',
      detail: 'reply says 58 kg',
    });
    await waitForFrame(r, (f) => f.includes('✔ I1 completed'));
    // Inverse video marks the fresh change; the completed mark is green (FORCE_COLOR is on in tests).
    await waitFor(() => Boolean(r?.lastFrame()?.includes(`${ESC}[7m`)));
    expect(r.lastFrame()).toContain(`${ESC}[32m✔`);
  });

  it('in play, enter puts the selected open intent’s reveal text in the input, and ctrl+o asks which status to set by hand', async () => {
    const run = await collectRun('tester/gear', { agent: 'script:reactive' });
    const events = run.sessions.at(-1)!;
    const c = fakeController(
      events.slice(
        0,
        events.findIndex((e) => e.type === 'intent_status'),
      ),
      { mode: 'play' },
    );
    const revealed: string[] = [];
    r = renderTui(
      <SessionProvider controller={c}>
        <SessionUiContext.Provider
          value={{
            reveal: (id, text) => revealed.push(`${id}: ${text}`),
            override: (id) => revealed.push(`override ${id}?`),
            note: (n) => revealed.push(n),
          }}
        >
          <IntentsPane title={paneTitle('intents')} box={box} focused />
        </SessionUiContext.Provider>
      </SessionProvider>,
      size,
    );
    await waitForFrame(r, (f) => f.includes('↵ says “Keep it under 600 RMB.”'));
    await press(r, KEYS.enter, 'j', KEYS.ctrlO);
    await waitFor(() => revealed.length === 2);
    expect(revealed).toEqual(['I1: Keep it under 600 RMB.', 'override I2?']);
    expect(c.calls).toEqual([]);
  });

  it('counts one hidden intent as one, not "1 hidden intents"', async () => {
    const run = await collectRun('tester/plan');
    const [start, ...rest] = run.sessions.at(-1)!;
    const one = { ...start, intents: (start as { intents: unknown[] }).intents.slice(0, 1) };
    const events = [one as SessionEvent, ...rest.slice(0, 2)];
    const c = fakeController(events, { mode: 'agent', revealIntents: false });
    r = renderSession(c, <IntentsPane title={paneTitle('intents')} box={box} focused />, size);
    const frame = await waitForFrame(r, (f) => f.includes('hidden'));
    expect(frame).toContain('1 hidden intent: they stay hidden');
  });

  it('stays hidden while a person plays the agent, unless revealed, and shows all at the end', async () => {
    const run = await collectRun('tester/plan');
    const events = run.sessions.at(-1)!;
    const c = fakeController(events.slice(0, -1), { mode: 'agent', revealIntents: false });
    r = renderSession(c, <IntentsPane title={paneTitle('intents')} box={box} focused />, size);
    let frame = await waitForFrame(r, (f) => f.includes('hidden'));
    expect(frame).toContain('3 hidden intents');
    expect(frame).not.toContain('Keep each meal');
    c.store.getState().dispatch(events.at(-1) as SessionEvent);
    frame = await waitForFrame(r, (f) => f.includes('Keep each meal'));
    expect(frame).toContain('Proc 1.00');
  });
  it('a narrow pane wraps the hidden-intents lines into its free rows instead of cutting them', async () => {
    const run = await collectRun('tester/plan');
    const c = fakeController(run.sessions.at(-1)!.slice(0, 2), {
      mode: 'agent',
      revealIntents: false,
    });
    r = renderSession(
      c,
      <IntentsPane title={paneTitle('intents')} box={{ width: 40, height: 20 }} focused />,
      { columns: 40, rows: 22 },
    );
    const frame = await waitForFrame(r, (f) => f.includes('hidden'));
    const text = frame.replace(/[│┃]/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('3 hidden intents: they stay hidden while you play the agent');
    expect(text).toContain('(start with --reveal-intents to see them; all show at the end)');
    expect(frame).not.toContain('…');
  });
});
