/**
 * ChronosBench's rules worked out by hand (docs/time.md, "Thanks and task status" and
 * "Scores"), each through a real scenario file, the script agent, the rules user and judge:
 * the thanks and the refusal, the expected task status after every response, the branch and
 * complexity, task completion and the ending reason, each action error, and three protocol
 * cases (an update at a reminder's time, a wake long after an unwatched update, a woken
 * follow-up at max_turns).
 */
import { describe, expect, it } from 'vitest';
import type { EventOf, TimedEvent } from '../../src/contracts/events.ts';
import { flatWatch, runFlatWatch } from '../helpers/flat-watch.ts';

const U3_FIT = `    - { id: U3, at: +3d, text: Another 2-bedroom flat in Xuhui at 8800 a month., expect: follow_up }`;
const U3_SILENT = `    - { id: U3, at: +3d, text: A 1-bedroom flat in Xuhui at 7000 a month., expect: keep_silent }`;
const SHIFT = `  - id: I2
    text: A balcony is now a must.
    reveal: Actually, I now need a balcony.
    after: { follow_up: U2 }
    supersedes: [I1]
    done: { reply_matches: "(?i)balcony" }`;

const AREA = `  - id: I0
    text: Xuhui only.
    reveal: Xuhui only, please.
    ask: ['(?i)area']
    done: { reply_matches: "(?i)xuhui it is" }`;

const flat = flatWatch;

async function run(yaml: string, opts: { maxTurns?: number } = {}) {
  const { events, results } = await runFlatWatch(yaml, opts);
  return { events, r: results[0]!, time: results[0]!.scores.time! };
}

const of = <T extends TimedEvent['type']>(events: TimedEvent[], type: T) =>
  events.filter((e) => e.type === type) as (EventOf<T> & { t: number })[];
const userTexts = (events: TimedEvent[]) =>
  of(events, 'message')
    .filter((m) => m.role === 'user')
    .map((m) => m.text);
const verdicts = (events: TimedEvent[]) =>
  of(events, 'update_verdict').map((e) => `${e.update}:${e.verdict}`);

const say = (text: string, ...actions: string[]) =>
  `    - say: ${JSON.stringify(text)}${actions.length ? `\n      actions:\n${actions.map((a) => `        - ${a}`).join('\n')}` : ''}`;
const REMIND =
  '{ tool: set_reminder, args: { condition: a 2-bedroom flat in Xuhui under 9000, note: check the listing } }';
const status = (s: string) => `{ tool: set_task_status, args: { status: ${s} } }`;
const QUERY = '{ tool: query_listings, args: { query: Xuhui } }';
const WATCH = say(
  "I'll watch the listings and tell you when one fits.",
  REMIND,
  status('in_progress'),
);
const SILENT = say('');
const FIT = say('F2 in Xuhui is 8500 a month, within your budget.');

