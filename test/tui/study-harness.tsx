/**
 * Running a study participant's path in tests: a study file in a temporary folder, its runner,
 * and StudyApp rendered at a terminal size; cleaned up by `closeStudies` after each test.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadStudy } from '../../src/study/load.ts';
import { StudyApp } from '../../src/tui/screens/study/StudyApp.tsx';
import { StudyRunner } from '../../src/tui/session/study-runner.ts';
import { studyYaml, writeStudy } from '../study/helpers.ts';
import { KEYS, press, renderTui, waitForFrame, type Rendered } from './harness.tsx';

export const CTRL_G = '\u0007';

const opened: { r: Rendered; runner: StudyRunner }[] = [];
const dirs: string[] = [];

/** Unmounts every study opened, stops its session and deletes its folder. */
export async function closeStudies(): Promise<void> {
  for (const { r, runner } of opened.splice(0)) {
    r.unmount();
    const live = runner.store.getState().live;
    live?.quit();
    await live?.done.catch(() => undefined);
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Opens a study (a new folder, or `existing`) for `participant` and renders its path. */
export function openStudy(
  text = studyYaml(),
  participant = 'P01',
  existing?: string,
  size = { columns: 160, rows: 40 },
) {
  const { dir, file } = existing
    ? { dir: existing, file: path.join(existing, 'study.yaml') }
    : writeStudy(text);
  if (!existing) dirs.push(dir);
  const study = loadStudy(file);
  const data = path.join(dir, 'data');
  const runner = new StudyRunner(study, data, participant, { date: '2025-01-01' });
  const r = renderTui(<StudyApp runner={runner} />, size);
  opened.push({ r, runner });
  return { dir, data, study, runner, r };
}

/** The session's opening card (title, persona, request, goals): enter begins. */
export async function begin(rendered: Rendered) {
  await waitForFrame(rendered, (s) => s.includes('enter begins'));
  await press(rendered, KEYS.enter);
}

export async function type(rendered: Rendered, sentence: string) {
  await press(rendered, ...sentence.split(''));
}
