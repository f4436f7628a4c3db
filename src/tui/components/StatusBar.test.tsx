import { afterEach, describe, expect, it } from 'vitest';
import { syntheticEvents } from '../../store/synthetic.ts';
import {
  fakeController,
  renderSession,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { StatusBar } from './StatusBar.tsx';

let r: Rendered | undefined;
afterEach(() => r?.unmount());

describe('the status bar', () => {
  it('shows scenario, mode and pace, turn n of max, tokens and cost, backends and key hints', async () => {
    const events = syntheticEvents({ turns: 3 });
    const c = fakeController(events.slice(0, -1), { mode: 'watch', paused: true });
    c.store.getState().dispatch({
      type: 'usage',
      turn: 3,
      role: 'judge',
      model: 'm',
      usage: { inputTokens: 500, outputTokens: 50, estimated: true, costUsd: 0.02 },
    });
    r = renderSession(c, <StatusBar width={160} />, { columns: 160, rows: 10 });
    const frame = await waitForFrame(r, (f) => f.includes('synthetic/long'));
    expect(frame).toContain('WATCH ❚❚ paused');
    expect(frame).toContain('turn 3/3');
    expect(frame).toContain('4.6k tok~ $0.02');
    expect(frame).toContain('agent script:synthetic · user rules · judge rules');
    expect(frame).toContain('space pause  s step  + faster  - slower  t take over  q quit');
    c.control.setState({ paused: false, delayMs: 500 });
    await waitForFrame(r, (f) => f.includes('WATCH ▶ 0.5s/turn'));
  });

  it('shows the result once the session ends', async () => {
    const c = fakeController(syntheticEvents({ turns: 2 }), { mode: 'replay', running: false });
    c.store.getState().dispatch({
      type: 'score',
      scores: {
        proc: 0.5,
        comp: 1,
        turns: 2,
        intents: {},
        checklist: {},
        graded: 1,
        passed: 1,
        ungraded: 0,
      },
    });
    r = renderSession(c, <StatusBar width={160} />, { columns: 160, rows: 10 });
    const frame = await waitForFrame(r, (f) => f.includes('max_turns'));
    expect(frame).toContain('max_turns · Proc 0.50 · Comp 1.00');
    expect(frame).toContain('REPLAY');
  });

  it('offers b home once the session is over only where a home screen opened it', async () => {
    const events = syntheticEvents({ turns: 2 });
    const c = fakeController(events, { mode: 'watch', running: false });
    r = renderSession(c, <StatusBar width={160} />, { columns: 160, rows: 10 });
    let frame = await waitForFrame(r, (f) => f.includes('q quit'));
    expect(frame).not.toContain('b home');
    r.unmount();
    r = renderSession(c, <StatusBar width={160} home />, { columns: 160, rows: 10 });
    frame = await waitForFrame(r, (f) => f.includes('q quit'));
    expect(frame).toContain('b home  q quit');
  });

  it('shows the input box keys while the user types (q and ? type text there)', async () => {
    const c = fakeController(syntheticEvents({ turns: 1 }), { mode: 'play' });
    r = renderSession(c, <StatusBar width={160} typing />, { columns: 160, rows: 10 });
    const frame = await waitForFrame(r, (f) => f.includes('enter send'));
    expect(frame).toContain(
      'enter send  esc leave the input  ? keys (after esc)  ctrl+c quit  ctrl+d end the session',
    );
    expect(frame).not.toMatch(/\bq quit\b/);
  });

  it('says how to reach the help while the user types: esc, then ? while the box is empty', async () => {
    const c = fakeController(syntheticEvents({ turns: 1 }), { mode: 'play' });
    r = renderSession(c, <StatusBar width={160} typing written />, { columns: 160, rows: 10 });
    const frame = await waitForFrame(r, (f) => f.includes('enter send'));
    expect(frame).toContain('esc leave the input  ? keys (after esc, box empty)  ctrl+c quit');
  });

  it('tells a study participant that ctrl+c stops the study for later, not that it quits', async () => {
    const c = fakeController(syntheticEvents({ turns: 1 }), {
      mode: 'play',
      participant: { intents: 'goals', verdicts: false },
    });
    r = renderSession(c, <StatusBar width={160} typing />, { columns: 160, rows: 10 });
    let frame = await waitForFrame(r, (f) => f.includes('enter send'));
    expect(frame).toContain('ctrl+c stop (resume later)');
    expect(frame).not.toContain('quit');
    r.unmount();
    r = renderSession(c, <StatusBar width={160} />, { columns: 160, rows: 10 });
    frame = await waitForFrame(r, (f) => f.includes('tab pane'));
    expect(frame).toContain('ctrl+c stop (resume later)');
  });
  it('playing the agent, a turn the monitor woke offers ctrl+k to keep silent; other turns do not', async () => {
    const c = fakeController(syntheticEvents({ turns: 1 }), { mode: 'agent' });
    r = renderSession(c, <StatusBar width={200} typing />, { columns: 200, rows: 10 });
    let frame = await waitForFrame(r, (f) => f.includes('ctrl+t tools'));
    expect(frame).not.toContain('keep silent');
    c.store.getState().dispatch({ type: 'turn_start', turn: 2 });
    c.store.getState().dispatch({
      type: 'message',
      turn: 2,
      role: 'monitor',
      text: 'Reminder (r1): check the listings',
    });
    frame = await waitForFrame(r, (f) => f.includes('keep silent'));
    expect(frame).toContain('enter send  ctrl+k keep silent');
  });
  it('keeps ctrl+k keep silent on a woken turn in 120 and 80 columns, where later hints are dropped', async () => {
    for (const columns of [120, 80]) {
      const c = fakeController(syntheticEvents({ turns: 1 }), { mode: 'agent' });
      c.store.getState().dispatch({ type: 'turn_start', turn: 2 });
      c.store.getState().dispatch({ type: 'message', turn: 2, role: 'monitor', text: 'Reminder' });
      r = renderSession(c, <StatusBar width={columns} typing />, { columns, rows: 10 });
      const frame = await waitForFrame(r, (f) => f.includes('enter send'));
      expect(frame).toContain('ctrl+k keep silent');
      r.unmount();
    }
  });
});
