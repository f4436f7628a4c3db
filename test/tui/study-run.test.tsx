/**
 * The participant's path through a study, screen by screen, with keys as a person presses
 * them: consent, instructions, each session (the participant's view), its questionnaire, the
 * final one, thanks; the operator's pause; resuming after the process dies; declining.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readRecording } from '../../src/session/recording.ts';
import { readState } from '../../src/study/participant.ts';
import { withdrawParticipant } from '../../src/study/withdraw.ts';
import { studyYaml } from '../study/helpers.ts';
import { KEYS, press, waitForFrame } from './harness.tsx';
import { begin, closeStudies, CTRL_G, openStudy as open, type } from './study-harness.tsx';

afterEach(closeStudies);

/** Nothing a participant sees may name a condition or a backend. */
function neverNamesConditions(frames: readonly string[]) {
  for (const f of frames)
    expect(f).not.toMatch(/proactive|reactive|script:|agent script|judge rules/);
}

describe('study run: the participant path', () => {
  it(
    'goes consent → instructions → two sessions with their questions → final questions → thanks, and records it all',
    { timeout: 30_000 },
    async () => {
      const { data, r, runner } = open();
      let f = await waitForFrame(r, (s) => s.includes('Consent'));
      expect(f).toContain('You agree to take part in a test.');
      expect(f).toContain('Do you agree to take part?');
      expect(f).toContain('y I agree and want to take part');
      await press(r, 'y');
      f = await waitForFrame(r, (s) => s.includes('Instructions'));
      expect(f).toContain('Play the user. Press ctrl+d when you are done.');
      await press(r, KEYS.enter);
      f = await waitForFrame(r, (s) => s.includes('Session 1 of 2 is about to start.'));
      await press(r, KEYS.enter);
      f = await waitForFrame(r, (s) => s.includes('enter begins'));
      expect(f).toContain('Your goals');
      expect(f).toContain('Help me pick running shoes.');
      await press(r, KEYS.enter);
      // Participant 0 of seed 1 meets tester/gear first; its agent resolves everything in turn 1.
      f = await waitForFrame(r, (s) => s.includes('This session is over'));
      expect(f).not.toContain('Time is up'); // it ended by itself, not by the clock
      expect(f).toContain('enter go on');
      expect(f).not.toContain('b home');
      expect(f).toContain('Your goals');
      expect(f).toContain('• Budget is 600 RMB.');
      expect(f).toContain('Not shown during the study.');
      expect(f).not.toMatch(/Proc|Comp|tok \$/);
      await press(r, KEYS.enter);
      f = await waitForFrame(r, (s) => s.includes('About session 1 of 2'));
      expect(f).toContain('The assistant was helpful.');
      expect(f).toContain('(not answered yet)');
      await press(r, KEYS.enter);
      f = await waitForFrame(r, (s) => s.includes('choose a point on the scale first'));
      await press(r, '4');
      await waitForFrame(r, (s) => s.includes('your answer: 4'));
      await press(r, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('Session 2 of 2 is about to start.'));
      await press(r, KEYS.enter);
      await begin(r);
      f = await waitForFrame(r, (s) => s.includes("your turn: write the user's message below"));
      expect(f).toContain('Write me a meal plan for the week.');
      await type(r, 'Keep each meal under 25 RMB please.');
      await waitForFrame(r, (s) => s.includes('› Keep each meal under 25 RMB please.'));
      await press(r, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('user  Keep each meal under 25 RMB please.'));
      await press(r, KEYS.ctrlD);
      await waitForFrame(r, (s) => s.includes('End this session now?'));
      await press(r, KEYS.ctrlD);
      await waitForFrame(r, (s) => s.includes('This session is over'));
      await press(r, 'q'); // q does not leave the study
      await press(r, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('About session 2 of 2'));
      await press(r, KEYS.right, KEYS.left);
      await waitForFrame(r, (s) => s.includes('your answer: 4'));
      await press(r, KEYS.enter);
      f = await waitForFrame(r, (s) => s.includes('A few last questions'));
      expect(f).toContain('Anything else?');
      await press(r, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('please write an answer'));
      await type(r, 'The second assistant never asked me anything.');
      await press(r, KEYS.enter);
      f = await waitForFrame(r, (s) => s.includes('Thank you'));
      await press(r, KEYS.enter);
      await new Promise((res) => setTimeout(res, 50));
      expect(runner.store.getState().over).toBe('finished');
      neverNamesConditions(r.frames);

      const state = readState(data, 'P01');
      expect(state.finished).toBeDefined();
      expect(state.sessions.map((s) => [s.scenario, s.condition])).toEqual([
        ['tester/gear', 'proactive'],
        ['tester/plan', 'reactive'],
      ]);
      expect(state.answers.map((a) => [a.part, a.session, a.item, a.value])).toEqual([
        ['session', 0, 'helpful', 4],
        ['session', 1, 'helpful', 4],
        ['final', undefined, 'comments', 'The second assistant never asked me anything.'],
      ]);
      // Each answer has its item's onset (when it came on screen) and the latency to the answer.
      for (const a of state.answers) {
        expect(a.shown! <= a.wall).toBe(true);
        expect(a.latency_ms).toBeGreaterThanOrEqual(0);
        expect(Date.parse(a.wall) - Date.parse(a.shown!)).toBeGreaterThanOrEqual(
          a.latency_ms! - 50,
        );
      }
      // The typed comment took longer to answer than nothing at all.
      expect(state.answers.at(-1)!.latency_ms).toBeGreaterThan(0);
      expect(state.attempts.map((a) => a.end)).toEqual(['resolved', 'ended']);
      const rec = readRecording(path.join(data, state.attempts[1]!.recording!));
      expect(rec.header.protocol).toMatchObject({
        condition: 'reactive',
        scenario: 'tester/plan',
        participant: 'P01',
        session: 1,
        sessions: 2,
        backends: { agent: 'script:reactive', user: 'human', judge: 'rules' },
      });
      expect((rec.header.protocol as { scenario_sha256: string }).scenario_sha256).toMatch(
        /^[0-9a-f]{64}$/,
      );
      for (const e of rec.events) expect(e.wall).toMatch(/^\d{4}-\d\d-\d\dT/);
      const log = readFileSync(path.join(data, 'participants/P01/log.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      for (const l of log)
        expect(typeof l.mono === 'number' && typeof l.wall === 'string').toBe(true);
      const timing = log.find((l) => l.type === 'message_timing')!;
      expect(timing).toMatchObject({
        session: 1,
        turn: 2,
        chars: 'Keep each meal under 25 RMB please.'.length,
        paused_ms: 0,
      });
      expect(timing.first_key_ms as number).toBeGreaterThanOrEqual(0);
      expect(timing.send_ms as number).toBeGreaterThanOrEqual(timing.first_key_ms as number);
      expect(log.filter((l) => l.type === 'exposure').map((l) => l.layout)).toContain('wide');
    },
  );

  it(
    'the operator pauses with ctrl+g: the screen is covered, keys wait, and what was typed is kept',
    { timeout: 20_000 },
    async () => {
      const { data, r } = open(
        studyYaml().replace('[tester/gear, tester/plan]', '[tester/plan, tester/gear]'),
      );
      await waitForFrame(r, (s) => s.includes('Consent'));
      await press(r, 'y', KEYS.enter, KEYS.enter);
      await begin(r);
      await waitForFrame(r, (s) => s.includes("your turn: write the user's message below"));
      await type(r, 'Keep it');
      await press(r, CTRL_G);
      let f = await waitForFrame(r, (s) => s.includes('Paused'));
      expect(f).toContain('The researcher has paused the study');
      await type(r, 'zzz');
      await press(r, KEYS.enter);
      await press(r, CTRL_G);
      f = await waitForFrame(r, (s) => s.includes('› Keep it'));
      expect(f).not.toContain('zzz');
      const log = readFileSync(path.join(data, 'participants/P01/log.jsonl'), 'utf8');
      expect(log).toContain('"type":"pause"');
      expect(log).toContain('"type":"resume_from_pause"');
    },
  );

  it(
    'resumes at the same step after the process dies, and at the first unanswered question',
    { timeout: 20_000 },
    async () => {
      const first = open(
        studyYaml().replace(
          'scale: 5 }',
          'scale: 5 }\n    - { kind: likert, id: clear, text: It was clear what to do., scale: 5 }',
        ),
      );
      await waitForFrame(first.r, (s) => s.includes('Consent'));
      await press(first.r, 'y', KEYS.enter, KEYS.enter);
      await begin(first.r);
      await waitForFrame(first.r, (s) => s.includes('This session is over'));
      await press(first.r, KEYS.enter, '2', KEYS.enter);
      await waitForFrame(first.r, (s) => s.includes('It was clear what to do.'));
      // The process dies here: nothing more is written. A new run opens the same participant.
      first.r.unmount();
      const again = open(undefined, 'P01', first.dir);
      expect(again.runner.resumed).toBe(true);
      const f = await waitForFrame(again.r, (s) => s.includes('About session 1 of 2'));
      expect(f).toContain('It was clear what to do.');
      expect(f).toContain('2 of 2');
      expect(readState(again.data, 'P01').answers.map((a) => a.value)).toEqual([2]);
    },
  );

  it(
    'a session cut short is played again from its start on resume',
    { timeout: 20_000 },
    async () => {
      const first = open(
        studyYaml().replace('[tester/gear, tester/plan]', '[tester/plan, tester/gear]'),
      );
      await waitForFrame(first.r, (s) => s.includes('Consent'));
      await press(first.r, 'y', KEYS.enter, KEYS.enter);
      await begin(first.r);
      await waitForFrame(first.r, (s) => s.includes("your turn: write the user's message below"));
      await press(first.r, KEYS.ctrlC);
      await waitForFrame(first.r, (s) => s.includes('Quit while the session runs?'));
      await press(first.r, KEYS.ctrlC);
      await new Promise((res) => setTimeout(res, 50));
      expect(first.runner.store.getState().over).toBe('stopped');
      await first.runner.store.getState().live?.done;
      first.r.unmount();
      const again = open(undefined, 'P01', first.dir);
      await waitForFrame(again.r, (s) => s.includes('Session 1 of 2 is about to start.'));
      const state = readState(again.data, 'P01');
      expect(state.attempts).toHaveLength(1);
      expect(state.attempts[0]!.end).toBe('aborted');
    },
  );

  it(
    'declining keeps nothing; withdraw deletes a participant and names every file',
    { timeout: 20_000 },
    async () => {
      const a = open(undefined, 'P02');
      await waitForFrame(a.r, (s) => s.includes('Consent'));
      await press(a.r, 'n');
      await new Promise((res) => setTimeout(res, 50));
      expect(a.runner.store.getState().over).toBe('declined');
      expect(existsSync(path.join(a.data, 'participants/P02'))).toBe(false);
      a.r.unmount();

      const b = open(undefined, 'P03', a.dir);
      await waitForFrame(b.r, (s) => s.includes('Consent'));
      await press(b.r, 'y', KEYS.enter, KEYS.enter);
      await begin(b.r);
      await waitForFrame(b.r, (s) => s.includes('This session is over'));
      const { deleted } = withdrawParticipant(b.study, b.data, 'P03');
      expect(deleted).toEqual(
        expect.arrayContaining([
          'participants/P03/state.json',
          'participants/P03/log.jsonl',
          expect.stringMatching(/^participants\/P03\/recordings\/.*tester_gear.*\.jsonl$/),
        ]),
      );
      expect(existsSync(path.join(b.data, 'participants/P03'))).toBe(false);
    },
  );

  it(
    'SUS items take a digit, TLX subscales move by 5 with the arrows, both saved as numbers',
    { timeout: 20_000 },
    async () => {
      const text = studyYaml()
        .replace(
          '    - { kind: text, id: comments, text: Anything else? }',
          '    - { kind: sus }\n    - { kind: tlx }',
        )
        .replace(/ {2}after_each_session:\n.*\n/, '  after_each_session: []\n');
      const { data, r } = open(text);
      await waitForFrame(r, (s) => s.includes('Consent'));
      await press(r, 'y', KEYS.enter, KEYS.enter);
      await begin(r);
      await waitForFrame(r, (s) => s.includes('This session is over'));
      await press(r, KEYS.enter);
      await waitForFrame(r, (s) => s.includes('Session 2 of 2'));
      await press(r, KEYS.enter);
      await begin(r);
      await waitForFrame(r, (s) => s.includes('your turn'));
      await press(r, KEYS.ctrlD, KEYS.ctrlD);
      await waitForFrame(r, (s) => s.includes('This session is over'));
      await press(r, KEYS.enter);
      let f = await waitForFrame(r, (s) =>
        s.includes('I think that I would like to use this system frequently.'),
      );
      expect(f).toContain('1 of 16');
      for (const v of ['5', '1', '5', '1', '5', '1', '5', '1', '5', '1'])
        await press(r, v, KEYS.enter);
      f = await waitForFrame(r, (s) => s.includes('Mental Demand'));
      expect(f).toContain('How mentally demanding was the task?');
      await press(r, KEYS.right, KEYS.right, KEYS.enter); // 50, then 55
      for (let i = 0; i < 5; i++) await press(r, KEYS.left, KEYS.enter); // 50 each
      await waitForFrame(r, (s) => s.includes('Thank you'));
      const answers = readState(data, 'P01').answers;
      expect(answers.filter((a) => a.kind === 'sus').map((a) => a.value)).toEqual([
        5, 1, 5, 1, 5, 1, 5, 1, 5, 1,
      ]);
      expect(answers.filter((a) => a.kind === 'tlx').map((a) => [a.item, a.value])).toEqual([
        ['mental', 55],
        ['physical', 50],
        ['temporal', 50],
        ['performance', 50],
        ['effort', 50],
        ['frustration', 50],
      ]);
    },
  );
});

describe('study run: the time limit', () => {
  it(
    'ends a session when its time is up, logs it, and the participant goes on to the questions',
    { timeout: 20_000 },
    async () => {
      const { data, r } = open(
        studyYaml('time_limit: 1s\n').replace(
          '[tester/gear, tester/plan]',
          '[tester/plan, tester/gear]',
        ),
      );
      await waitForFrame(r, (s) => s.includes('Consent'));
      await press(r, 'y', KEYS.enter);
      const f = await waitForFrame(r, (s) => s.includes('Session 1 of 2 is about to start.'));
      expect(f).toContain('It ends by itself after 1s.');
      await press(r, KEYS.enter);
      // The participant reads the opening card for a while: that time does not count.
      await waitForFrame(r, (s) => s.includes('enter begins'));
      await new Promise((res) => setTimeout(res, 400));
      await press(r, KEYS.enter);
      // Told why: the participant did not end it.
      await waitForFrame(r, (s) => s.includes('Time is up. This session is over'), 8000);
      const state = readState(data, 'P01');
      expect(state.attempts[0]!.end).toBe('ended');
      const log = readFileSync(path.join(data, 'participants/P01/log.jsonl'), 'utf8');
      expect(log).toContain('"type":"time_limit"');
      // The clock starts with the first turn, after the opening card: a full second after the card left, more after it showed.
      const lines = log
        .trim()
        .split('\n')
        .map(
          (l) => JSON.parse(l) as { type: string; mono: number; part?: string; change?: string },
        );
      const card = (change: string) =>
        lines.find((l) => l.part === 'opening_card' && l.change === change)!.mono;
      expect(card('stop') - card('start')).toBeGreaterThanOrEqual(400);
      expect(
        lines.find((l) => l.type === 'time_limit')!.mono - card('start'),
      ).toBeGreaterThanOrEqual(1390);
    },
  );
});
