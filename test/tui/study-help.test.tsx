/**
 * `?` inside a study session lists the keys that work there, and only those: the study's own
 * (the researcher's pause, stopping to resume later, going on after the session), no home, no
 * status by hand, no letters while the participant writes (they type).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { studyYaml } from '../study/helpers.ts';
import { KEYS, press, waitForFrame } from './harness.tsx';
import { begin, closeStudies, CTRL_G, openStudy } from './study-harness.tsx';

afterEach(closeStudies);

/** The help's rows as `key  description` with the box and padding gone. */
const rows = (frame: string) =>
  frame.split('\n').map((l) => l.replace(/^[║│\s]+|[║│\s]+$/g, '').replace(/\s{2,}/g, '  '));

describe('study run: the keys (?)', () => {
  it(
    'while the participant writes, and once the session is over',
    { timeout: 20_000 },
    async () => {
      const { r } = openStudy(
        studyYaml().replace('[tester/gear, tester/plan]', '[tester/plan, tester/gear]'),
        'P01',
        undefined,
        {
          columns: 160,
          rows: 50,
        },
      );
      await waitForFrame(r, (s) => s.includes('Consent'));
      await press(r, 'y', KEYS.enter, KEYS.enter);
      await begin(r);
      // The footer says how to reach the help while the participant writes, as outside a study.
      await waitForFrame(
        r,
        (s) =>
          s.includes("your turn: write the user's message below") &&
          s.includes('? keys (after esc)'),
      );
      await press(r, 'a');
      await waitForFrame(r, (s) => s.includes('? keys (after esc, box empty)'));
      await press(r, KEYS.backspace);
      await waitForFrame(r, (s) => s.includes('? keys (after esc)  '));
      await press(r, KEYS.escape, '?');
      let help = rows(await waitForFrame(r, (s) => s.includes('Keys (esc or ? closes)')));
      expect(help).toEqual(
        expect.arrayContaining([
          'In this study',
          'ctrl+c  stop here (asks first while the session runs); `study run` with the same participant resumes at this step',
          'ctrl+g  for the researcher: pause the study (the screen is covered, keys wait) or resume it',
          'ctrl+p  who you are: the persona’s profile, style, facts and goals',
          'ctrl+d  end this session (asks first)',
          'tab  focus the next pane',
          '↑  move up',
          'Your goals pane',
          'enter  put the selected goal into your message',
          'enter  send',
          'esc  leave the input box (keys act on panes)',
        ]),
      );
      const text = help.join('\n');
      // The participant reads the study's words: nothing of intents, statuses or grading.
      expect(text).not.toMatch(/intent|reveal|status|unresolved|grad/i);
      // Letters type while writing; nothing sets a status by hand, there is no home, no time to pass, no quitting with q.
      for (const gone of [
        'ctrl+o',
        'back to the home screen',
        'q ctrl+c',
        'grade rubric',
        'time scenarios',
        '↑ k',
        'x  expand',
        'go on to the questions',
      ])
        expect(text).not.toContain(gone);

      // ctrl+g, listed, works from here: the pause page covers the help, and ctrl+g comes back to it.
      await press(r, CTRL_G);
      await waitForFrame(r, (s) => s.includes('Paused'));
      await press(r, CTRL_G);
      await waitForFrame(r, (s) => s.includes('Keys (esc or ? closes)'));
      await press(r, KEYS.escape);
      await waitForFrame(r, (s) => !s.includes('Keys (esc or ? closes)'));

      // Once the session is over: enter goes on, letters move in the panes, the input box has gone.
      await press(r, KEYS.ctrlD, KEYS.ctrlD);
      await waitForFrame(r, (s) => s.includes('This session is over'));
      await press(r, '?');
      help = rows(await waitForFrame(r, (s) => s.includes('Keys (esc or ? closes)')));
      expect(help).toEqual(
        expect.arrayContaining([
          'enter  once the session is over: go on to the questions (or the next step)',
          '↑ k  move up',
          'x  expand or collapse every tool call',
        ]),
      );
      for (const gone of [
        'Input box',
        'ctrl+d',
        'send',
        'ctrl+o',
        'back to the home screen',
        'reveal text',
        'grade rubric',
      ])
        expect(help.join('\n')).not.toContain(gone);
      await press(r, KEYS.escape);
      await waitForFrame(r, (s) => s.includes('This session is over') && !s.includes('Keys (esc'));
      await press(r, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('About session 1 of 2'));
    },
  );
});

describe('study run: what covers an ended session takes the keys first', () => {
  it(
    'enter closes the help (the study does not move on under it); a pause holds every key',
    { timeout: 20_000 },
    async () => {
      const { r, runner } = openStudy();
      await waitForFrame(r, (s) => s.includes('Consent'));
      await press(r, 'y', KEYS.enter, KEYS.enter);
      await begin(r);
      // tester/gear comes first: its agent resolves everything in turn 1.
      await waitForFrame(r, (s) => s.includes('This session is over'));
      const stillOver = async () => {
        const f = await waitForFrame(
          r,
          (s) =>
            s.includes('This session is over') && !s.includes('Keys (esc') && !s.includes('Paused'),
        );
        expect(f).not.toContain('About session 1 of 2');
        expect(runner.store.getState().step.kind).toBe('session');
      };

      for (const close of [KEYS.enter, KEYS.escape, '?', 'q']) {
        await press(r, '?');
        await waitForFrame(r, (s) => s.includes('Keys (esc or ? closes)'));
        await press(r, close);
        await stillOver();
      }

      // The researcher's pause: enter waits under the pause page, and the session is still there after it.
      await press(r, CTRL_G);
      await waitForFrame(r, (s) => s.includes('Paused'));
      await press(r, KEYS.enter, 'q', KEYS.escape, CTRL_G);
      await stillOver();
      // A pause over the help: the help is back after it, still holding enter.
      await press(r, '?', CTRL_G);
      await waitForFrame(r, (s) => s.includes('Paused'));
      await press(r, KEYS.enter, CTRL_G);
      await waitForFrame(r, (s) => s.includes('Keys (esc or ? closes)') && !s.includes('Paused'));
      await press(r, KEYS.enter);
      await stillOver();

      await press(r, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('About session 1 of 2'));
    },
  );
});
