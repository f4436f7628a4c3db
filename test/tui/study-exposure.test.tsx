/**
 * Exposure in a study: what part of the session screen was on the participant's screen, and
 * when. In a narrow terminal the panes are tabs, so the goals are on screen only while their
 * tab is open; a resize across the tab threshold brings every pane on screen at once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exposureSpans } from '../../src/study/exposure.ts';
import { studyYaml } from '../study/helpers.ts';
import { KEYS, press, waitForFrame } from './harness.tsx';
import { begin, closeStudies, CTRL_G, openStudy } from './study-harness.tsx';

afterEach(closeStudies);

interface Line {
  type: string;
  wall: string;
  mono: number;
  run: number;
  part?: string;
  change?: string;
  layout?: string;
  hidden?: boolean;
  content?: string;
  [key: string]: unknown;
}

const readLog = (data: string) =>
  readFileSync(path.join(data, 'participants/P01/log.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);

/** The exposure changes logged since `from`, as `start intents (narrow)` / `stop intents`. */
const changesAfter = (log: Line[], from: number) =>
  log
    .slice(from)
    .filter((l) => l.part)
    .map((l) => `${l.change} ${l.part}${l.change === 'start' ? ` (${l.layout})` : ''}`);

describe('study run: exposure at narrow widths', () => {
  it(
    'logs each pane as it comes on screen and leaves it: tabs, a resize across the threshold, a pause, the end',
    { timeout: 30_000 },
    async () => {
      const { data, r } = openStudy(
        studyYaml().replace('[tester/gear, tester/plan]', '[tester/plan, tester/gear]'),
        'P01',
        undefined,
        {
          columns: 100,
          rows: 30,
        },
      );
      await waitForFrame(r, (s) => s.includes('Consent'));
      await press(r, 'y', KEYS.enter, KEYS.enter);
      await begin(r);
      let f = await waitForFrame(r, (s) => s.includes("your turn: write the user's message below"));
      // Narrow: one pane at a time, the conversation while the participant types; the goals are a tab.
      expect(f).not.toContain('• Keep each meal under 25 RMB.');
      let log = readLog(data);
      // (The empty conversation may show for a moment before the session has started.)
      const opening = changesAfter(log, 0);
      expect(opening.slice(opening.indexOf('start opening_card (narrow)'))).toEqual([
        'start opening_card (narrow)',
        'stop opening_card',
        'start conversation (narrow)',
      ]);
      expect(['', 'start conversation (narrow),stop conversation']).toContain(
        opening.slice(0, opening.indexOf('start opening_card (narrow)')).join(','),
      );
      const card = log.find((l) => l.part === 'opening_card' && l.change === 'start')!;
      expect(card).toMatchObject({ hidden: true, content: 'request and goals' });

      let mark = log.length;
      await press(r, KEYS.tab);
      f = await waitForFrame(r, (s) => s.includes('• Keep each meal under 25 RMB.'));
      await press(r, KEYS.tab);
      f = await waitForFrame(r, (s) => s.includes('Not shown during the study.'));
      expect(f).not.toContain('• Keep each meal under 25 RMB.');
      log = readLog(data);
      expect(changesAfter(log, mark)).toEqual([
        'stop conversation',
        'start intents (narrow)',
        'stop intents',
        'start checklist (narrow)',
      ]);
      expect(log.find((l) => l.part === 'intents' && l.change === 'start')).toMatchObject({
        hidden: true,
        content: 'goals (no statuses)',
      });
      expect(log.find((l) => l.part === 'checklist' && l.change === 'start')).toMatchObject({
        hidden: false,
        content: 'nothing (verdicts withheld)',
      });

      // Wide: every pane at once; back to narrow: only the open tab stays.
      mark = log.length;
      r.resize(160, 30);
      f = await waitForFrame(
        r,
        (s) =>
          s.includes('• Keep each meal under 25 RMB.') && s.includes('Not shown during the study.'),
      );
      r.resize(100, 30);
      await waitForFrame(r, (s) => !s.includes('• Keep each meal under 25 RMB.'));
      // The pause page covers everything; resuming brings the open tab back.
      await press(r, CTRL_G);
      await waitForFrame(r, (s) => s.includes('Paused'));
      await press(r, CTRL_G);
      await waitForFrame(r, (s) => s.includes('Not shown during the study.'));
      log = readLog(data);
      expect(changesAfter(log, mark)).toEqual([
        'start conversation (wide)',
        'start intents (wide)',
        'start workspace (wide)',
        'stop conversation',
        'stop intents',
        'stop workspace',
        'stop checklist',
        'start checklist (narrow)',
      ]);
      expect(log.filter((l) => l.type === 'terminal').map((l) => l.columns)).toEqual([
        100, 160, 100,
      ]);

      // ctrl+d ends the session; it stays on screen to be read until enter, then everything leaves.
      mark = log.length;
      await press(r, KEYS.ctrlD, KEYS.ctrlD);
      await waitForFrame(r, (s) => s.includes('This session is over'));
      await press(r, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('About session 1 of 2'));
      log = readLog(data);
      expect(changesAfter(log, mark)).toEqual(['stop checklist']);

      // Each span has both clocks; the goals were on screen from the first tab to the second, and while wide.
      const spans = exposureSpans(log);
      const goals = spans.filter((s) => s.part === 'intents');
      expect(goals.map((s) => s.layout)).toEqual(['narrow', 'wide']);
      for (const s of spans) {
        expect(s.endMs! - s.startMs!).toBeGreaterThanOrEqual(0);
        expect(s.endWall! >= s.startWall).toBe(true);
      }
      // The pause ends the checklist's first span at once; the resume starts its second.
      const at = (type: string) => log.findIndex((l) => l.type === type);
      expect(log[at('pause') + 1]).toMatchObject({ part: 'checklist', change: 'stop' });
      expect(log[at('resume_from_pause') + 1]).toMatchObject({
        part: 'checklist',
        change: 'start',
      });
      expect(spans.filter((s) => s.part === 'checklist')).toHaveLength(2);
    },
  );
});
