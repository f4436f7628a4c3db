/**
 * Time scenarios with models, through the real engine, SDK and local server: the openai agent
 * is told the time and its time tools, is woken by the monitor, keeps silent with an empty
 * reply, and follows up; the openai user writes the intention shift that follow-up opens.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeLibrary } from '../helpers/library.ts';
import { useTestServer } from './server-hooks.ts';
import { runWith, serverConfig } from './support.ts';

const server = useTestServer();

const WATCH = `id: p/flat
persona: p
title: Flat watch
clock: { start: "2026-05-04T09:00:00+08:00", turn: 2m }
trigger: { kind: user, text: Find me a 2-bedroom flat in Xuhui under 9000 a month. }
tools: [memory, time, environment]
environment:
  name: listings
  state: { flats: [] }
  updates:
    - { id: U1, at: +1d, set: { flats: [{ id: F1, rent: 12000 }] }, text: F1 at 12000 a month., expect: keep_silent }
    - { id: U2, at: +2d, set: { flats: [{ id: F2, rent: 8500 }] }, text: F2 at 8500 a month., expect: follow_up }
intents:
  - { id: I1, text: Keep watching., done: { tool_called: { name: set_reminder } } }
  - id: I2
    text: A balcony is now a must.
    reveal: Actually, I now need a balcony.
    after: { follow_up: U2 }
    done: { reply_matches: "(?i)balcony" }
`;

type Msg = { role: string; content?: string | null };

describe('time with models', () => {
  it('tells the agent the time, wakes it, keeps silent on an empty reply, and the user writes the shift', async () => {
    server.enqueue(
      {
        toolCalls: [
          {
            name: 'set_reminder',
            arguments: {
              condition: 'a 2-bedroom flat in Xuhui under 9000',
              note: 'check the rent',
            },
          },
        ],
      },
      { content: "I'll watch the listings for you." },
      { content: '' },
      { content: 'F2 is 8500 a month, within your budget.' },
      { content: 'Oh, and it has to have a balcony now.' },
      { content: 'Noted: I will only look at flats with a balcony.' },
    );
    const root = makeLibrary({ 'scenarios/p/flat.yaml': WATCH });
    const run = await runWith(
      path.join(root, 'scenarios/p/flat.yaml'),
      { agent: 'openai', user: 'openai' },
      serverConfig(server),
    );

    const [first, , silent, followUp, shift] = server.requests;
    const system = (first!.body.messages as Msg[])[0]!.content!;
    expect(system).toContain('It is now 2026-05-04T09:00:00+08:00');
    expect(system).toMatch(/empty message \(or call keep_silent\)/);
    expect(first!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(
      expect.arrayContaining([
        'current_time',
        'set_reminder',
        'cancel_reminder',
        'keep_silent',
        'set_task_status',
        'query_listings',
      ]),
    );
    // Woken a day later by the monitor, with the update's text and its time.
    const wake = (silent!.body.messages as Msg[]).at(-1)!;
    expect(wake).toMatchObject({
      role: 'user',
      content: expect.stringContaining(
        '[monitor 2026-05-05T09:00:00+08:00, update U1]\nF1 at 12000 a month.',
      ),
    });
    expect((followUp!.body.messages as Msg[]).at(-1)!.content).toContain('update U2');
    // The user model is asked for a change of mind, in the persona's voice.
    expect(shift!.body.model).toBe('user-model');
    expect(JSON.stringify(shift!.body.messages)).toContain(
      'Your plans have changed since you first asked',
    );
    expect(JSON.stringify(shift!.body.messages)).toContain('Actually, I now need a balcony.');

    expect(run.of('wake_choice').map((e) => `${e.update}:${e.choice}`)).toEqual([
      'U1:keep_silent',
      'U2:follow_up',
    ]);
    const users = run.of('message').filter((m) => m.role === 'user');
    expect(users.map((m) => [m.text, m.at])).toEqual([
      ['Find me a 2-bedroom flat in Xuhui under 9000 a month.', '2026-05-04T09:00:00+08:00'],
      ['Oh, and it has to have a balcony now.', '2026-05-06T09:02:00+08:00'],
    ]);
    const r = run.results[0]!;
    expect(r.end).toBe('resolved');
    expect(r.scores.intents).toEqual({ I1: 'completed', I2: 'provided' });
    expect(r.scores.time).toMatchObject({
      action_accuracy: 1,
      followups: { hit: 1, false: 0 },
      silences: { kept: 1 },
    });
  });
});
