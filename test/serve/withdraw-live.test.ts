/**
 * `study withdraw` while the participant is still taking part in their browser (they wrote to
 * ask for it mid-study, or the researcher acts on a panel's return): their run stops at their next
 * step, the page says their data was withdrawn, and nothing of them comes back on disk. Before,
 * their next answer wrote state.json and log.jsonl again into a fresh folder: the withdrawn
 * participant was back in `study status`, the export and the report.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haveChromium } from '../helpers/browser.ts';
import { LIB } from '../study/helpers.ts';
import { oneConditionStudy, studyInBrowser, waitForScreen } from './served.ts';

if (!haveChromium) console.warn('skipping the live withdrawal test: it needs /usr/bin/chromium');

const STUDY = `${oneConditionStudy('Withdrawn while taking part', 'tester/plan', LIB)}questionnaires:
  before:
    - { kind: likert, id: use, text: I use AI assistants often., scale: 5 }
`;

describe.skipIf(!haveChromium)('serve --study: a participant withdrawn while taking part', () => {
  const study = studyInBrowser('intentplay-serve-withdraw-', STUDY);

  it('stops their run and keeps nothing of them', { timeout: 90_000 }, async () => {
    const { served, page, seen } = await study.openInvited();
    await page.keyboard.press('y');
    await waitForScreen(page, 'Instructions');
    const folder = path.join(study.work, 'study-data/participants/P01');
    expect(existsSync(path.join(folder, 'state.json'))).toBe(true);

    expect(study.cli('study', 'withdraw', 'study.yaml', 'P01', '--yes')).toContain('withdrew P01');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#status.closed', { timeout: 20_000 });
    expect(await page.textContent('#message')).toContain(
      'Your data has been withdrawn from this study and deleted',
    );
    await served.waitFor(/P01 was withdrawn/);
    expect(existsSync(folder)).toBe(false);
    expect(study.cli('study', 'status', 'study.yaml')).toMatch(/^0 participants/);
    const flow = JSON.parse(
      readFileSync(path.join(study.work, 'study-data/flow.json'), 'utf8'),
    ) as Record<string, number>;
    expect(flow.withdrawn).toBe(1);
    expect(seen.problems).toEqual([]);
  });
});