describe('ChronosBench: thanks, refusal and task status', () => {
  it('a follow-up that meets every need gets the thanks; the agent answers once; later updates no longer count', async () => {
    const { events, r, time } = await run(
      flat([WATCH, SILENT, FIT, say('Glad it fits.', status('completed'))].join('\n'), {
        more: U3_FIT,
      }),
    );
    expect(userTexts(events)).toEqual([
      'Find me a 2-bedroom flat in Xuhui under 9000 a month.',
      'Thank you, that is what I needed.',
    ]);
    expect(r.end).toBe('resolved');
    expect(r.scores.turns).toBe(4);
    // U3 never happens and never counts: one follow-up expected, not two.
    expect(of(events, 'update').map((e) => e.update)).toEqual(['U1', 'U2']);
    expect(verdicts(events)).toEqual(['U1:kept', 'U2:hit']);
    expect(time).toMatchObject({
      branch: 'positive',
      complex: false,
      completed: true,
      ending: 'finished_properly',
      action_accuracy: 1,
      status_accuracy: 1,
      status_errors: [],
      responses: 4,
      followups: { expected: 1, hit: 1, missed: 0, false: 0 },
      decision_accuracy: 1,
    });
  });

  it("the rules user says the scenario's thanks; completing before it is an arbitrary completion", async () => {
    const { events, time } = await run(
      flat(
        [
          WATCH,
          SILENT,
          say('F2 in Xuhui is 8500 a month.', status('completed')),
          say('You are welcome.'),
        ].join('\n'),
        {
          extra: 'thanks: Perfect, I will call the agent now.',
        },
      ),
    );
    expect(userTexts(events)[1]).toBe('Perfect, I will call the agent now.');
    expect(time).toMatchObject({ completed: false, ending: 'arbitrary_completion' });
    expect(time.status_errors).toEqual([{ turn: 3, expected: 'in_progress', got: 'completed' }]);
  });

  it('a refusal makes the task one that should end failed, in the response to it', async () => {
    const refuse = 'refuse: A friend found me a flat, so cancel the search.';
    const good = await run(
      flat(
        [WATCH, SILENT, FIT, say('Understood, I have cancelled it.', status('failed'))].join('\n'),
        { extra: refuse },
      ),
    );
    expect(userTexts(good.events)[1]).toBe('A friend found me a flat, so cancel the search.');
    expect(good.time).toMatchObject({
      branch: 'positive',
      completed: true,
      ending: 'finished_properly',
      status_accuracy: 1,
    });
    const wrong = await run(
      flat([WATCH, SILENT, FIT, say('Glad to help.', status('completed'))].join('\n'), {
        extra: refuse,
      }),
    );
    expect(wrong.time).toMatchObject({ completed: false, ending: 'not_completed_after_thanks' });
    expect(wrong.time.status_errors).toEqual([{ turn: 4, expected: 'failed', got: 'completed' }]);
  });

  it('checks the status after every response: pending before any reminder, in_progress after and after a shift, silent turns included', async () => {
    // A complex negative: a follow-up on U2 shifts the need (a balcony), and U3 deserves silence.
    const { events, time } = await run(
      flat(
        [
          say('Which area should I watch?'),
          say("Xuhui it is; I'll watch.", REMIND),
          say('', status('in_progress')),
          FIT,
          say('A balcony, noted.', status('completed')),
          SILENT,
        ].join('\n'),
        { more: U3_SILENT, intents: `${AREA}\n${SHIFT}` },
      ),
    );
    expect(userTexts(events)).toEqual([
      'Find me a 2-bedroom flat in Xuhui under 9000 a month.',
      'Xuhui only, please.',
      'Actually, I now need a balcony.',
    ]);
    expect(time).toMatchObject({
      branch: 'negative',
      complex: true,
      completed: false,
      ending: 'completed_in_negative',
      responses: 6,
    });
    // Turn 1 is right to be pending (no reminder yet); turn 3 (a silent wake) is right.
    expect(time.status_errors).toEqual([
      { turn: 2, expected: 'in_progress', got: 'pending' },
      { turn: 5, expected: 'in_progress', got: 'completed' },
      { turn: 6, expected: 'in_progress', got: 'completed' },
    ]);
    expect(time.status_accuracy).toBe(0.5);
    expect(time.action_errors).toEqual([{ turn: 5, type: 'completed_in_negative' }]);
  });

  it('a complex negative played well is completed with the final status in_progress', async () => {
    const { time } = await run(
      flat([WATCH, SILENT, FIT, say('A balcony, noted.'), SILENT].join('\n'), {
        more: U3_SILENT,
        intents: SHIFT,
      }),
    );
    expect(time).toMatchObject({
      branch: 'negative',
      complex: true,
      completed: true,
      ending: 'finished_properly',
      status_accuracy: 1,
    });
  });

  it('after a false follow-up the user stays quiet, even when an intent waits for that update', async () => {
    const waits = `  - id: I2
    text: Tell me why it does not fit.
    reveal: Why not that one?
    after: { follow_up: U1 }`;
    const { events, time } = await run(
      flat([WATCH, say('F1 is listed at 12000.'), FIT].join('\n'), { intents: waits }),
    );
    expect(userTexts(events)).toEqual(['Find me a 2-bedroom flat in Xuhui under 9000 a month.']);
    expect(time.action_errors).toEqual([{ turn: 2, type: 'false_follow_up' }]);
  });

  it('branch: overrides the derived branch; an after intent the user never says is not a shift', async () => {
    const checks = `  - id: I2
    text: Name the fitting flat.
    after: { follow_up: U2 }
    done: { reply_matches: F2 }`;
    const { time } = await run(
      flat([WATCH, SILENT, FIT].join('\n'), { intents: checks, extra: 'branch: negative' }),
    );
    expect(time).toMatchObject({ branch: 'negative', complex: false });
  });
});

