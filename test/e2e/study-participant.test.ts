/**
 * A participant's screen in a real terminal of 80×24, through the real binary: the opening card
 * of a scenario with many goals scrolls, with how to begin always in sight; the session, its
 * keys (`?`) and the end question speak the study's words only (no intents, statuses, grading,
 * reveal text); `study withdraw` asks before it deletes, and keeps only an anonymous count.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');
if (!hasTmux) console.warn('skipping the study participant test: tmux is not installed');

const t = tmuxTerminal(BIN, 'study-participant');
afterAll(() => t.close());
const SMALL = { columns: 80, rows: 24 };
/** The playground words a participant must never read (the Checklist tab stays, saying it is not shown during the study). */
const JUDGE_WORDS = /intent|reveal|status|grad|\bProc\b|\bComp\b|↳|\bI\d\b/i;

describe.skipIf(!hasTmux)('a study participant at 80×24', () => {
  it(
    'scrolls a tall opening card, reads only the study words in the session, its keys and its end question',
    { timeout: 120_000 },
    async () => {
      // The bundled example: the first scenario has four goals, taller than the card at 80×24.
      writeFileSync(
        path.join(t.work, 'study.yaml'),
        readFileSync(path.join(ROOT, 'examples/study/study.yaml'), 'utf8')
          .replace(/^# yaml-language-server.*\n/, '')
          .replace(/\n {2}scenario_order: counterbalanced/, ''), // the listed order: P01 starts with the four goals
      );
      t.start(['study', 'run', 'study.yaml', '--participant', 'P01'], SMALL);
      await t.waitFor((x) => x.includes('Do you agree to take part?'), 'the consent page');
      t.keys('y');
      await t.waitFor((x) => x.includes('Instructions'), 'the instructions');
      t.keys('Enter');
      await t.waitFor((x) => x.includes('Before we start'), 'the questions before the sessions');
      t.keys('4', 'Enter');
      await t.waitFor((x) => x.includes('Session 1 of 2 is about to start.'), 'the ready page');
      t.keys('Enter');
      let s = await t.waitFor((x) => x.includes('enter begins'), 'the opening card');
      expect(s).toMatch(/lines 1–\d+ of \d+/); // the card says it scrolls
      expect(s).not.toContain('recommendations.'); // the end of the last goal is below the fold
      for (let i = 0; i < 8; i++) t.keys('Down');
      s = await t.waitFor(
        (x) => x.includes('recommendations.'),
        'the last goal, scrolled into view',
      );
      expect(s).toContain('enter begins');
      t.keys('Enter');
      s = await t.waitFor(
        (x) => x.includes("your turn: write the user's message below"),
        'the session to wait for the participant',
      );
      const seen = [s];
      t.type('Please say which one has open code.');
      t.keys('Enter');
      seen.push(
        await t.waitFor(
          (x) => x.includes('user  Please say which one has open code.'),
          'the message',
        ),
      );
      // Wait for the agent's reply before looking at the keys.
      await t.waitFor(
        (x) =>
          x.includes("your turn: write the user's message below") ||
          x.includes('This session is over'),
        'the reply',
      );
      t.keys('Escape');
      // The footer changes once the input box is left: `?` is then the keys, not a typed character.
      await t.waitFor((x) => x.includes('? keys  tab pane'), 'the input box to be left');
      t.keys('?');
      seen.push(await t.waitFor((x) => x.includes('Keys (esc or ? closes)'), 'the keys'));
      for (let i = 0; i < 3; i++) {
        t.keys('PageDown');
        seen.push(t.screen());
      }
      t.keys('Escape');
      // Scrolled, the overlay's title is out of sight: its scroll line says it is still open.
      await t.waitFor(
        (x) => !x.includes('Keys (esc or ? closes)') && !x.includes('PgUp/PgDn scroll'),
        'the keys to close',
      );
      t.keys('C-d');
      s = await t.waitFor(
        (x) => x.includes('End this session now?') || x.includes('This session is over'),
        'the end question',
      );
      seen.push(s);
      if (!s.includes('This session is over')) {
        expect(s).toContain('you go on to the next step of the study');
        t.keys('C-d');
      }
      seen.push(
        await t.waitFor((x) => x.includes('This session is over'), 'the end of the session'),
      );
      for (const screen of seen)
        expect(screen.replace(/researcher\/tool-use-reading/g, '')).not.toMatch(JUDGE_WORDS);
      t.keys('C-c');
      expect(await t.waitFor((x) => x.includes('[exit '), 'the run to stop')).toContain(
        'P01 stopped at',
      );
    },
  );

  it(
    'asks before withdrawing a participant, and keeps only an anonymous count of withdrawals',
    { timeout: 60_000 },
    async () => {
      const dir = path.join(t.work, 'study-data/participants/P01');
      expect(existsSync(dir)).toBe(true);
      const run = () =>
        execFileSync(process.execPath, [BIN, 'study', 'withdraw', 'study.yaml', 'P01'], {
          cwd: t.work,
          encoding: 'utf8',
          stdio: 'pipe',
        });
      expect(run).toThrow(/pass --yes to confirm without a terminal/);
      t.start(['study', 'withdraw', 'study.yaml', 'P01'], SMALL);
      let s = await t.waitFor((x) => x.includes('[y/N]'), 'the question');
      expect(s).toMatch(/participants\/P01\/state\.json/);
      expect(s).toMatch(/Delete these \d+ files of P01\? This cannot be undone\./);
      t.keys('n', 'Enter');
      s = await t.waitFor((x) => x.includes('[exit '), 'the answer no');
      expect(s).toContain('nothing deleted');
      expect(existsSync(dir)).toBe(true);
      t.start(['study', 'withdraw', 'study.yaml', 'P01'], SMALL);
      await t.waitFor((x) => x.includes('[y/N]'), 'the question again');
      t.keys('y', 'Enter');
      s = await t.waitFor((x) => x.includes('[exit '), 'the answer yes');
      expect(s).toMatch(/withdrew P01: deleted \d+ files/);
      expect(existsSync(dir)).toBe(false);
      expect(JSON.parse(readFileSync(path.join(t.work, 'study-data/flow.json'), 'utf8'))).toEqual({
        declined: 0,
        left_at_consent: 0,
        withdrawn: 1,
      });
    },
  );
});
