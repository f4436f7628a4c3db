import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { syntheticEvents } from '../../store/synthetic.ts';
import { collectRun } from '../../../test/tui/session-events.ts';
import {
  fakeController,
  KEYS,
  press,
  renderSession,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { ConversationPane } from './ConversationPane.tsx';
import type { TimedEvent } from '../../contracts/events.ts';
import { paneTitle } from '../panes.ts';
import { gatheringLine } from '../../contracts/proposal-events.ts';

let r: Rendered | undefined;
afterEach(() => r?.unmount());
const box = { width: 90, height: 22 };

describe('the conversation pane', () => {
  it('shows messages and one-line tool calls, turn by turn', async () => {
    const run = await collectRun('tester/plan');
    const c = fakeController(run.sessions.at(-1)!);
    r = renderSession(c, <ConversationPane title={paneTitle('conversation')} box={box} focused />, {
      columns: 90,
      rows: 24,
    });
    const frame = await waitForFrame(r, (f) => f.includes('turn 2'));
    expect(frame).toContain('user  Write me a meal plan for the week.');
    expect(frame).toMatch(/▸ write_file ✔ path="plan\.md"/);
    expect(frame).toContain('agent Updated with prices in RMB and Sunday batch cooking.');
    expect(frame).toContain('↳ about I2, I3');
  });

  it('expands the selected tool call on enter, and every call on x', async () => {
    const run = await collectRun('tester/plan');
    const c = fakeController(run.sessions.at(-1)!);
    r = renderSession(c, <ConversationPane title={paneTitle('conversation')} box={box} focused />, {
      columns: 90,
      rows: 24,
    });
    await waitForFrame(r, (f) => f.includes('▸ edit_file'));
    await press(r, KEYS.up, KEYS.enter); // from the last reply up to the edit_file call
    let frame = await waitForFrame(r, (f) => f.includes('▾ edit_file'));
    expect(frame).toContain('"new_string": "Sunday: batch cook (20 RMB)"');
    expect(frame).toContain('▸ write_file'); // the other call stays one line
    await press(r, 'x');
    // The write_file call above expands too (the view keeps the selected call in sight).
    frame = await waitForFrame(r, (f) => f.includes('"content": "# Plan'));
    expect(frame).toContain('created plan.md (33 characters)');
  });

  it('streams the reply as it arrives, and the final message replaces it', async () => {
    const c = fakeController(syntheticEvents({ turns: 1 }).slice(0, 3));
    r = renderSession(c, <ConversationPane title={paneTitle('conversation')} box={box} focused />, {
      columns: 90,
      rows: 24,
    });
    await waitForFrame(r, (f) => f.includes('user  Help me plan the week.'));
    c.store.getState().dispatch({ type: 'agent_delta', turn: 1, text: 'Drafting your ' });
    c.store.getState().dispatch({ type: 'agent_delta', turn: 1, text: 'plan now' });
    await waitForFrame(r, (f) => f.includes('Drafting your plan now▍'));
    c.store
      .getState()
      .dispatch({ type: 'message', turn: 1, role: 'agent', text: 'Drafting your plan now. Done.' });
    const frame = await waitForFrame(r, (f) => f.includes('Done.'));
    expect(frame).not.toContain('▍');
  });

  it('renders only the visible lines of a long session and follows its end', async () => {
    const c = fakeController(syntheticEvents({ turns: 300 }));
    r = renderSession(c, <ConversationPane title={paneTitle('conversation')} box={box} focused />, {
      columns: 90,
      rows: 24,
    });
    const frame = await waitForFrame(r, (f) => f.includes('turn 300'));
    expect(frame).not.toContain('turn 297 ─');
    expect(frame).not.toContain('turn 1 ─');
    expect(frame.split('\n').length).toBeLessThanOrEqual(box.height);
    expect(frame).toMatch(/\d+\/\d+ ↓/); // scrolled to the end, following
    await press(r, KEYS.pageUp, KEYS.pageUp);
    const up = await waitForFrame(r, (f) => !f.includes('turn 300'));
    expect(up).toMatch(/── turn 29\d/); // about two pages (40 lines) up
    expect(up).not.toMatch(/\d+\/\d+ ↓/); // no longer following
    await press(r, 'G');
    await waitForFrame(r, (f) => f.includes('turn 300'));
  });
});

describe("the conversation pane's proposal cards", () => {
  const GOLDEN = fileURLToPath(
    new URL(
      '../../../test/golden/recordings/proactive/researcher/soap-list.jsonl',
      import.meta.url,
    ),
  );
  const show = (
    control: Parameters<typeof fakeController>[1],
    edit: (e: TimedEvent) => TimedEvent = (e) => e,
  ) => {
    // A golden recording's events (its header line left out; times normalised away).
    const events = readFileSync(GOLDEN, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => edit({ t: 0, ...JSON.parse(l) } as TimedEvent));
    // Up to the turn after the verdict, so the card is in view.
    const upTo = events.slice(
      0,
      events.findIndex((e) => e.type === 'turn_start' && e.turn === 4),
    );
    const c = fakeController(upTo, control);
    r = renderSession(c, <ConversationPane title={paneTitle('conversation')} box={box} focused />, {
      columns: 90,
      rows: 24,
    });
  };

  it("shows the rules user's reason to whoever sees the intents, its bar under the card's corner", async () => {
    show({ mode: 'watch', running: false });
    const frame = await waitForFrame(r!, (f) => f.includes('P1 ✓ accepted'));
    expect(frame).toContain('user: it matches goal G1, not yet done');
    const rows = frame.split('\n');
    const corner = rows.find((l) => l.includes('┌ P1'))!.indexOf('┌');
    const under = rows[rows.findIndex((l) => l.includes('┌ P1')) + 1]!;
    expect(under.indexOf('│', 2)).toBe(corner);
  });

  it('playing the agent with the intents hidden, the card gives the verdict but not the reason naming the goal', async () => {
    show({ mode: 'agent', running: false, revealIntents: false });
    const frame = await waitForFrame(r!, (f) => f.includes('P1 ✓ accepted'));
    expect(frame).not.toContain('matches goal');
  });

  it('an agent that proposed and said nothing else: the proposal is what the user sees, not a silence kept', async () => {
    show({ mode: 'watch', running: false }, (e) =>
      e.type === 'message' && e.role === 'agent' && e.turn === 2 ? { ...e, text: '' } : e,
    );
    const frame = await waitForFrame(r!, (f) => f.includes('P1 ✓ accepted'));
    expect(frame).toContain('agent (no message: proposal P1 is what the user sees)');
    expect(frame).not.toContain('kept silent');
  });
});

describe('who the session waits for', () => {
  it("wraps a person's turn hint in a narrow pane instead of cutting it", async () => {
    // Five panes side by side give the conversation about 46 columns: the hint is longer.
    const c = fakeController(syntheticEvents({ turns: 1 }).slice(0, 3), { mode: 'play' });
    const narrow = { width: 46, height: 16 };
    r = renderSession(
      c,
      <ConversationPane title={paneTitle('conversation')} box={narrow} focused />,
      { columns: 46, rows: 18 },
    );
    await waitForFrame(r, (f) => f.includes('user  Help me plan the week.'));
    const dispatch = c.store.getState().dispatch;
    dispatch({ type: 'message', turn: 1, role: 'agent', text: 'Here is a plan.' });
    dispatch({ type: 'awaiting_input', turn: 1, role: 'user' });
    const frame = await waitForFrame(r, (f) => f.includes('your turn'));
    // Joined over its lines, the whole hint is there, and nothing is cut.
    const text = frame
      .split('\n')
      .map((l) => l.replace(/[│┃]/g, '').trim())
      .join(' ');
    expect(text).toContain("⋯ your turn: write the user's message below");
    expect(frame).not.toContain('…');
  });
});

describe('a proposal waiting while the user looks around first', () => {
  const observation = `${gatheringLine('P1')}\nThe user, in phone: opened Messages & Phone`;
  const render = async (control: Parameters<typeof fakeController>[1]) => {
    const [start, ...rest] = syntheticEvents({ turns: 1 }).slice(0, 3);
    // A proposal scenario's start: the session has a phone.
    const proposals = { steps: 0, tick: '1m' };
    const c = fakeController([{ ...start!, proposals } as TimedEvent, ...rest], control);
    r = renderSession(c, <ConversationPane title={paneTitle('conversation')} box={box} focused />, {
      columns: 90,
      rows: 24,
    });
    await waitForFrame(r, (f) => f.includes('user  Help me plan the week.'));
    const dispatch = c.store.getState().dispatch;
    dispatch({ type: 'proposal', turn: 1, proposal: 'P1', summary: 'Add hand soap?' });
    dispatch({ type: 'turn_start', turn: 2 });
    dispatch({ type: 'message', turn: 2, role: 'monitor', text: observation });
    return c;
  };

  it('tells the person playing the user that it waits for their answer', async () => {
    await render({ mode: 'play' });
    const frame = await waitForFrame(r!, (f) => f.includes('opened Messages'));
    expect(frame).toContain('P1 still waits for your answer: ctrl+y accepts it, ctrl+r rejects');
    expect(frame).toContain('┌ P1 ? waiting for your answer');
    expect(frame).not.toContain('who looks into it first');
  });

  it('asks the person playing the user for a move on the phone, not a message', async () => {
    const c = await render({ mode: 'play' });
    // The session has a phone (a proposal scenario's slice).
    const dispatch = c.store.getState().dispatch;
    dispatch({ type: 'awaiting_input', turn: 2, role: 'user' });
    const frame = await waitForFrame(r!, (f) => f.includes('your turn'));
    expect(frame).toContain("your turn: make the user's move on the phone below");
  });

  it('shows a watcher what the agent is told', async () => {
    await render({ mode: 'watch' });
    const frame = await waitForFrame(r!, (f) => f.includes('opened Messages'));
    expect(frame).toContain('P1 still waits for the user, who looks into it first.');
    expect(frame).toContain('┌ P1 ? waiting for the user');
  });

  it('rewords only the turns after a person took over a watch', async () => {
    // A watch taken over is played from then on (its mode is play).
    const c = await render({ mode: 'play', takenOver: true });
    const dispatch = c.store.getState().dispatch;
    const text = 'a person took over the user after turn 2';
    dispatch({ type: 'notice', turn: 2, level: 'info', text });
    dispatch({ type: 'turn_start', turn: 3 });
    dispatch({ type: 'message', turn: 3, role: 'monitor', text: gatheringLine('P1') });
    const frame = await waitForFrame(r!, (f) => f.includes('turn 3'));
    expect(frame).toContain('P1 still waits for the user, who looks into it first.'); // turn 2
    expect(frame).toContain('P1 still waits for your answer'); // turn 3, the person's
  });
});