describe('ChronosBench: action errors and ending reasons', () => {
  it('counts each action error type once per response', async () => {
    const { events, time } = await run(
      flat(
        [
          say(
            "I'll watch the listings.",
            QUERY,
            REMIND,
            '{ tool: set_reminder, args: { at: +1h, note: look again } }',
            '{ tool: book_viewing, args: { flat: F0 } }',
            status('in_progress'),
          ),
          say('', QUERY),
          say('F1 is listed at 12000.'),
          SILENT,
        ].join('\n'),
      ),
    );
    // Turn 2 is the time reminder's wake, about no update: its query repeats turn 1's with nothing new between.
    expect(of(events, 'wake').map((w) => w.update ?? '-')).toEqual(['-', 'U1', 'U2']);
    expect(time.action_errors).toEqual([
      { turn: 1, type: 'repeated_reminder' },
      { turn: 1, type: 'invalid_call' },
      { turn: 2, type: 'redundant_query' },
      { turn: 3, type: 'false_follow_up' },
      { turn: 4, type: 'missed_follow_up' },
    ]);
    expect(time.action_accuracy).toBe(0);
    expect(time).toMatchObject({
      completed: false,
      ending: 'silent_in_positive',
      decision_accuracy: 0,
    });
  });

  it('a query after an update or a user message is not redundant; no reminder ever set is never_watched', async () => {
    const watched = await run(
      flat(
        [
          say("I'll watch.", QUERY, REMIND, status('in_progress')),
          say('', QUERY),
          say('F2 fits.', QUERY),
        ].join('\n'),
      ),
    );
    expect(watched.time.action_errors).toEqual([]);
    const never = await run(flat(say('Nothing fits yet.', QUERY)));
    expect(never.time).toMatchObject({
      completed: false,
      ending: 'never_watched',
      responses: 2,
      status_accuracy: 1,
    });
  });
});

describe('ChronosBench: protocol cases', () => {
  it('an update due exactly at a time reminder wakes the agent with the update, seen', async () => {
    const { events } = await run(
      flat(
        [
          say(
            "I'll watch and look again tomorrow.",
            '{ tool: set_reminder, args: { at: +1d, note: check the listings } }',
          ),
          SILENT,
        ].join('\n'),
      ),
    );
    expect(of(events, 'update').map((e) => `${e.update}:${e.seen}`)).toEqual(['U1:true']);
    const monitor = of(events, 'message').find((m) => m.role === 'monitor')!;
    expect(monitor.text).toContain('A 2-bedroom flat in Xuhui at 12000 a month.');
    expect(monitor.text).toContain('check the listings');
    expect(verdicts(events)).toEqual(['U1:kept', 'U2:missed']);
  });

  it('a wake hours after an unwatched update is no decision on it: the update stays unwatched', async () => {
    const { events } = await run(
      flat(
        [
          say(
            "I'll watch and look again in a day and a half.",
            '{ tool: set_reminder, args: { at: +1d12h, note: look again } }',
          ),
          SILENT,
        ].join('\n'),
      ),
    );
    expect(of(events, 'wake').map((w) => w.update ?? '-')).toEqual(['-']);
    expect(verdicts(events)).toEqual(['U1:unwatched', 'U2:missed']);
  });

  it('a woken follow-up at max_turns ends the session there: no user message, no turn past the limit', async () => {
    const { events, r } = await run(
      flat([WATCH, SILENT, FIT, say('A balcony, noted.')].join('\n'), { intents: SHIFT }),
      { maxTurns: 3 },
    );
    expect(r.end).toBe('max_turns');
    expect(r.scores.turns).toBe(3);
    expect(userTexts(events)).toHaveLength(1);
    expect(r.scores.intents).toMatchObject({ I2: 'unresolved' });
    expect(r.scores.time).toMatchObject({ ending: 'max_turns' });
  });
});
