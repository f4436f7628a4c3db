import { afterEach, describe, expect, it } from 'vitest';
import { collectRun } from '../../../test/tui/session-events.ts';
import {
  fakeController,
  press,
  renderSession,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { ChecklistPane } from './ChecklistPane.tsx';
import { paneTitle } from '../panes.ts';

let r: Rendered | undefined;
afterEach(() => r?.unmount());
const box = { width: 70, height: 18 };
const size = { columns: 70, rows: 20 };

describe('the checklist pane', () => {
  it('ticks items live, marks rubric items as waiting, and keeps Comp so far', async () => {
    const run = await collectRun('tester/plan');
    const events = run.sessions.at(-1)!;
    const turn1 = events.slice(
      0,
      events.findIndex((e) => e.type === 'turn_start' && e.turn === 2),
    );
    const c = fakeController(turn1);
    r = renderSession(
      c,
      <ChecklistPane title={paneTitle('checklist')} box={box} focused={false} />,
      size,
    );
    const frame = await waitForFrame(r, (f) => f.includes('C3'));
    expect(frame).toContain('✔ C1 passed · rule · turn 1');
    expect(frame).toContain('↳ file plan.md exists');
    expect(frame).toContain('… C3 graded at the end · rubric');
    expect(frame).toContain('Comp 1.00 · ✔2 ✗0 –0 …1');
  });

  it('marks an item the judge could not grade as ungraded, never passed or failed', async () => {
    const run = await collectRun('tester/plan');
    const c = fakeController(run.sessions.at(-1)!);
    r = renderSession(
      c,
      <ChecklistPane title={paneTitle('checklist')} box={box} focused={false} />,
      size,
    );
    const frame = await waitForFrame(r, (f) => f.includes('C3'));
    expect(frame).toContain('– C3 ungraded · rubric · turn 2');
    expect(frame).toContain('needs a model judge');
    expect(frame).toContain('Comp 1.00 · ✔2 ✗0 –1 …0');
  });

  it('grades rubric items now on r while the session runs', async () => {
    const run = await collectRun('tester/plan');
    const c = fakeController(run.sessions.at(-1)!.slice(0, 10), { running: true });
    r = renderSession(c, <ChecklistPane title={paneTitle('checklist')} box={box} focused />, size);
    await waitForFrame(r, (f) => f.includes('C3'));
    await press(r, 'r');
    await waitForFrame(r, () => c.calls.length > 0);
    expect(c.calls).toEqual(['gradeNow']);
  });

  it('a selected item whose rule quoted a whole file shows what the pane has room for and how many more', async () => {
    const run = await collectRun('tester/plan');
    const events = run.sessions.at(-1)!;
    const file = Array.from({ length: 120 }, (_, i) => `row${i}`).join(' ');
    const c = fakeController([
      ...events.slice(
        0,
        events.findIndex((e) => e.type === 'turn_start' && e.turn === 2),
      ),
      {
        type: 'checklist_result',
        turn: 1,
        item: 'C1',
        pass: true,
        by: 'rule',
        reason: `plan.md contains “${file}”`,
      },
    ] as typeof events);
    r = renderSession(c, <ChecklistPane title={paneTitle('checklist')} box={box} focused />, size);
    // C1 is selected (the pane has the focus): the quote fills the pane's free rows, then says
    // how many lines were left out; C2 and C3 stay in view.
    const frame = await waitForFrame(r, (f) => f.includes('C3'));
    expect(frame).toMatch(/… \d+ more lines/);
    expect(frame).not.toContain('row119');
    expect(frame).toContain('C2 passed');
    expect(frame.split('\n').filter((l) => /^[│┃]\s+[│┃]$/.test(l))).toEqual([]);
    const shown = frame.split('\n').filter((l) => /row\d/.test(l));
    expect(shown.length).toBeGreaterThanOrEqual(6);
  });

  it('an unselected reason wraps while the pane has free rows, and is cut with … only when it is full', async () => {
    const run = await collectRun('tester/plan');
    const events = run.sessions.at(-1)!;
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const c = fakeController([
      ...events,
      { type: 'checklist_result', turn: 1, item: 'C1', pass: true, by: 'rule', reason: words },
    ] as typeof events);
    const render = (height: number) =>
      renderSession(
        c,
        <ChecklistPane
          title={paneTitle('checklist')}
          box={{ width: 40, height }}
          focused={false}
        />,
        { columns: 40, rows: height + 2 },
      );
    r = render(30);
    let frame = await waitForFrame(r, (f) => f.includes('C3'));
    // Room to spare: the whole reason, over more lines than a selected item shows, nothing cut.
    expect(frame).toContain('word39');
    expect(frame).not.toMatch(/…│/);
    r.unmount();
    r = render(16);
    frame = await waitForFrame(r, (f) => f.includes('C1'));
    // A pane with fewer rows: the reason takes what is free and its last line ends in ….
    expect(frame).not.toContain('word39');
    const reason = frame.split('\n').filter((l) => /word\d/.test(l));
    expect(reason.length).toBeGreaterThan(1);
    expect(reason.at(-1)).toMatch(/…\s*│$/);
    expect(frame.split('\n').filter((l) => /^[│┃]\s+[│┃]$/.test(l))).toEqual([]);
  });

  it('while the session runs, an item that does not hold yet is pending, and reads failed only at the end', async () => {
    const run = await collectRun('tester/plan');
    const events = run.sessions.at(-1)!;
    const turn1 = events.slice(
      0,
      events.findIndex((e) => e.type === 'turn_start' && e.turn === 2),
    );
    const failing = {
      type: 'checklist_result',
      turn: 1,
      item: 'C2',
      pass: false,
      by: 'rule',
      reason: 'plan.md lacks “Sunday”',
    } as (typeof events)[number];
    const c = fakeController([...turn1, failing], { running: true });
    r = renderSession(
      c,
      <ChecklistPane title={paneTitle('checklist')} box={box} focused={false} />,
      size,
    );
    let frame = await waitForFrame(r, (f) => f.includes('C3'));
    expect(frame).toContain('… C2 graded at the end · rubric·rule · turn 1');
    expect(frame).toContain('↳ plan.md lacks “Sunday”');
    expect(frame).not.toContain('failed');
    expect(frame).toContain('✔1 ✗0 –0 …2');
    c.store.getState().dispatch({ type: 'session_end', end: 'max_turns', turns: 1 });
    frame = await waitForFrame(r, (f) => f.includes('C2 failed'));
    expect(frame).toContain('✗ C2 failed · rubric·rule · turn 1');
    expect(frame).toContain('✔1 ✗1 –0 …1');
  });
  it('a narrow pane wraps the hidden-checklist line into its free rows instead of cutting it', async () => {
    const run = await collectRun('tester/plan');
    const c = fakeController(run.sessions.at(-1)!.slice(0, 2), {
      mode: 'agent',
      revealIntents: false,
    });
    r = renderSession(
      c,
      <ChecklistPane
        title={paneTitle('checklist')}
        box={{ width: 30, height: 18 }}
        focused={false}
      />,
      { columns: 30, rows: 20 },
    );
    const frame = await waitForFrame(r, (f) => f.includes('hidden'));
    const text = frame.replace(/[│┃]/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('3 checklist items: hidden while you play the agent');
    expect(frame).not.toContain('…');
  });
});
