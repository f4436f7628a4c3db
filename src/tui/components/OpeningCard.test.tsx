import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planRuns } from '../../session/plan.ts';
import { sessionSetup } from '../../session/setup.ts';
import { LiveSession } from '../session/live.ts';
import {
  dismissResultCard,
  KEYS,
  press,
  renderSession,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { liveFixture } from '../../../test/tui/live-sessions.ts';
import { SessionScreen } from '../screens/SessionScreen.tsx';

const fixture = liveFixture();
let r: Rendered | undefined;
let live: ReturnType<typeof fixture.start> | undefined;

function start(
  target: string,
  mode: 'play' | 'watch' | 'agent',
  opts: { paused?: boolean; delayMs?: number; agent?: string } = {},
) {
  live = fixture.start(target, mode, { agent: 'script:proactive', ...opts });
  r = fixture.show(
    renderSession(live, <SessionScreen onExit={() => {}} />, { columns: 120, rows: 36 }),
  );
  return live;
}

describe('the opening card', () => {
  it('a paused watch opens on the title, persona, request and hidden intents; a step begins the first turn', async () => {
    start('tester/gear', 'watch', { paused: true });
    const frame = await waitForFrame(
      r!,
      (f) => f.includes('Pick gym gear') && f.includes('Request'),
    );
    expect(frame).toContain('tester/gear');
    expect(frame).toMatch(/Persona {2}Tess Ter · /);
    expect(frame).toContain('Request  “Help me pick running shoes.”');
    expect(frame).toContain('I1 Budget is 600 RMB.');
    expect(frame).toContain('I2 Save the choice to memory for later sessions.');
    expect(frame).toContain('the watch is paused: s runs one turn');
    expect(frame).not.toContain('── turn 1');
    // It holds: the engine waits for the card, not just the screen.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(live!.store.getState().session.turn).toBe(0);
    await press(r!, 's');
    // Its one turn ends the run: the result card closing it goes first.
    await dismissResultCard(r!);
    const after = await waitForFrame(
      r!,
      (f) => f.includes('── turn 1') && f.includes('agent Your notes say 600 RMB'),
    );
    expect(after).not.toContain('Request  “');
  });

  it('a running watch holds the card for its pace, then begins by itself', async () => {
    start('tester/gear', 'watch', { delayMs: 250 });
    const frame = await waitForFrame(r!, (f) =>
      f.includes('Request  “Help me pick running shoes.”'),
    );
    expect(frame).toContain('begins by itself in 0.8 s');
    // Its one turn ends the run: the result card closing it covers the answer at once, so on a
    // loaded machine no frame with the answer showing was seen before it (the test failed).
    await dismissResultCard(r!);
    await waitForFrame(r!, (f) => f.includes('agent Your notes say 600 RMB'));
  });

  it('playing the user: enter begins; the person is told they play the user', async () => {
    start('tester/gear', 'play', { agent: 'script:reactive' });
    const frame = await waitForFrame(r!, (f) =>
      f.includes('Request  “Help me pick running shoes.”'),
    );
    expect(frame).toContain('You play the user.');
    expect(frame).toContain('I1 Budget is 600 RMB.');
    expect(frame).toContain('enter begin');
    await press(r!, KEYS.enter);
    await waitForFrame(
      r!,
      (f) =>
        f.includes('agent Here are some running shoes.') && f.includes('your turn: write the user'),
    );
  });

  it('playing the agent: the card never lists the hidden intents', async () => {
    start('tester/gear', 'agent');
    const frame = await waitForFrame(r!, (f) =>
      f.includes('Request  “Help me pick running shoes.”'),
    );
    expect(frame).toContain('You play the agent.');
    expect(frame).toContain('The user has 2 needs they have not said');
    expect(frame).not.toContain('Budget is 600 RMB');
    expect(frame).not.toMatch(/\bI1\b/);
    await press(r!, KEYS.enter);
    await waitForFrame(r!, (f) => f.includes("your turn: write the agent's reply"));
  });

  it('each session of a chain opens on its own card, after the result card of the one before', async () => {
    start('tester/plan', 'play');
    await waitForFrame(r!, (f) => f.includes('Pick gym gear') && f.includes('tester/gear (1/2)'));
    await press(r!, KEYS.enter);
    await waitForFrame(r!, (f) => f.includes('Next: tester/plan'), 8000);
    await press(r!, KEYS.enter);
    const frame = await waitForFrame(
      r!,
      (f) => f.includes('Weekly meal plan') && f.includes('tester/plan (2/2)'),
    );
    expect(frame).toContain('Request  “Write me a meal plan for the week.”');
    await press(r!, KEYS.enter);
    await waitForFrame(r!, (f) => f.includes('agent Drafted plan.md'));
  });

  it('a card that does not fit scrolls, and what enter does stays in view (80x24, a long scenario)', async () => {
    live = new LiveSession({
      groups: planRuns(['researcher/openclaw-feed']),
      setup: sessionSetup({ agent: 'script:proactive' }),
      mode: 'play',
      recordingsDir: mkdtempSync(path.join(os.tmpdir(), 'intentplay-card-')),
      date: '2025-01-01',
    });
    r = fixture.show(
      renderSession(live, <SessionScreen onExit={() => {}} />, { columns: 80, rows: 24 }),
    );
    let frame = await waitForFrame(r!, (f) => f.includes('OpenClaw') && f.includes('enter begins'));
    expect(frame).toMatch(/↓ lines 1–\d+ of \d+ · ↑\/↓ PgUp\/PgDn scroll/);
    expect(frame).not.toContain('I5 Name the authors');
    for (let i = 0; i < 30 && !frame.includes('I5 Name the authors'); i++) {
      await press(r!, KEYS.pageDown);
      frame = await waitForFrame(r!, (f) => f.includes('enter begins'));
    }
    expect(frame).toContain('I5 Name the authors');
    expect(frame).toContain('enter begins');
    expect(frame).toContain('ctrl+p shows who you are');
    await press(r!, KEYS.enter);
    await waitForFrame(r!, (f) => !f.includes('enter begins'));
    live.quit();
  });
});

describe('the opening card, line by line', () => {
  /** The card as text, for a person playing the agent of a one-session scenario. */
  async function cardText(request: string, intents: { id: string; text: string }[], cols = 100) {
    const { openingLines } = await import('./OpeningCard.tsx');
    const { createTheme } = await import('../theme.ts');
    const scenario = {
      id: 'p/t',
      persona: 'p',
      title: 'T',
      index: 0,
      of: 1,
      trigger: { kind: 'user' as const, text: request },
      maxTurns: 30,
      toolSteps: 20,
      backends: {} as never,
    };
    const control = { mode: 'agent' as const, paused: false, delayMs: 0 };
    return openingLines({ scenario, intents: intents as never }, control, cols, createTheme(false))
      .map((line) => line.map((seg) => seg.text).join(''))
      .join('\n');
  }

  it('closes the request quote on its last word when the request ends in a newline (a YAML block)', async () => {
    const text = await cardText('Send the booking note.\n', []);
    expect(text).toContain('Request  “Send the booking note.”');
  });

  it('playing the agent, one unsaid need is one need, not "1 needs"', async () => {
    const text = await cardText('Send the booking note.', [{ id: 'I1', text: 'Cc the manager.' }]);
    expect(text).toContain('The user has 1 need they have not said: find them out.');
  });

  it('playing the agent in 80 columns, the unsaid needs line wraps whole instead of ending in …', async () => {
    const needs = [
      { id: 'I1', text: 'a' },
      { id: 'I2', text: 'b' },
      { id: 'I3', text: 'c' },
    ];
    const text = await cardText('Watch the market.', needs, 76);
    expect(text).not.toContain('…');
    expect(text.split('\n').every((line) => line.length <= 76)).toBe(true);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'The user has 3 needs they have not said: find them out. They show at the end.',
    );
  });
});
