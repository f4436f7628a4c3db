/**
 * The question types through the real binary in a real terminal of 80×24, typed as a participant
 * types: one choice and several, a number (letters refused, out of bounds refused), a ranking
 * reordered with space and the arrows, an attention check, a comprehension check answered again,
 * a custom scale; then ctrl+c, and `study export` through the binary stores what was typed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';
import { itemStudyYaml } from '../study/item-study.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');
if (!hasTmux) console.warn('skipping the study question types test: tmux is not installed');

const t = tmuxTerminal(BIN, 'study-items');
afterAll(() => t.close());

describe.skipIf(!hasTmux)('question types typed at 80×24 through the real binary', () => {
  it(
    'answers each kind by keys, and the export holds the answers and the checks',
    { timeout: 90_000 },
    async () => {
      writeFileSync(path.join(t.work, 'study.yaml'), itemStudyYaml());
      t.start(['study', 'run', 'study.yaml', '--participant', 'P01'], { columns: 80, rows: 24 });
      await t.waitFor((x) => x.includes('Do you agree to take part?'), 'the consent page');
      t.keys('y');
      await t.waitFor((x) => x.includes('Instructions'), 'the instructions');
      t.keys('Enter');
      let s = await t.waitFor((x) => x.includes('( ) 3  Never'), 'the first choice');
      expect(s).toContain('↑/↓ choose  1-3 choose  enter confirm');
      t.keys('Down', 'Down');
      await t.waitFor((x) => x.includes('(•) 2  Weekly'), 'the second option chosen');
      t.keys('Enter');
      await t.waitFor((x) => x.includes('[ ] 1  Email'), 'several answers');
      t.keys('Space', 'Down', 'Down', 'Space');
      s = await t.waitFor((x) => x.includes('your answer: 1, 3'), 'two ticked');
      expect(s).toContain('[x] 3  Calendar');
      t.keys('Enter');
      await t.waitFor((x) => x.includes('a whole number from 18 to 99'), 'the number');
      t.type('x150'); // the letter does not type
      s = await t.waitFor((x) => x.includes('› 150'), 'the digits typed');
      t.keys('Enter');
      await t.waitFor((x) => x.includes('please write a number from 18 to 99'), 'out of bounds');
      t.keys('BSpace', 'BSpace', 'BSpace');
      t.type('34');
      t.keys('Enter');
      await t.waitFor((x) => x.includes('1. Speed'), 'the ranking');
      // Privacy to the top: highlight it, pick it up, move it up twice, put it down.
      t.keys('Down', 'Down', 'Space', 'Up', 'Up', 'Space');
      s = await t.waitFor((x) => /1\. Privacy[\s\S]*2\. Speed[\s\S]*3\. Accuracy/.test(x), 'moved');
      t.keys('Enter');
      await t.waitFor((x) => x.includes('choose 2.'), 'the attention check');
      t.keys('5', 'Enter');
      await t.waitFor((x) => x.includes('In this study you play'), 'the comprehension check');
      t.keys('1', 'Enter');
      await t.waitFor((x) => x.includes('That is not right.'), 'the check asked again');
      t.keys('2', 'Enter');
      await t.waitFor((x) => x.includes('I could rely on one.'), 'the scale');
      t.keys('5', 'Enter');
      await t.waitFor((x) => x.includes('One would mislead me.'), 'its reversed item');
      t.keys('1', 'Enter');
      await t.waitFor((x) => x.includes('Session 1 of 2 is about to start.'), 'the ready page');
      t.keys('C-c');
      expect(await t.waitFor((x) => x.includes('[exit '), 'the run to stop')).toContain(
        'P01 stopped at ready 1',
      );

      execFileSync(process.execPath, [BIN, 'study', 'export', 'study.yaml', '--out', 'out'], {
        cwd: t.work,
        stdio: 'pipe',
      });
      const rows = readFileSync(path.join(t.work, 'out/answers.csv'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(',').slice(6, 11).join(','));
      expect(rows).toEqual([
        'item,kind,value,value_label,check_passed',
        'often,choice,2,Weekly,',
        'tools,choice,1;3,Email | Calendar,',
        'age,numeric,34,,',
        'values,ranking,3;1;2,Privacy | Speed | Accuracy,',
        'attend,likert,5,,FALSE',
        'role,choice,2,The user,TRUE',
        'rely,scale,5,,',
        'misled,scale,1,,',
      ]);
      const scores = readFileSync(path.join(t.work, 'out/scores.csv'), 'utf8');
      expect(scores).toContain('P01,before,,,,trust,scale,5,'); // 1 reversed is 5: mean 5
      const pages = readFileSync(path.join(t.work, 'out/pages.csv'), 'utf8');
      expect(pages).toMatch(/P01,consent,,0,\d{4}-[^,]+,\d{4}-[^,]+,\d+,next/);
      expect(pages).toMatch(/P01,ready,1,0,[^,]+,[^,]+,\d+,stop/);
    },
  );
});
