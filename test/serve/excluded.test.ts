/**
 * `serve --study` with a check rule that excludes: a participant who fails the attention check
 * in a browser reads the study's own words on the excluded page and again as the page's last
 * words (no completion code), and reopening their link shows those words instead of sending them
 * back into the study. Before, serve took the excluded ending for a pause ("Open your link again
 * to go on"), and the reopened link showed the excluded page once more.
 */
import { describe, expect, it } from 'vitest';
import { haveChromium } from '../helpers/browser.ts';
import { LIB } from '../study/helpers.ts';
import { oneConditionStudy, studyInBrowser, waitForScreen } from './served.ts';

if (!haveChromium)
  console.warn('skipping the excluded participant test: it needs /usr/bin/chromium');

const WORDS = 'Thanks for your time. The study ends here for you.';
const STUDY = `${oneConditionStudy('Checked study', 'tester/plan', LIB)}completion_code: { prefix: TS- }
checks: { fail_after: 1, on_fail: exclude, message: ${WORDS} }
questionnaires:
  before:
    - { kind: likert, id: attend, text: To show you are reading this choose 2., scale: 5, correct: 2 }
`;

describe.skipIf(!haveChromium)('serve --study: a participant the check rule excludes', () => {
  const study = studyInBrowser('intentplay-serve-excluded-', STUDY);

  // A loaded machine (load 30) took over 30 s.
  it(
    "reads the study's words at the end and on reopening, with no code",
    { timeout: 90_000 },
    async () => {
      const { served, origin, token, page, seen } = await study.openInvited();
      await page.keyboard.press('y');
      await waitForScreen(page, 'Instructions');
      await page.keyboard.press('Enter');
      await waitForScreen(page, 'To show you are reading this choose 2.');
      await page.keyboard.press('5');
      await page.keyboard.press('Enter');
      await waitForScreen(page, 'The study ends here');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#status.closed', { timeout: 20_000 });
      const last = await page.textContent('#message');
      expect(last).toContain(WORDS);
      expect(last).not.toMatch(/completion code|Open your link again/);
      await served.waitFor(/P01 was excluded by the study's check rule/);

      const again = await study.browser.newPage();
      await again.goto(`${origin}/t/${token}/`);
      await again.waitForSelector('#status.closed', { timeout: 20_000 });
      expect(await again.textContent('#message')).toContain(WORDS);
      expect(seen.problems).toEqual([]);
    },
  );
});
