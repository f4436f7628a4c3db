/**
 * The openai judge reads which hidden intents a person's own words state (src/judge/stated.ts):
 * its reading decides; when it answers nonsense or not in time, that is recorded as a
 * judge_error and the offline matcher's reading stands. Real SDK and engine, local server.
 */
import { describe, expect, it } from 'vitest';
import type { StatedInput } from '../../src/contracts/backends.ts';
import type { SessionEvent, TimedEvent } from '../../src/contracts/events.ts';
import { creditedIntents } from '../../src/judge/credit.ts';
import { OpenAIJudge } from '../../src/judge/openai.ts';
import { readStated } from '../../src/judge/stated.ts';
import { RulesJudge } from '../../src/judge/rules.ts';
import { RoleClient } from '../../src/llm/client.ts';
import { parseBackendSpec } from '../../src/session/backend-spec.ts';
import { runGroup } from '../../src/session/group.ts';
import { createHumanPorts } from '../../src/session/input-queue.ts';
import { planRuns } from '../../src/session/plan.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import type { RecordedRequest, ScriptedReply } from '../helpers/openai-server.ts';
import { useTestServer } from '../llm/server-hooks.ts';
import { FIXTURES, MODELS, runWith, serverConfig } from '../llm/support.ts';
import path from 'node:path';

const server = useTestServer();
/** Longer than any test may take: an answer that never comes while the test runs. */
const NEVER = 60_000;

const BUDGET = { id: 'I1', text: 'Budget is 600 RMB.', reveal: 'Keep it under 600 RMB.' };
const MEMORY = {
  id: 'I2',
  text: 'Save the choice to memory for later sessions.',
  reveal: 'Remember what I picked.',
};
const OPEN = [BUDGET, MEMORY] as StatedInput['open'];
/** States I1 in words the offline matcher cannot see (no number, no shared word). */
const PARAPHRASE = "I can't spend more than six hundred yuan.";

const isStated = (req: RecordedRequest) =>
  JSON.stringify(req.body.messages).includes('message itself STATES');
const stated = (...ids: string[]): ScriptedReply => ({
  content: JSON.stringify({ stated: ids.map((id) => ({ id, words: PARAPHRASE })) }),
});

function read(text: string, config = serverConfig(server)) {
  const events: SessionEvent[] = [];
  const judge = new OpenAIJudge(new RoleClient('judge', config));
  const input: StatedInput = {
    turn: 1,
    text,
    open: OPEN,
    emit: (e) => void events.push(e),
    signal: new AbortController().signal,
  };
  return { events, reading: readStated(judge, input) };
}

describe('the openai judge reads which intents a person’s words state', () => {
  it('credits a paraphrase the offline matcher misses, from the intents’ text in its prompt', async () => {
    expect(creditedIntents(PARAPHRASE, OPEN)).toEqual([]);
    server.enqueue(stated('I1'));
    const { events, reading } = read(PARAPHRASE);
    expect(await reading).toEqual(['I1']);
    expect(events.filter((e) => e.type === 'judge_error')).toEqual([]);
    const [req] = server.completions();
    expect(req!.body.model).toBe(MODELS.judge);
    const prompt = req!.body.messages.at(-1).content as string;
    expect(prompt).toContain(
      '- I1: Budget is 600 RMB. (a user might put it: "Keep it under 600 RMB.")',
    );
    expect(prompt).toContain('- I2: Save the choice to memory for later sessions.');
    expect(prompt).toContain(PARAPHRASE);
  });

  it('its reading decides: a sentence it finds stating nothing credits none, even where the offline matcher would', async () => {
    const words = 'My budget is 600 RMB at most.';
    expect(creditedIntents(words, OPEN)).toEqual(['I1']);
    server.enqueue(stated());
    const { events, reading } = read(words);
    expect(await reading).toEqual([]);
    expect(events.filter((e) => e.type === 'judge_error')).toEqual([]);
  });

  it('an invalid answer, twice, is recorded as an error and the offline reading stands', async () => {
    const words = 'My budget is 600 RMB at most.';
    server.enqueue({ content: 'I1, I think' }, { content: JSON.stringify({ stated: 'I1' }) });
    const { events, reading } = read(words);
    expect(await reading).toEqual(['I1']);
    expect(server.completions()).toHaveLength(2);
    expect(events.filter((e) => e.type === 'judge_error')).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          /^reading which intents the user's message states: the judge's answer was invalid even after a retry .*; the offline reading stands \(I1\)$/,
        ),
      }),
    ]);
  });

  it('an intent that is not open, after the retry, is an invalid answer too: nothing of it is credited', async () => {
    server.enqueue(stated('I1', 'I9'), stated('I9'));
    const { events, reading } = read(PARAPHRASE);
    expect(await reading).toEqual([]);
    const errors = events.filter((e) => e.type === 'judge_error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      message: expect.stringContaining('`I9` is not one of the open intents (I1, I2)'),
    });
  });

  it('a hung server: the judge’s timeout bounds the whole reading, retries included', async () => {
    // An answer that comes after the test's own timeout: the reading ends only by its deadline.
    server.respond(() => ({ ...stated('I1'), delayMs: NEVER }));
    // Without a deadline of its own, it would try six times (0.6 s each); a slower machine makes
    // fewer tries within 0.6 s, never more.
    const config = serverConfig(server, { timeout: 0.6, retries: 5 });
    const { events, reading } = read('My budget is 600 RMB at most.', config);
    expect(await reading).toEqual(['I1']);
    expect(server.completions().length).toBeLessThanOrEqual(2);
    expect(events.filter((e) => e.type === 'judge_error')).toEqual([
      expect.objectContaining({
        message:
          "reading which intents the user's message states: the judge gave no reading within 0.6 s; the offline reading stands (I1)",
      }),
    ]);
  });

  it('the rules judge reads offline, and nothing open means no call', async () => {
    const input = { turn: 1, emit: () => {}, signal: new AbortController().signal };
    const rules = new RulesJudge();
    expect(await readStated(rules, { ...input, text: PARAPHRASE, open: OPEN })).toEqual([]);
    expect(
      await readStated(rules, { ...input, text: 'Keep it below 600 RMB', open: OPEN }),
    ).toEqual(['I1']);
    const judge = new OpenAIJudge(new RoleClient('judge', serverConfig(server)));
    expect(await readStated(judge, { ...input, text: PARAPHRASE, open: [] })).toEqual([]);
    expect(server.completions()).toHaveLength(0);
  });
});

