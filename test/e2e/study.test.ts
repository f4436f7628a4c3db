/**
 * Whole studies with the real binary in tmux (one tmux server and folder for the file): one
 * participant through a two-session within-subjects study (consent, instructions, both sessions
 * played by typing sentences, the questionnaires, thanks), killed between the sessions and
 * resumed at the same step, then export, report and withdraw; and two participants of a
 * between-subjects study, each meeting only their own condition and never its name.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecording } from '../../src/session/recording.ts';
import { readState } from '../../src/study/participant.ts';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';
import { studyYaml } from '../study/helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');
if (!hasTmux) console.warn('skipping the study end-to-end test: tmux is not installed');

const t = tmuxTerminal(BIN, 'study');
afterAll(() => t.close());
const cli = (...args: string[]) =>
  execFileSync(process.execPath, [BIN, ...args], {
    cwd: t.work,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });

describe.skipIf(!hasTmux)('intentplay study in a terminal', () => {
  it(
    'runs a participant through two sessions, resumes after a kill, then exports, reports and withdraws',
    { timeout: 240_000 },
    async () => {
      writeFileSync(
        path.join(t.work, 'study.yaml'),
        studyYaml().replace('[tester/gear, tester/plan]', '[tester/plan, tester/gear]'),
      );
      const run = ['study', 'run', 'study.yaml', '--participant', 'P07'];
      t.start(run);
      let s = await t.waitFor((x) => x.includes('Do you agree to take part?'), 'the consent page');
      expect(s).toContain('version v1');
      t.keys('y');
      await t.waitFor((x) => x.includes('Instructions'), 'the instructions');
      t.keys('Enter');
      await t.waitFor(
        (x) => x.includes('Session 1 of 2 is about to start.'),
        'the first ready page',
      );
      t.keys('Enter');
      s = await t.waitFor((x) => x.includes('enter begins'), 'the opening card');
      expect(s).toContain('Your goals');
      t.keys('Enter');
      s = await t.waitFor(
        (x) => x.includes("your turn: write the user's message below"),
        'the first session to wait for the participant',
      );
      expect(s).toContain('Your goals');
      expect(s).not.toMatch(/proactive|reactive|script:|Proc|Comp/);
      t.type('Keep each meal under 25 RMB and include Sunday batch cooking.');
      t.keys('Enter');
      await t.waitFor(
        (x) => x.includes('user  Keep each meal under 25 RMB'),
        'the message in the conversation',
      );
      t.keys('C-d');
      await t.waitFor(
        (x) => x.includes('End this session now?') || x.includes('This session is over'),
        'the end question or the end',
      );
      if (!t.screen().includes('This session is over')) t.keys('C-d');
      await t.waitFor((x) => x.includes('This session is over'), 'the first session to end');
      t.keys('Enter');
      await t.waitFor((x) => x.includes('About session 1 of 2'), 'the first questionnaire');
      t.keys('4', 'Enter');
      await t.waitFor(
        (x) => x.includes('Session 2 of 2 is about to start.'),
        'the second ready page',
      );

      // The process dies (its window is killed, SIGHUP); the same command resumes at the same step.
      t.start(run);
      await t.waitFor(
        (x) => x.includes('Session 2 of 2 is about to start.'),
        'the resumed ready page',
      );
      t.keys('Enter');
      await t.waitFor((x) => x.includes('enter begins'), 'the second opening card');
      t.keys('Enter');
      s = await t.waitFor(
        (x) =>
          x.includes('This session is over') ||
          x.includes("your turn: write the user's message below"),
        'the second session',
      );
      if (!s.includes('This session is over')) {
        t.type('Please keep it under 600 RMB.');
        t.keys('Enter');
        await t.waitFor(
          (x) => x.includes('user  Please keep it under 600 RMB.'),
          'the second message',
        );
        t.keys('C-d');
        await t.waitFor(
          (x) => x.includes('End this session now?') || x.includes('This session is over'),
          'the end question',
        );
        if (!t.screen().includes('This session is over')) t.keys('C-d');
        await t.waitFor((x) => x.includes('This session is over'), 'the second session to end');
      }
      t.keys('Enter');
      await t.waitFor((x) => x.includes('About session 2 of 2'), 'the second questionnaire');
      t.keys('5', 'Enter');
      await t.waitFor((x) => x.includes('Anything else?'), 'the final question');
      t.type('The second assistant understood me better than the first.');
      t.keys('Enter');
      await t.waitFor((x) => x.includes('Thank you for taking part!'), 'the thanks page');
      t.keys('Enter');
      s = await t.waitFor((x) => x.includes('[exit '), 'the run to end');
      expect(s).toContain('P07 finished the study');
      expect(s).toContain('[exit 0]');

      const out = cli('study', 'export', 'study.yaml', '--out', 'export');
      expect(out).toContain('sessions.csv');
      const sessions = readFileSync(path.join(t.work, 'export/sessions.csv'), 'utf8')
        .trim()
        .split('\n');
      expect(sessions).toHaveLength(3);
      expect(sessions[1]).toMatch(/^P07,1,(proactive|reactive),tester\/plan,0,1,(resolved|ended),/);
      expect(readFileSync(path.join(t.work, 'export/answers.csv'), 'utf8')).toContain(
        'P07,final,,,,comments,comments,text,The second assistant understood me better than the first.,',
      );
      expect(cli('study', 'report', 'study.yaml', '--format', 'md')).toMatch(
        /\| proactive \| 1 \| 1 \|/,
      );

      const gone = cli('study', 'withdraw', 'study.yaml', 'P07', '--yes');
      expect(gone).toMatch(/withdrew P07: deleted \d+ files/);
      expect(gone).toContain('participants/P07/state.json');
      expect(existsSync(path.join(t.work, 'study-data/participants/P07'))).toBe(false);
    },
  );

  it(
    'gives each participant of a between-subjects study only their condition, never named on screen',
    { timeout: 120_000 },
    async () => {
      // Two scenarios, no questions: each participant plays two sessions of one condition.
      const between = studyYaml()
        .replace('design: { type: within, seed: 1 }', 'design: { type: between, seed: 1 }')
        .replace(/questionnaires:[\s\S]*$/, '');
      writeFileSync(path.join(t.work, 'between.yaml'), between);
      const seen: string[] = [];
      const see = async (predicate: (x: string) => boolean, what: string) => {
        const s = await t.waitFor(predicate, what);
        seen.push(s);
        return s;
      };
      for (const id of ['B1', 'B2']) {
        t.start(['study', 'run', 'between.yaml', '--participant', id, '--out', 'between-data']);
        await see((x) => x.includes('Do you agree to take part?'), `${id}'s consent page`);
        t.keys('y');
        await see((x) => x.includes('Instructions'), 'the instructions');
        t.keys('Enter');
        for (const k of [1, 2]) {
          await see(
            (x) => x.includes(`Session ${k} of 2 is about to start.`),
            `${id}'s ready page ${k}`,
          );
          t.keys('Enter');
          await see((x) => x.includes('enter begins'), 'the opening card');
          t.keys('Enter');
          const s = await see(
            (x) =>
              x.includes('This session is over') ||
              x.includes("your turn: write the user's message below"),
            `${id}'s session ${k}`,
          );
          if (!s.includes('This session is over')) {
            t.keys('C-d');
            await see(
              (x) => x.includes('End this session now?') || x.includes('This session is over'),
              'the end question',
            );
            if (!t.screen().includes('This session is over')) t.keys('C-d');
            await see((x) => x.includes('This session is over'), `${id}'s session ${k} to end`);
          }
          t.keys('Enter');
        }
        await see((x) => x.includes('Thank you for taking part!'), `${id}'s thanks page`);
        t.keys('Enter');
        expect(await see((x) => x.includes('[exit '), `${id}'s run to end`)).toContain(
          `${id} finished the study`,
        );
      }
      for (const s of seen) expect(s).not.toMatch(/proactive|reactive|script:/);

      // Each played both scenarios in one condition, the two participants in different ones; the recordings agree.
      const data = path.join(t.work, 'between-data');
      const conditions = ['B1', 'B2'].map((id) => {
        const state = readState(data, id);
        expect(state.sessions.map((x) => x.scenario).sort()).toEqual([
          'tester/gear',
          'tester/plan',
        ]);
        const mine = [...new Set(state.sessions.map((x) => x.condition))];
        expect(mine).toHaveLength(1);
        for (const attempt of state.attempts) {
          const header = readRecording(path.join(data, attempt.recording!)).header;
          expect(header.protocol).toMatchObject({
            condition: mine[0],
            participant: id,
            design: { type: 'between' },
          });
          expect(header.backends.agent).toMatchObject({ kind: 'script', name: mine[0] });
        }
        return mine[0];
      });
      expect(conditions.sort()).toEqual(['proactive', 'reactive']);
    },
  );
});
