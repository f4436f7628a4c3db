/**
 * The text captures in docs/study.md come from here, rendered from a real study run (the test
 * library, offline). `UPDATE_SCREENS=1 npx vitest run test/tui/study-screens-doc.test.tsx`
 * rewrites them; otherwise this test fails when a capture is out of date.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadStudy } from '../../src/study/load.ts';
import { StudyApp } from '../../src/tui/screens/study/StudyApp.tsx';
import { StudyRunner } from '../../src/tui/session/study-runner.ts';
import { ROOT, studyYaml, writeStudy } from '../study/helpers.ts';
import { itemStudyYaml } from '../study/item-study.ts';
import { KEYS, plain, press, renderTui, waitForFrame, type Rendered } from './harness.tsx';

const SCREENS = path.join(ROOT, 'docs/screens');
const DOC = path.join(ROOT, 'docs/study.md');
const update = process.env.UPDATE_SCREENS === '1';
const { dir, file } = writeStudy(
  studyYaml('time_limit: 10m\n')
    .replace(
      'You agree to take part in a test.',
      'You are invited to take part in a study of AI assistants. You will play a user in two short sessions and answer a few questions after each. We record what you type and when. You can stop and withdraw at any time; your data is then deleted.',
    )
    .replace(
      'Play the user. Press ctrl+d when you are done.',
      'In each session you play the person described on screen (ctrl+p shows who you are). Ask for help with the request shown, then answer the assistant as that person would. Press ctrl+d when you think the session is done.',
    )
    .replace('[tester/gear, tester/plan]', '[tester/plan, tester/gear]')
    .replace('scale: 5 }', 'scale: 5 }\n    - { kind: tlx }'),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const trimmed = (frame: string) =>
  plain(frame)
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .trimEnd() + '\n';

async function capture(name: string, r: Rendered, ready: (f: string) => boolean): Promise<void> {
  const frame = trimmed(await waitForFrame(r, ready));
  const target = path.join(SCREENS, `${name}.txt`);
  if (update) {
    mkdirSync(SCREENS, { recursive: true });
    writeFileSync(target, frame);
    return;
  }
  expect(
    existsSync(target),
    `${target} is missing: run UPDATE_SCREENS=1 npx vitest run test/tui/study-screens-doc.test.tsx`,
  ).toBe(true);
  expect(
    frame,
    `docs/screens/${name}.txt is out of date: run UPDATE_SCREENS=1 npx vitest run test/tui/study-screens-doc.test.tsx`,
  ).toBe(readFileSync(target, 'utf8'));
}

describe('study screen captures for the docs', () => {
  it(
    'consent, a session as the participant sees it, a Likert item and a TLX subscale',
    { timeout: 30_000 },
    async () => {
      const runner = new StudyRunner(loadStudy(file), path.join(dir, 'data'), 'P01', {
        date: '2025-01-01',
      });
      const r = renderTui(<StudyApp runner={runner} />, { columns: 160, rows: 22 });
      await capture('study-consent', r, (f) => f.includes('Do you agree to take part?'));
      await press(r, 'y', KEYS.enter, KEYS.enter);
      await waitForFrame(r, (f) => f.includes('enter begins'));
      await press(r, KEYS.enter);
      await waitForFrame(r, (f) => f.includes("your turn: write the user's message below"));
      await press(r, ...'Keep each meal under 25 RMB.'.split(''));
      await capture('study-session', r, (f) => f.includes('› Keep each meal under 25 RMB.'));
      await press(r, KEYS.enter);
      await waitForFrame(r, (f) => f.includes('user  Keep each meal under 25 RMB.'));
      await press(r, KEYS.ctrlD);
      await waitForFrame(
        r,
        (f) => f.includes('End this session now?') || f.includes('This session is over'),
      );
      if (!plain(r.lastFrame()).includes('This session is over')) await press(r, KEYS.ctrlD);
      await waitForFrame(r, (f) => f.includes('This session is over'));
      await press(r, KEYS.enter, '5');
      await capture('study-likert', r, (f) => f.includes('your answer: 5'));
      await press(r, KEYS.enter, KEYS.right, KEYS.right, KEYS.right);
      await capture('study-tlx', r, (f) => f.includes('your answer: 60 of 100'));
      r.unmount();
      const live = runner.store.getState().live;
      live?.quit();
      await live?.done;
    },
  );

  it(
    'several answers ticked, and a ranking with an option picked up, at 80 columns',
    { timeout: 30_000 },
    async () => {
      const items = writeStudy(itemStudyYaml());
      try {
        const runner = new StudyRunner(loadStudy(items.file), path.join(items.dir, 'data'), 'P01');
        const r = renderTui(<StudyApp runner={runner} />, { columns: 80, rows: 14 });
        await waitForFrame(r, (f) => f.includes('Do you agree to take part?'));
        await press(r, 'y', KEYS.enter, '1', KEYS.enter, ' ', KEYS.down, KEYS.down, ' ');
        await capture('study-choice', r, (f) => f.includes('your answer: 1, 3'));
        await press(r, KEYS.enter, '3', '4', KEYS.enter, KEYS.down, KEYS.down, ' ', KEYS.up);
        await capture('study-ranking', r, (f) => f.includes('⇅ 2. Privacy'));
        r.unmount();
      } finally {
        rmSync(items.dir, { recursive: true, force: true });
      }
    },
  );

  it('docs/study.md embeds the current captures', () => {
    const doc = readFileSync(DOC, 'utf8');
    const next = doc.replace(
      /(<!-- screen:([\w-]+) -->\n)```text\n[\s\S]*?```\n/g,
      (_m, open: string, name: string) =>
        `${open}\`\`\`text\n${readFileSync(path.join(SCREENS, `${name}.txt`), 'utf8')}\`\`\`\n`,
    );
    if (update) writeFileSync(DOC, next);
    else
      expect(
        doc,
        'docs/study.md is out of date: run UPDATE_SCREENS=1 npx vitest run test/tui/study-screens-doc.test.tsx',
      ).toBe(next);
  });
});
