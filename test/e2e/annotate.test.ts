/**
 * `intentplay annotate` with the real binary in tmux: a batch run's recordings, one answer
 * with its reason typed, quit, resume at the next item, and `agreement` on the file written.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';

const BIN = path.resolve('bin/intentplay.js');
const LIB = path.resolve('test/fixtures/lib');
const tmux = tmuxTerminal(BIN, 'annotate');
const work = tmux.work;
afterAll(() => tmux.close());

const cli = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });

describe.skipIf(!hasTmux)('intentplay annotate in a terminal', () => {
  it(
    'answers an item with a reason, quits, resumes at the next one; agreement reads the answer',
    { timeout: 180_000 },
    async () => {
      expect(cli('run', LIB, '--agent', 'script:proactive', '--out', 'res').status).toBe(0);
      // The tester episode: gear (2 intents, 1 checklist item) and plan (3 and 3).
      tmux.start(['annotate', 'res', '--annotator', 'ann'], { columns: 140, rows: 36 });
      let text = await tmux.waitFor((s) => s.includes('item 1/9'), 'the first item');
      expect(text).toContain('Hidden intent I1');
      expect(text).toContain('What became of this unstated need?');
      tmux.keys('2');
      await tmux.waitFor((s) => s.includes('Why inferred?'), 'the reason box');
      tmux.type('It asked which distance I run, so it guessed the budget from my notes.');
      await tmux.waitFor((s) => s.includes('budget from my'), 'the reason typed');
      tmux.keys('Enter');
      text = await tmux.waitFor(
        (s) => s.includes('item 2/9') && s.includes('1 answered'),
        'the second item',
      );
      tmux.keys('q');
      text = await tmux.waitFor((s) => s.includes('[exit 0]'), 'annotate to exit');
      expect(text).toContain(
        '1 of 9 items answered (8 left); the answers are in res/recordings/annotations/ann.jsonl',
      );

      tmux.start(['annotate', 'res', '--annotator', 'ann'], { columns: 140, rows: 36 });
      await tmux.waitFor(
        (s) => s.includes('item 2/9') && s.includes('1 answered'),
        'the run to resume at item 2',
      );
      tmux.keys('C-c');
      await tmux.waitFor((s) => s.includes('[exit 0]'), 'annotate to exit again');

      const [line] = readFileSync(path.join(work, 'res/recordings/annotations/ann.jsonl'), 'utf8')
        .trim()
        .split('\n');
      expect(JSON.parse(line!)).toMatchObject({
        annotator: 'ann',
        axis: 'intent',
        item: 'I1',
        label: 'inferred',
        rationale: 'It asked which distance I run, so it guessed the budget from my notes.',
      });
      const agreement = cli('agreement', 'res', '--format', 'json');
      expect(agreement.status).toBe(0);
      const result = JSON.parse(agreement.stdout) as {
        records: number;
        judges: string[];
        axes: { axis: string; judge: { perAnnotator: { annotator: string; n: number }[] } }[];
      };
      expect(result.records).toBe(1);
      expect(result.judges).toEqual(['rules']);
      expect(result.axes[0]!.judge.perAnnotator).toEqual([
        { annotator: 'ann', n: 1, accuracy: expect.any(Number) as number },
      ]);
    },
  );
});