/**
 * tester/gear played by a person against the reactive script agent, judged by the openai judge:
 * the judge's turn verdicts are "neither", its reading of the person's message is `reading`.
 */
async function playGear(said: string, reading: () => ScriptedReply, file = {}) {
  server.respond((req) => {
    if (isStated(req)) return reading();
    const prompt = req.body.messages.at(-1).content as string;
    const open = [...prompt.matchAll(/^- (I\d+): /gm)].map((m) => m[1]!);
    return { content: JSON.stringify({ intents: open.map((id) => ({ id, status: 'neither' })) }) };
  });
  const ports = createHumanPorts();
  const events: TimedEvent[] = [];
  const [group] = planRuns([path.join(FIXTURES, 'tester/gear.yaml')]);
  const [result] = await runGroup(group!, {
    specs: {
      agent: parseBackendSpec('agent', 'script:reactive'),
      user: parseBackendSpec('user', 'human'),
      judge: parseBackendSpec('judge', 'openai'),
    },
    config: serverConfig(server, file),
    registry: createToolRegistry(),
    recordingsDir: null,
    human: ports,
    maxTurns: 2,
    date: '2026-01-01',
    onEvent: (e) => {
      events.push(e);
      if (e.type === 'awaiting_input' && e.role === 'user')
        ports.user.push({ text: said, reveals: [] });
    },
  });
  const of = <T extends SessionEvent['type']>(type: T) =>
    events.filter((e): e is Extract<TimedEvent, { type: T }> => e.type === type);
  return { result: result!, of };
}

describe('in a session a person plays, with the openai judge', () => {
  it('the message the judge reads as stating an intent provides it, and the message says so', async () => {
    const { result, of } = await playGear(PARAPHRASE, () => stated('I1'));
    expect(of('intent_status').filter((e) => e.cause === 'reveal')).toEqual([
      expect.objectContaining({
        intent: 'I1',
        to: 'provided',
        // In the turn of the message that told it, with the words the judge quoted.
        turn: 2,
        detail: `stated in the user's own words: “${PARAPHRASE}” (read by the judge)`,
      }),
    ]);
    expect(of('message').find((m) => m.role === 'user' && m.turn === 2)).toMatchObject({
      text: PARAPHRASE,
      intents: ['I1'],
    });
    expect(result.scores.intents.I1).toBe('provided');
    expect(of('judge_error')).toEqual([]);
  });

  it('a judge that answers nonsense is recorded in the session, and the offline reading provides it', async () => {
    const { result, of } = await playGear('My budget is 600 RMB at most.', () => ({
      content: 'sure!',
    }));
    expect(of('judge_error')).toEqual([
      expect.objectContaining({
        turn: 1,
        message: expect.stringContaining('the offline reading stands (I1)'),
      }),
    ]);
    expect(of('intent_status').find((e) => e.cause === 'reveal')?.detail).toBe(
      "stated in the user's own words: “budget is 600 RMB” (read by the offline matcher)",
    );
    expect(result.scores.intents.I1).toBe('provided');
  });

  it('a judge that hangs holds the session up no longer than its timeout', async () => {
    // The reading's answer would come after the test's own timeout: the session ends without it.
    const { result, of } = await playGear(
      'My budget is 600 RMB at most.',
      () => ({ ...stated(), delayMs: NEVER }),
      { timeout: 0.6, retries: 1 },
    );
    expect(of('judge_error').map((e) => e.message)).toEqual([
      expect.stringContaining('the judge gave no reading within 0.6 s'),
    ]);
    expect(result.scores.intents.I1).toBe('provided');
  });
});

it('a model user’s message is read the same way: what it states beyond the handed intent is provided', async () => {
  const says = 'Keep it under 600 RMB, and remember what I picked.';
  server.respond((req) => {
    if (req.body.model === MODELS.user) return { content: says };
    if (isStated(req)) return stated('I2');
    const prompt = req.body.messages.at(-1).content as string;
    if (
      prompt.includes('Pick the ONE open intent') ||
      JSON.stringify(req.body).includes('Pick the ONE')
    )
      return { content: JSON.stringify({ intent: 'I1', reason: 'first' }) };
    const open = [...prompt.matchAll(/^- (I\d+): /gm)].map((m) => m[1]!);
    return { content: JSON.stringify({ intents: open.map((id) => ({ id, status: 'neither' })) }) };
  });
  const run = await runWith(
    'tester/gear.yaml',
    { agent: 'script:reactive', user: 'openai', judge: 'openai' },
    serverConfig(server),
    { maxTurns: 2 },
  );
  expect(run.of('intent_status').map((e) => [e.intent, e.to, e.cause])).toEqual([
    ['I1', 'provided', 'picked'],
    ['I2', 'provided', 'reveal'],
  ]);
  const prompt = server.completions().find(isStated)!.body.messages.at(-1).content as string;
  expect(prompt).toContain('- I2: Save the choice to memory');
  expect(prompt).not.toContain('- I1:');
});
