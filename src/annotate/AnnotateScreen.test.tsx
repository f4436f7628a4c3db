/**
 * The annotation screen on real recordings of the test library: answering an item with a
 * reason typed as a whole sentence, refusing an answer without a reason, scrolling, quitting
 * and resuming at the first unanswered item; and it never shows the judge's labels.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  KEYS,
  press,
  renderTui,
  waitFor,
  waitForFrame,
  type Rendered,
} from '../../test/tui/harness.tsx';
import { makeRecordings } from '../../test/agreement/helpers.ts';
import { createTheme } from '../tui/theme.ts';
import { plainText } from '../text/text.ts';
import { AnnotateScreen, inputRows } from './AnnotateScreen.tsx';
import { appendAnnotation, readAnnotations } from './records.ts';
import { sessionLines } from './session-lines.ts';
import type { AnnotationSession } from './sessions.ts';
import { answerRecord, prepareWork, type AnnotationWork } from './work.ts';

let dir: string;
let sessions: AnnotationSession[];
let r: Rendered | undefined;
afterEach(() => r?.unmount());

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-annotate-'));
  sessions = await makeRecordings(dir);
}, 60_000);

function open(work: AnnotationWork, onExit = () => {}, size = { columns: 140, rows: 36 }) {
  return renderTui(
    <AnnotateScreen
      tasks={work.tasks}
      answered={work.answered}
      annotator={work.annotator}
      onAnswer={(task, label, rationale) =>
        appendAnnotation(work.file, answerRecord(work, task, label, rationale))
      }
      onExit={onExit}
    />,
    size,
  );
}

// Every letter the screen binds, digits and the help key: typed as a reason, all of it is text.
const SENTENCE = 'The agent asked which budget: quick, exact (600 RMB)? j k g G h l x 3 q!';

describe('the annotation screen', () => {
  it('asks for each item in turn; an answer needs a reason, typed as a whole sentence; quitting keeps it and the next run resumes', async () => {
    const work = prepareWork([dir], { annotator: 'alice' });
    const total = work.tasks.length;
    expect(total).toBe(sessions.reduce((n, s) => n + s.items.length, 0));
    let exited = 0;
    r = open(work, () => exited++);
    let frame = await waitForFrame(r, (f) => f.includes(`item 1/${total}`));
    const first = work.tasks[0]!;
    expect(frame).toContain(`Hidden intent ${first.item.id}`);
    expect(frame).toContain(first.item.text);
    expect(frame).toContain('What became of this unstated need?');
    expect(frame).toMatch(/› 1 completed/);
    expect(frame).toContain(first.session.state.scenario!.title);
    expect(frame).toContain(first.session.state.scenario!.trigger.text);

    // → highlights the next answer; enter picks it and asks why.
    await press(r, KEYS.right, KEYS.enter);
    frame = await waitForFrame(r, (f) => f.includes('Why inferred?'));
    // enter without a reason saves nothing.
    await press(r, KEYS.enter);
    frame = await waitForFrame(r, (f) => f.includes('say why in a few words first'));
    expect(readAnnotations(work.file, { missingOk: true })).toEqual([]);
    // esc goes back to the answers; 3 picks the third directly.
    await press(r, KEYS.escape);
    await waitForFrame(r, (f) => f.includes('Then: why?'));
    await press(r, '3');
    await waitForFrame(r, (f) => f.includes('Why provided?'));
    await press(r, SENTENCE);
    // The reason wraps inside the box: all of it is there, the letters the screen binds included.
    frame = await waitForFrame(
      r,
      (f) => f.includes('› The agent asked which budget') && f.includes('x 3 q!'),
    );
    await press(r, KEYS.enter);
    frame = await waitForFrame(r, (f) => f.includes(`item 2/${total}`) && f.includes('1 answered'));
    const saved = readAnnotations(work.file);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      annotator: 'alice',
      axis: 'intent',
      item: first.item.id,
      label: 'provided',
      rationale: SENTENCE,
      recording_id: first.session.id,
      scenario: first.session.scenario,
    });
    expect(path.resolve(path.dirname(work.file), saved[0]!.recording)).toBe(first.session.file);
    expect(work.file).toBe(path.join(dir, 'annotations', 'alice.jsonl'));

    // The second item, answered quickly; then q quits.
    await press(r, '1', 'done before asked', KEYS.enter);
    await waitForFrame(r, (f) => f.includes(`item 3/${total}`));
    await press(r, 'q');
    await waitFor(() => exited === 1);
    r.unmount();

    const again = prepareWork([dir], { annotator: 'alice' });
    expect(again.answered.size).toBe(2);
    r = open(again);
    frame = await waitForFrame(r, (f) => f.includes(`item 3/${total}`));
    expect(frame).toContain('2 answered');
    expect(readFileSync(work.file, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it('scrolls the session, and shows every tool call in full on x', async () => {
    const proactivePlan = sessions.find(
      (s) => s.scenario === 'tester/plan' && s.state.scenario!.backends.agent.name === 'proactive',
    )!;
    r = open(prepareWork([proactivePlan.file], { annotator: 'scroller' }), undefined, {
      columns: 120,
      rows: 18,
    });
    let frame = await waitForFrame(r, (f) => f.includes('item 1/'));
    const info = /lines 1–(\d+) of (\d+)/.exec(frame);
    expect(info).not.toBeNull();
    expect(Number(info![2])).toBeGreaterThan(Number(info![1]));
    await press(r, KEYS.down, KEYS.down);
    await waitForFrame(r, (f) => f.includes('lines 3–'));
    await press(r, 'G');
    frame = await waitForFrame(
      r,
      (f) => f.includes(`of ${info![2]}`) && f.includes(`–${info![2]} of`),
    );
    // The last turn's workspace change, with its diff.
    expect(frame).toContain('changes in turn 2');
    expect(frame).toContain('+Sunday: batch cook (20 RMB)');
    await press(r, 'g', 'x');
    frame = await waitForFrame(r, (f) => f.includes('args') && f.includes('lines 1–'));
    expect(frame).toContain('write_file');
  });

  it('shows the conversation and the changes, never the judge: no statuses, no verdicts, no scores, no handed-over intents', () => {
    const theme = createTheme(false);
    for (const s of sessions) {
      const text = sessionLines(s.state, 100, theme, true).map(plainText).join('\n');
      expect(text).toContain(s.state.scenario!.trigger.text);
      expect(text).not.toMatch(/↳ about|Proc|Comp|resolved|ungraded|judge/);
      for (const t of s.state.turns) for (const f of t.files) expect(text).toContain(f.path);
    }
    // The plan session's user message answers intents the judge handed over: the text stays, the tag goes.
    const plan = sessions.find((s) => s.scenario === 'tester/plan')!;
    expect(
      plan.state.turns.some((t) => t.items.some((i) => i.kind === 'message' && i.intents?.length)),
    ).toBe(true);
  });
});

describe('the reason box', () => {
  it('wraps at spaces, cuts only a word longer than a row, and keeps the cursor in view', () => {
    const rows = (v: string, c = v.length, n = 3) => inputRows(v, c, 10, n);
    expect(rows('the budget is tight')).toEqual([
      { text: 'the ' },
      { text: 'budget is ' },
      { text: 'tight', at: 5 },
    ]);
    expect(rows('abcdefghijklm')).toEqual([{ text: 'abcdefghij' }, { text: 'klm', at: 3 }]);
    expect(rows('')).toEqual([{ text: '', at: 0 }]);
    expect(rows('0123456789')).toEqual([{ text: '0123456789' }, { text: '', at: 0 }]);
    expect(rows('one two three four five six', 0, 2)).toEqual([
      { text: 'one two ', at: 0 },
      { text: 'three ' },
    ]);
  });
});
