/** The last page of a study: the study's debrief text and, for an online panel, the participant's completion code. */
import { afterEach, describe, expect, it } from 'vitest';
import { studyYaml } from '../study/helpers.ts';
import { answerAll, playSession } from '../study/run-helpers.ts';
import { waitForFrame } from './harness.tsx';
import { closeStudies, openStudy } from './study-harness.tsx';

afterEach(closeStudies);

describe('study run: the last page', () => {
  it(
    'shows the debrief and the completion code kept in the state',
    { timeout: 60_000 },
    async () => {
      const { runner, r } = openStudy(
        studyYaml(
          'debrief: The study compared two assistants. Questions? Write to study@example.org.\ncompletion_code: { prefix: PX- }\n',
        ),
        'P01',
        undefined,
        { columns: 80, rows: 24 },
      );
      runner.agree();
      runner.next();
      for (let k = 0; k < 2; k++) {
        await playSession(runner, (x) => x.store.getState().live!.endSession());
        answerAll(runner, 4);
      }
      answerAll(runner, 4, 'fine');
      const frame = await waitForFrame(
        r,
        (s) => s.includes('Thank you') && s.includes('completion code'),
      );
      expect(frame).toContain('The study compared two assistants. Questions? Write to');
      expect(frame).toContain(`Your completion code: ${runner.participant.completion_code}`);
      expect(runner.participant.completion_code).toMatch(/^PX-[A-HJKMNP-Z2-9]{8}$/);
      expect(frame).not.toContain('Please let the researcher know');
    },
  );
});
