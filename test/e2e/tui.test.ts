/**
 * The real binary in a real terminal: tmux runs `intentplay watch` on the test library
 * (offline), then `intentplay replay` on the recording it wrote; assertions read the
 * screen as tmux shows it.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeLibrary } from '../helpers/library.ts';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');
const LIB = path.join(ROOT, 'test/fixtures/lib');
if (!hasTmux)
  console.warn('skipping the TUI end-to-end test: tmux is not installed (apt-get install tmux)');

const term = tmuxTerminal(BIN, 'e2e');
afterAll(() => term.close());
const { work, keys, start, waitFor: waitForScreen } = term;

describe.skipIf(!hasTmux)('intentplay in a terminal', () => {
  it(
    'a paused watch opens on a card: title, persona, request and hidden intents; enter begins',
    { timeout: 120_000 },
    async () => {
      start(['watch', 'tester/gear', '--library', LIB, '--paused', '--recordings', 'opening'], {
        columns: 120,
        rows: 40,
      });
      const text = await waitForScreen(
        (s) => s.includes('Request  “Help me pick running shoes.”'),
        'the opening card',
      );
      expect(text).toContain('Pick gym gear  tester/gear');
      expect(text).toMatch(/Persona {2}Tess Ter · QA engineer/);
      expect(text).toContain('I1 Budget is 600 RMB.');
      expect(text).toContain('the watch is paused');
      expect(text).not.toContain('── turn 1');
      keys('Enter');
      await waitForScreen(
        (s) => s.includes('Conversation') && !s.includes('Request  “'),
        'the panes',
      );
      keys('s');
      await waitForScreen((s) => s.includes('── turn 1') && s.includes('agent '), 'the first turn');
      keys('q');
      // The one-turn session may end as q is pressed: its question then closes for the result
      // card, whose q quits at once.
      const asked = await waitForScreen(
        (s) =>
          s.includes('Quit while the session runs?') ||
          s.includes('the run is over') ||
          s.includes('[exit 0]'),
        'quitting',
      );
      keys(asked.includes('Quit while the session runs?') ? 'y' : 'q');
      const after = await waitForScreen(
        (s) => s.includes('[exit 0]') || s.includes('the run is over'),
        'intentplay to exit',
      );
      if (!after.includes('[exit 0]')) keys('q');
      await waitForScreen((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );

  it(
    'reads keys one by one from the moment it takes the screen: enter pressed as the opening card shows begins the session',
    { timeout: 120_000 },
    async () => {
      start(['play', 'tester/gear', '--library', LIB, '--recordings', 'first-frame'], {
        columns: 120,
        rows: 40,
      });
      // No pause between looks: a person may press a key as soon as the screen clears, and enter the moment the card shows.
      const t0 = Date.now();
      while (!term.fullScreen())
        if (Date.now() - t0 > 60_000)
          throw new Error(`intentplay never took the screen:\n${term.screen()}`);
      expect(term.readsKeys()).toBe(true);
      while (!term.screen().includes('enter begins'))
        if (Date.now() - t0 > 60_000)
          throw new Error(`no opening card; the screen shows:\n${term.screen()}`);
      expect(term.readsKeys()).toBe(true);
      keys('Enter');
      await waitForScreen(
        (s) => s.includes('agent Your notes say 600 RMB') && s.includes('resolved · Proc 1.00'),
        'the session to run',
      );
      keys('q');
      await waitForScreen((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );

  it(
    'watches a whole episode offline, then replays its recording turn by turn',
    { timeout: 180_000 },
    async () => {
      start(['watch', LIB, '--delay', '0', '--recordings', 'rec']);
      let text = await waitForScreen(
        (s) => s.includes('episode tester ended') && s.includes('the run is over'),
        'the episode to finish on its summary',
      );
      expect(text).toContain('In all: 2 of 2 resolved · mean Proc 1.00 · mean Comp 1.00');
      keys('Escape');
      text = await waitForScreen(
        (s) => !s.includes('the run is over') && s.includes('resolved · Proc 1.00'),
        'the last session’s panes',
      );
      expect(text).toContain('tester/plan (2/2)');
      expect(text).toMatch(/Conversation.*Hidden intents.*Checklist.*Workspace/);
      expect(text).toContain('No model configured');
      expect(text).toContain('agent Updated with prices in RMB');
      expect(text).toContain('? I3 inferred · turn 1 · asked');
      expect(text).toContain('– C3 ungraded');
      expect(text).toContain('M plan.md +1 -1');
      keys('q');
      text = await waitForScreen((s) => s.includes('[exit 0]'), 'intentplay to exit');
      const files = readdirSync(path.join(work, 'rec')).sort();
      expect(files).toHaveLength(2);
      for (const f of files) expect(text).toContain(`recording: rec/${f}`);

      const plan = files.find((f) => f.includes('tester_plan'))!;
      start(['replay', path.join('rec', plan)]);
      text = await waitForScreen(
        (s) => s.includes('REPLAY') && s.includes('turn 0 of 2'),
        'the replay to open at turn 0',
      );
      expect(text).toContain('request (the user sends it at turn 1)');
      keys('End');
      text = await waitForScreen((s) => s.includes('turn 2 of 2'), 'the last turn');
      expect(text).toContain('resolved · Proc 1.00 · Comp 1.00');
      keys('Left');
      text = await waitForScreen((s) => s.includes('turn 1 of 2 '), 'turn 1');
      expect(text).toContain('A plan.md +3 -0');
      expect(text).not.toContain('Include Sunday batch cooking.\n');
      keys('Home');
      text = await waitForScreen((s) => s.includes('turn 0 of 2 '), 'turn 0');
      expect(text).toContain('○ I1 open');
      keys('n');
      await waitForScreen(
        (s) => s.includes('turn 1 of 2 ') && s.includes('✔ I1 completed'),
        'the next status change',
      );
      keys('q');
      await waitForScreen((s) => s.includes('[exit 0]'), 'the replay to exit');
    },
  );
});

/** A scenario whose agent writes a file with a line far wider than any pane. */
const WIDE_SCENARIO = `id: p/wide
persona: p
title: A wide file
trigger: { kind: user, text: Write the wide file. }
intents:
  - { id: I1, text: The file exists., done: { file_exists: wide.md } }
references:
  proactive:
    - say: Done.
      actions:
        - { tool: write_file, args: { path: wide.md, content: "${Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')} THE-END\\nshort\\n" } }
limits: { max_turns: 2 }
`;

