/**
 * `?` on the pages around a study's sessions (consent, instructions, "Session k of n", the
 * questions, thanks) lists that page's keys, from the keymap; while the help is up no key moves
 * the study. On a written answer `?` is the help only before anything is written, then it types.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { studyYaml } from '../study/helpers.ts';
import { KEYS, press, waitForFrame, type Rendered } from './harness.tsx';
import { begin, closeStudies, openStudy, type } from './study-harness.tsx';

afterEach(closeStudies);

const HELP = 'Keys (esc or ? closes)';
/** The help's rows as `key  description` with the box and padding gone. */
const rows = (frame: string) =>
  frame.split('\n').map((l) => l.replace(/^[║│┃\s]+|[║│┃\s]+$/g, '').replace(/\s{2,}/g, '  '));

const STUDY = studyYaml().replace(
  / {2}after_each_session:\n.*\n/,
  `  after_each_session:
    - { kind: likert, id: helpful, text: The assistant was helpful., scale: 5 }
    - { kind: tlx }
    - { kind: text, id: why, text: Why? }
`,
);

/** Opens the help on the page showing `page`, checks its rows, and closes it with `close`; the page is still there. */
async function helpOn(
  r: Rendered,
  page: string,
  close: string,
  expected: string[],
  absent: string[] = [],
) {
  await waitForFrame(r, (s) => s.includes(page) && !s.includes(HELP));
  await press(r, '?');
  const help = rows(await waitForFrame(r, (s) => s.includes(HELP)));
  expect(help).toEqual(expect.arrayContaining(expected));
  for (const gone of absent) expect(help.join('\n')).not.toContain(gone);
  await press(r, close);
  await waitForFrame(r, (s) => s.includes(page) && !s.includes(HELP));
}

const STUDY_KEYS = [
  'In this study',
  'ctrl+c  stop here (asks first while the session runs); `study run` with the same participant resumes at this step',
  'ctrl+g  for the researcher: pause the study (the screen is covered, keys wait) or resume it',
  '?  show or hide the keys',
];
const NEVER = ['q ctrl+c', 'quit', 'go on to the questions'];

describe('study run: ? on the pages around the sessions', () => {
  it(
    'consent, instructions, the session intro: their keys, and nothing moves while the help is up',
    { timeout: 20_000 },
    async () => {
      const { r, runner } = openStudy(STUDY);
      let f = await waitForFrame(r, (s) => s.includes('Consent'));
      expect(f).toContain('? keys');
      await helpOn(
        r,
        'Consent',
        KEYS.enter,
        ['y  I agree and want to take part', 'n  I do not agree (nothing is kept)', ...STUDY_KEYS],
        NEVER,
      );
      // y and n are swallowed by the help, not taken as an answer.
      await press(r, '?');
      await waitForFrame(r, (s) => s.includes(HELP));
      await press(r, 'y', 'n', KEYS.escape);
      await waitForFrame(r, (s) => s.includes('Do you agree to take part?') && !s.includes(HELP));
      expect(runner.store.getState().step.kind).toBe('consent');

      await press(r, 'y');
      await helpOn(
        r,
        'Play the user. Press ctrl+d when you are done.',
        '?',
        ['enter  go on (on the last page: finish)', ...STUDY_KEYS],
        NEVER,
      );
      expect(runner.store.getState().step.kind).toBe('instructions');
      await press(r, KEYS.enter);
      await helpOn(
        r,
        'Session 1 of 2 is about to start.',
        KEYS.enter,
        ['enter  go on (on the last page: finish)'],
        NEVER,
      );
      expect(runner.store.getState().step.kind).toBe('ready');
      await press(r, KEYS.enter);
      await begin(r);
      await waitForFrame(r, (s) => s.includes('This session is over'));
      await press(r, KEYS.enter);

      // A Likert item: the scale's keys; going back is listed from the second question on.
      f = await waitForFrame(r, (s) => s.includes('The assistant was helpful.'));
      expect(f).toContain('? keys');
      await helpOn(
        r,
        'The assistant was helpful.',
        KEYS.enter,
        [
          'Answering on a scale',
          '← h  one point lower on the scale (on a 0–100 scale: move your mark 5 to the left)',
          '1-5  choose the point with that number',
          'enter  confirm your answer and go to the next question',
          ...STUDY_KEYS,
        ],
        [...NEVER, 'back to the question before'],
      );
      // Keys under the help do not answer: the item is still unanswered.
      await press(r, '?', '4', KEYS.right, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('(not answered yet)') && !s.includes(HELP));
      await press(r, '4', KEYS.enter);

      // A NASA-TLX subscale: arrows, no digits; esc goes back.
      await helpOn(
        r,
        'How mentally demanding was the task?',
        KEYS.escape,
        [
          '→ l  one point higher on the scale (on a 0–100 scale: move your mark 5 to the right)',
          'esc  back to the question before (its answer can be changed)',
        ],
        [...NEVER, '0-9'],
      );
      for (let i = 0; i < 6; i++) await press(r, KEYS.right, KEYS.enter);

      // A written answer: ? is the help while nothing is written, then it types.
      f = await waitForFrame(r, (s) => s.includes('Why?') && s.includes('enter sends your answer'));
      expect(f).toContain('? keys (before you write)');
      await helpOn(
        r,
        'Why?',
        '?',
        [
          'Answering in words',
          'enter  send your answer and go to the next question',
          'esc  back to the question before (its answer can be changed)',
          ...STUDY_KEYS,
        ],
        NEVER,
      );
      await type(r, 'Why not?');
      f = await waitForFrame(r, (s) => s.includes('› Why not?'));
      expect(f).not.toContain(HELP);
      await press(r, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('Session 2 of 2 is about to start.'));
    },
  );
});
