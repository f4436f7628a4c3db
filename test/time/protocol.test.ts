/**
 * The time protocol rule by rule (docs/time.md), through real scenario files, the script
 * agent, the rules user and the rules judge.
 */
import { describe, expect, it } from 'vitest';
import type { EventOf, TimedEvent } from '../../src/contracts/events.ts';
import { flatWatch, runFlatWatch } from '../helpers/flat-watch.ts';

const flat = flatWatch;
const run = runFlatWatch;

const of = <T extends TimedEvent['type']>(events: TimedEvent[], type: T) =>
  events.filter((e) => e.type === type) as (EventOf<T> & { t: number })[];
const statuses = (events: TimedEvent[]) =>
  of(events, 'intent_status').map((e) => `${e.turn}:${e.intent}:${e.to}`);
const verdicts = (events: TimedEvent[]) =>
  of(events, 'update_verdict').map((e) => `${e.update}:${e.verdict}`);

const WATCH = `    - say: I'll watch the listings and tell you when one fits.
      actions:
        - { tool: set_reminder, args: { condition: a 2-bedroom flat in Xuhui under 9000, note: check the new listing } }`;

describe('time protocol', () => {
  it('goes dormant with a reminder active, keeps silent on a misfit and follows up on a fit', async () => {
    const { events, results } = await run(
      flat(
        `${WATCH}
    - say: ""
    - say: F2 in Xuhui is 8500 a month, within your budget.
      actions:
        - { tool: query_listings, args: { query: Xuhui } }
        - { tool: set_task_status, args: { status: completed } }`,
        { extra: 'expect_status: completed' },
      ),
    );
    const r = results[0]!;
    expect(r.end).toBe('resolved');
    // The follow-up met every need: the user thanks, the agent answers once more (its script has ended).
    expect(r.scores.turns).toBe(4);
    // The clock jumped a day at a time while the user waited, and every message carries its time.
    expect(of(events, 'clock').map((e) => e.passed)).toEqual([
      '23 hours 58 minutes',
      '23 hours 58 minutes',
    ]);
    const msgs = of(events, 'message');
    expect(msgs[0]!.at).toBe('2026-05-04T09:00:00+08:00');
    expect(msgs.filter((m) => m.role === 'monitor').map((m) => m.at)).toEqual([
      '2026-05-05T09:00:00+08:00',
      '2026-05-06T09:00:00+08:00',
    ]);
    expect(of(events, 'wake_choice').map((e) => `${e.update}:${e.choice}`)).toEqual([
      'U1:keep_silent',
      'U2:follow_up',
    ]);
    expect(verdicts(events)).toEqual(['U1:kept', 'U2:hit']);
    // The environment tool is named after the environment and sees the update.
    const query = of(events, 'tool_result').find((e) => e.name === 'query_listings')!;
    expect(JSON.stringify(query.result)).toContain('F2');
    // It never said in_progress after setting its reminder (turns 1 to 3), and completed in the
    // follow-up, before the user's thanks: an arbitrary completion.
    expect(r.scores.time).toEqual({
      branch: 'positive',
      complex: false,
      completed: false,
      ending: 'arbitrary_completion',
      action_accuracy: 1,
      action_errors: [],
      status_accuracy: 0.25,
      status_errors: [
        { turn: 1, expected: 'in_progress', got: 'pending' },
        { turn: 2, expected: 'in_progress', got: 'pending' },
        { turn: 3, expected: 'in_progress', got: 'completed' },
      ],
      responses: 4,
      followups: { expected: 1, hit: 1, missed: 0, false: 0 },
      silences: { expected: 1, kept: 1, broken: 0, unwatched: 0 },
      decision_accuracy: 1,
    });
    // The user never hears the silent turn: after the request, the only user message is the thanks.
    expect(msgs.filter((m) => m.role === 'user').map((m) => m.text)).toEqual([
      'Find me a 2-bedroom flat in Xuhui under 9000 a month.',
      'Thank you, that is what I needed.',
    ]);
  });

  it('without a reminder the updates pass unseen, and pending intents end unresolved', async () => {
    const { events, results } = await run(
      flat(`    - say: I'll watch for you.`, {
        intents: `  - id: I2
    text: The budget rises to 10000.
    reveal: I can go up to 10000 now.
    after: { follow_up: U2 }
    done: { reply_matches: "10000" }`,
      }),
    );
    const r = results[0]!;
    expect(r.scores.turns).toBe(1);
    expect(of(events, 'update').map((e) => `${e.update}:${e.seen}`)).toEqual([
      'U1:false',
      'U2:false',
    ]);
    expect(verdicts(events)).toEqual(['U1:unwatched', 'U2:missed']);
    expect(statuses(events)).toEqual(['0:I2:pending', '1:I1:completed', '1:I2:unresolved']);
    expect(r.scores.proc).toBe(0.5);
    expect(r.scores.time!.decision_accuracy).toBe(0);
    expect(r.scores.time!.ending).toBe('never_watched');
    expect(r.scores.time!.silences.unwatched).toBe(1);
    expect(r.scores.time!.completed).toBe(false);
  });

  it('ends at once when nothing is pending and no reminder is set (no dormancy)', async () => {
    const { events, results } = await run(flat(`    - say: I'll watch for you.`));
    expect(results[0]!.scores.turns).toBe(1);
    expect(of(events, 'clock')).toHaveLength(0);
    expect(verdicts(events)).toEqual(['U1:unwatched', 'U2:missed']);
  });

  it('an update pushed to the agent wakes it without a reminder', async () => {
    const { events } = await run(
      flat(
        `    - say: I'll watch for you.
    - say: F2 at 8500 fits your budget.`,
        {
          u2: '      notify: agent',
          intents: `  - id: I2
    text: Tell me about the new flat.
    after: { follow_up: U2 }
    done: { reply_matches: "8500" }`,
        },
      ),
    );
    const wake = of(events, 'wake');
    expect(wake).toHaveLength(1);
    expect(wake[0]).toMatchObject({ update: 'U2', pushed: true, reminders: [] });
    // The follow-up itself met the need it opened: completed, not provided.
    expect(statuses(events)).toEqual([
      '0:I2:pending',
      '1:I1:completed',
      '2:I2:open',
      '2:I2:completed',
    ]);
    expect(verdicts(events)).toEqual(['U1:unwatched', 'U2:hit']);
  });

  it('keep_silent() keeps silent even with a non-empty reply; a follow-up on a misfit is false', async () => {
    const { events, results } = await run(
      flat(`${WATCH}
    - say: F1 is above your budget, you might still like it!
    - say: (thinking aloud)
      actions:
        - { tool: keep_silent }`),
    );
    expect(of(events, 'wake_choice').map((e) => e.choice)).toEqual(['follow_up', 'keep_silent']);
    expect(verdicts(events)).toEqual(['U1:false', 'U2:missed']);
    const t = results[0]!.scores.time!;
    expect(t.followups).toEqual({ expected: 1, hit: 0, missed: 1, false: 1 });
    expect(t.silences).toEqual({ expected: 1, kept: 0, broken: 1, unwatched: 0 });
    expect(t.completed).toBe(false);
  });

  it('a follow-up opens a shifted intent, supersedes the old one, and the user reveals it at once', async () => {
    const { events, results } = await run(
      flat(
        `${WATCH}
    - say: ""
    - say: A new flat F2 at 8500 is listed.
    - say: Noted, I'll look for ones with a balcony too.`,
        {
          intents: `  - id: I2
    text: A balcony is now a must.
    reveal: Actually, I now need a balcony.
    after: { follow_up: U2 }
    supersedes: [I1]
    done: { reply_matches: "(?i)balcony" }`,
        },
      ),
    );
    expect(statuses(events)).toEqual([
      '0:I2:pending',
      '1:I1:completed',
      '3:I2:open',
      '3:I1:superseded',
      // Told in the user's message right after the follow-up: turn 4's.
      '4:I2:provided',
    ]);
    const users = of(events, 'message').filter((m) => m.role === 'user');
    expect(users.map((m) => m.text)).toEqual([
      'Find me a 2-bedroom flat in Xuhui under 9000 a month.',
      'Actually, I now need a balcony.',
    ]);
    expect(users[1]!.at).toBe('2026-05-06T09:02:00+08:00');
    const r = results[0]!;
    expect(r.scores.turns).toBe(4);
    // I1 is superseded: out of Proc altogether; I2 was provided.
    expect(r.scores.intents).toMatchObject({ I1: 'superseded', I2: 'provided' });
    expect(r.scores.proc).toBe(0);
  });

  it('a time reminder fires once, then later updates pass unseen', async () => {
    const { events } = await run(
      flat(
        `    - say: I'll watch and check back tomorrow.
      actions:
        - { tool: set_reminder, args: { at: +12h, note: look at the listings } }
    - say: ""`,
        {
          intents: `  - id: I2
    text: Tell me when something fits.
    after: { follow_up: U2 }`,
        },
      ),
    );
    const reminders = of(events, 'reminder').map((e) => `${e.id}:${e.action}`);
    expect(reminders).toEqual(['r1:set', 'r1:fired']);
    const monitor = of(events, 'message').filter((m) => m.role === 'monitor');
    expect(monitor).toHaveLength(1);
    // Set at 09:00 in turn 1, +12h: due at 21:00.
    expect(monitor[0]!.at).toBe('2026-05-04T21:00:00+08:00');
    expect(monitor[0]!.text).toContain('look at the listings');
    expect(of(events, 'update').map((e) => e.seen)).toEqual([false, false]);
    expect(statuses(events).at(-1)).toBe('2:I2:unresolved');
  });

  it('max_turns counts woken turns and ends a dormant session', async () => {
    const { events, results } = await run(
      flat(
        `${WATCH}
    - say: ""
    - say: F2 fits.`,
        {
          intents: `  - id: I2
    text: Tell me when something fits.
    after: { follow_up: U2 }`,
        },
      ),
      { maxTurns: 2 },
    );
    const r = results[0]!;
    expect(r.end).toBe('max_turns');
    expect(r.scores.turns).toBe(2);
    expect(statuses(events).at(-1)).toBe('2:I2:unresolved');
    expect(verdicts(events)).toEqual(['U1:kept', 'U2:missed']);
  });

  it('an update adds app records as it happens, shown as an app diff while the user waits', async () => {
    const { events } = await run(
      flat(
        `${WATCH}
    - say: Landlord Li wrote to you about F1.
      actions:
        - { tool: gmail__login, args: { username: pat@example.com, password: pw } }`,
        {
          tools: '[files, memory, time, environment, gmail]',
          u1: `      apps:
        gmail:
          threads:
            - subject: Viewing F1
              emails: [{ from: li@flats.example, body: Saturday at 10? }]`,
          extra: `apps:
  gmail:
    account: { email: pat@example.com, password: pw, first_name: Pat, last_name: Lee }`,
        },
      ),
    );
    const diff = of(events, 'app_diff')[0]!;
    expect(diff.turn).toBe(1);
    expect(diff.apps[0]!.app).toBe('gmail');
    expect(diff.apps[0]!.patch).toContain('Viewing F1');
    // It arrived after the clock jumped, before the woken turn.
    const order = events.map((e) => e.type);
    expect(order.indexOf('app_diff')).toBeGreaterThan(order.indexOf('clock'));
    expect(order.indexOf('app_diff')).toBeLessThan(order.indexOf('wake'));
  });
});