describe.skipIf(!hasTmux)('long lines in a terminal', () => {
  it(
    'a diff line wider than the Workspace pane scrolls sideways with → and ←',
    { timeout: 120_000 },
    async () => {
      const lib = makeLibrary({ 'scenarios/p/wide.yaml': WIDE_SCENARIO });
      start(
        [
          'watch',
          'p/wide',
          '--library',
          lib,
          '--agent',
          'script:proactive',
          '--delay',
          '0',
          '--recordings',
          'wide',
        ],
        {
          columns: 120,
          rows: 40,
        },
      );
      await waitForScreen((s) => s.includes('the run is over'), 'the session to end on its card');
      keys('Escape');
      await waitForScreen(
        (s) => !s.includes('the run is over') && s.includes('resolved · Proc 1.00'),
        'the ended session’s panes',
      );
      // tab: the intents, the checklist, then the workspace (the tabbed pane beside the conversation).
      keys('Tab');
      keys('Tab');
      keys('Tab');
      let text = await waitForScreen(
        (s) => s.includes('A wide.md') && s.includes('→ long lines'),
        'the workspace pane',
      );
      expect(text).toMatch(/\+w0 w1 w2 .*›/);
      expect(text).not.toContain('THE-END');
      for (let i = 0; i < 8; i++) keys('Right');
      text = await waitForScreen((s) => s.includes('THE-END'), 'the end of the line');
      expect(text).toMatch(/‹.*THE-END/);
      for (let i = 0; i < 8; i++) keys('Left');
      await waitForScreen(
        (s) => s.includes('+w0 w1') && s.includes('→ long lines'),
        'the start of the line again',
      );
      keys('q');
      await waitForScreen((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );
});

describe.skipIf(!hasTmux)('time scenarios in a terminal', () => {
  it(
    'plays the user of a time scenario: the Timeline pane, a silence, time passing on a key, a follow-up and a shift',
    { timeout: 120_000 },
    async () => {
      start(
        ['play', 'marketer/flight-watch', '--agent', 'script:proactive', '--recordings', 'time'],
        { columns: 200, rows: 45 },
      );
      await term.begin();
      let text = await waitForScreen(
        (s) => s.includes('You wait: 23 hours 58 minutes from May 6 09:02 until May 7 09:00'),
        'the first wait',
      );
      expect(text).toMatch(/Conversation.*Hidden intents.*Checklist.*Workspace.*Timeline/);
      expect(text).toContain('May 7 09:00 U1 to come');
      expect(text).toContain('hidden from the agent');
      keys('C-n');
      text = await waitForScreen(
        (s) => s.includes('U1 ✔ silence kept') && s.includes('until May 8 09:00'),
        'the silence on U1',
      );
      expect(text).toContain('agent (kept silent: nothing reaches the user)');
      keys('C-n');
      text = await waitForScreen((s) => s.includes('U2 ✔ follow-up hit'), 'the follow-up on U2');
      expect(text).toContain('CZ3539 on 12 May is now RMB 1,180');
      // The follow-up opened the shift: the person playing the user says it, in a whole sentence.
      keys('Client just moved press day to 13 May. Same, but on the 13th.', 'Enter');
      // The 13th is above the cap too: the agent swaps its watch to the new date.
      text = await waitForScreen(
        (s) => s.includes('r1 cancelled') && s.includes('r2 active'),
        'the answer to the shift',
      );
      // A day passes on a key; the 13 May fare drops but not under the cap: silence, and the session ends.
      keys('C-n');
      await waitForScreen(
        (s) => s.includes('U3 ✔ silence kept') && /resolved/.test(s) && s.includes('Proc'),
        'the session to end',
      );
      keys('q');
      await waitForScreen((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );
});

describe.skipIf(!hasTmux)('a proposal scenario, in a terminal', () => {
  it(
    'plays the user on the Phone: opens an app and a list by keyboard, accepts the proposal with ctrl+y',
    { timeout: 120_000 },
    async () => {
      start(
        ['play', 'researcher/soap-list', '--agent', 'script:proactive', '--recordings', 'phone'],
        { columns: 200, rows: 45 },
      );
      await term.begin();
      let text = await waitForScreen(
        (s) => s.includes('[Home]') && s.includes('a phone move'),
        'the phone home screen',
      );
      expect(text).toMatch(/Conversation.*Hidden intents.*Checklist.*Workspace.*Phone/);
      keys('open_app todoist', 'Enter');
      text = await waitForScreen((s) => s.includes('[todoist · Projects]'), 'Todoist open');
      keys('1', 'Enter');
      text = await waitForScreen(
        (s) => s.includes('[todoist · Shopping]') && s.includes('ctrl+y accepts P1'),
        'the proposal',
      );
      expect(text).toContain('agent observing');
      keys('C-y');
      text = await waitForScreen(
        (s) => s.includes('P1 ✓ accepted') && s.includes('resolved · Proc 1.00'),
        'the session to end',
      );
      keys('q');
      await waitForScreen((s) => s.includes('[exit 0]'), 'intentplay to exit');
      expect(readdirSync(path.join(work, 'phone'))).toHaveLength(1);
    },
  );
});

describe.skipIf(!hasTmux)('staged for an audience, in a terminal', () => {
  it(
    'watch --vs runs two agents side by side and ends with both scores',
    { timeout: 120_000 },
    async () => {
      start([
        'watch',
        'researcher/meal-plan',
        '--agent',
        'script:reactive',
        '--vs',
        'script:proactive',
        '--delay',
        '0',
        '--recordings',
        'vs',
      ]);
      // The chain's first session (gear-selection) also ends with both scores: wait for meal-plan's.
      let text = await waitForScreen(
        (s) => s.includes(' final ') && s.includes('researcher/meal-plan'),
        'both sessions to finish',
      );
      expect(text).toMatch(/ A {2}script:reactive .* B {2}script:proactive/);
      expect(text).toMatch(
        /final\s+A\s+Proc 0\.00 · Comp 0\.13 · 8 turns\s+B\s+Proc 1\.00 · Comp 1\.00 · 2 turns/,
      );
      keys('q');
      text = await waitForScreen((s) => s.includes('[exit 0]'), 'intentplay to exit');
      expect(text).toContain('A script:reactive: resolved · Proc 0.00 · Comp 0.13');
      expect(text).toContain('B script:proactive: resolved · Proc 1.00 · Comp 1.00');
      // Each side is recorded like any watch: a dependency and the scenario, per agent.
      expect(readdirSync(path.join(work, 'vs'))).toHaveLength(4);
    },
  );

  it(
    'watch --present shows the conversation and intents large at 120x40, with callouts',
    { timeout: 120_000 },
    async () => {
      start(
        [
          'watch',
          'researcher/meal-plan',
          '--agent',
          'script:proactive',
          '--present',
          '--delay',
          '0',
          '--recordings',
          'present',
        ],
        {
          columns: 120,
          rows: 40,
        },
      );
      // The chain's first session (gear-selection) stays on screen a moment when it ends: wait for meal-plan's end.
      const text = await waitForScreen(
        (s) => s.includes('resolved · Proc 1.00 · Comp 1.00') && s.includes('researcher/meal-plan'),
        'the session to finish',
      );
      expect(text).toMatch(/╭─ Conversation ─+╮╭─ Hidden intents · Proc 1\.00/);
      expect(text).toContain(
        '★  completed I1, I3, I4, I5, I6, I7 without being asked · asked about I2',
      );
      expect(text).not.toContain('Checklist');
      keys('q');
      await waitForScreen((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );
});
