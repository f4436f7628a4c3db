/**
 * Every kind of question answered through the participant's screen at 80×24, keys only: single
 * and multiple choice, a bounded number, a ranking, an attention check, a comprehension check
 * answered again, a custom scale with a reverse-coded item, and a preference between the two
 * sessions' assistants; then what is stored, and the check rule that ends a study.
 */
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { readState } from '../../src/study/participant.ts';
import { itemStudyYaml } from '../study/item-study.ts';
import { KEYS, press, waitForFrame } from './harness.tsx';
import { begin, closeStudies, openStudy, type } from './study-harness.tsx';

afterEach(closeStudies);
const SMALL = { columns: 80, rows: 24 };

describe('question types on the participant screen', () => {
  it(
    'answers choice, several choices, a number, a ranking, checks, a scale and a preference with the keyboard',
    { timeout: 40_000 },
    async () => {
      const { data, r, runner } = openStudy(itemStudyYaml(), 'P01', undefined, SMALL);
      await waitForFrame(r, (s) => s.includes('Consent'));
      await press(r, 'y', KEYS.enter);
      // One answer: ↑/↓ choose, a digit chooses, enter confirms.
      let f = await waitForFrame(r, (s) => s.includes('How often do you use an assistant?'));
      expect(f).toContain('( ) 1  Every day');
      expect(f).toContain('↑/↓ choose');
      await press(r, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('choose an answer first'));
      await press(r, KEYS.down); // the first arrow chooses the highlighted option
      await waitForFrame(r, (s) => s.includes('(•) 1  Every day'));
      await press(r, KEYS.down);
      await waitForFrame(r, (s) => s.includes('(•) 2  Weekly'));
      await press(r, '3');
      f = await waitForFrame(r, (s) => s.includes('(•) 3  Never'));
      expect(f).toContain('( ) 2  Weekly');
      await press(r, KEYS.enter);
      // Several answers: space or a digit ticks and unticks.
      f = await waitForFrame(r, (s) => s.includes('Which do you use?'));
      expect(f).toContain('space tick');
      await press(r, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('tick at least one answer first'));
      await press(r, ' ', KEYS.down, KEYS.down, ' ');
      await waitForFrame(r, (s) => s.includes('[x] 1  Email') && s.includes('[x] 3  Calendar'));
      await press(r, '1', '2');
      f = await waitForFrame(r, (s) => s.includes('your answer: 2, 3'));
      expect(f).toContain('[ ] 1  Email');
      await press(r, KEYS.enter);
      // A number: letters do not type; out of bounds is refused with the bounds.
      f = await waitForFrame(r, (s) => s.includes('Your age?'));
      expect(f).toContain('a whole number from 18 to 99');
      await press(r, 'ab150'); // typed in one go, as a paste arrives
      await waitForFrame(r, (s) => s.includes('› 150'));
      await press(r, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('please write a number from 18 to 99'));
      await press(r, KEYS.backspace, KEYS.backspace, KEYS.backspace);
      await type(r, '34');
      await press(r, KEYS.enter);
      // A ranking: space picks up the highlighted option, ↑/↓ move it, space puts it down.
      f = await waitForFrame(r, (s) => s.includes('Rank what matters most to you.'));
      expect(f).toMatch(/1\. Speed[\s\S]*2\. Accuracy[\s\S]*3\. Privacy/);
      await press(r, KEYS.down, ' ', KEYS.up, ' ', KEYS.down, KEYS.down, ' ', KEYS.up, ' ');
      await waitForFrame(r, (s) => /1\. Accuracy[\s\S]*2\. Privacy[\s\S]*3\. Speed/.test(s));
      await press(r, KEYS.enter);
      // An attention check answered wrongly: nothing shows; the next question comes.
      await waitForFrame(r, (s) => s.includes('To show you are reading this choose 2.'));
      await press(r, '4', KEYS.enter);
      // A comprehension check answered wrongly is asked again.
      await waitForFrame(r, (s) => s.includes('In this study you play'));
      await press(r, '1', KEYS.enter);
      f = await waitForFrame(r, (s) => s.includes('That is not right.'));
      expect(f).toContain('In this study you play');
      await press(r, '2', KEYS.enter);
      // A custom scale: its heading above each item.
      f = await waitForFrame(r, (s) => s.includes('I could rely on one.'));
      expect(f).toContain('About assistants in general');
      await press(r, '4', KEYS.enter);
      await waitForFrame(r, (s) => s.includes('One would mislead me.'));
      await press(r, '2', KEYS.enter);
      // The two sessions.
      await waitForFrame(r, (s) => s.includes('Session 1 of 2 is about to start.'));
      await press(r, KEYS.enter);
      await begin(r);
      await waitForFrame(r, (s) => s.includes('This session is over'));
      await press(r, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('Session 2 of 2 is about to start.'));
      await press(r, KEYS.enter);
      await begin(r);
      await waitForFrame(r, (s) => s.includes("your turn: write the user's message below"));
      await press(r, KEYS.ctrlD);
      await waitForFrame(r, (s) => s.includes('End this session now?'));
      await press(r, KEYS.ctrlD);
      await waitForFrame(r, (s) => s.includes('This session is over'));
      await press(r, KEYS.enter);
      // The preference between the two sessions' assistants.
      f = await waitForFrame(r, (s) => s.includes('Which assistant did you prefer?'));
      expect(f).toContain('( ) 1  The assistant in session 1');
      expect(f).toContain('( ) 0  No preference');
      await press(r, '2', KEYS.enter);
      await waitForFrame(r, (s) => s.includes('Thank you'));
      await press(r, KEYS.enter);
      await new Promise((res) => setTimeout(res, 50));
      expect(runner.store.getState().over).toBe('finished');
      // Nothing drawn is wider than the terminal.
      for (const frame of r.frames)
        for (const line of stripVTControlCharacters(frame).split('\n'))
          expect(line.length, line).toBeLessThanOrEqual(80);

      const state = readState(data, 'P01');
      expect(state.answers.map((a) => [a.item, a.kind, a.value, a.check_passed])).toEqual([
        ['often', 'choice', 3, undefined],
        ['tools', 'choice', [2, 3], undefined],
        ['age', 'numeric', 34, undefined],
        ['values', 'ranking', [2, 3, 1], undefined],
        ['attend', 'likert', 4, false],
        ['role', 'choice', 2, true],
        ['rely', 'scale', 4, undefined],
        ['misled', 'scale', 2, undefined],
        ['prefer', 'preference', 2, undefined],
      ]);
      // Two wrong answers to checks: the attention check and the first try at the comprehension one.
      expect(state.check_failures?.map((x) => x.item)).toEqual(['attend', 'role']);
      expect(state.excluded).toBeUndefined();
    },
  );

  it(
    'ends the study on the excluded page when the failures reach the rule, and keeps no completion code',
    { timeout: 20_000 },
    async () => {
      const { data, r, runner } = openStudy(
        itemStudyYaml(
          '{ fail_after: 1, on_fail: exclude, message: Thanks. The study ends here for you. }',
        ).replace(
          'kind: preference, id: prefer }',
          'kind: preference, id: prefer }\ncompletion_code: { prefix: X }',
        ),
        'P01',
        undefined,
        SMALL,
      );
      await waitForFrame(r, (s) => s.includes('Consent'));
      await press(r, 'y', KEYS.enter);
      await waitForFrame(r, (s) => s.includes('How often do you use an assistant?'));
      await press(r, '1', KEYS.enter, '1', KEYS.enter);
      await waitForFrame(r, (s) => s.includes('Your age?'));
      await type(r, '40');
      await press(r, KEYS.enter, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('To show you are reading this choose 2.'));
      await press(r, '5', KEYS.enter);
      const f = await waitForFrame(r, (s) => s.includes('The study ends here'));
      expect(f).toContain('Thanks. The study ends here for you.');
      expect(f).not.toContain('In this study you play');
      await press(r, KEYS.enter);
      await new Promise((res) => setTimeout(res, 50));
      expect(runner.store.getState().over).toBe('excluded');
      const state = readState(data, 'P01');
      expect(state.excluded).toMatchObject({ failures: 1 });
      expect(state.step).toEqual({ kind: 'excluded' });
      expect(state.completion_code).toBeUndefined();
      expect(state.sessions.length).toBe(2);
      expect(state.attempts).toEqual([]);
    },
  );
});
