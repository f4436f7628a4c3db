/**
 * A fork that goes live with a model judge reads the user's words with that judge: which open
 * intents a message states, and (time scenarios) whether it refuses the task. Before the fork
 * point the recording's judge answers, so the replayed turns stay exact. Real engine, SDK and
 * local server; the recordings forked are made by the rules and script backends.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TimedEvent } from '../../src/contracts/events.ts';
import { loadForkSource } from '../../src/fork/source.ts';
import { runFork } from '../../src/fork/run.ts';
import { creditedIntents } from '../../src/judge/credit.ts';
import { parseBackendSpec } from '../../src/session/backend-spec.ts';
import type { RecordedRequest, ScriptedReply } from '../helpers/openai-server.ts';
import { makeLibrary, TICKET_WATCH } from '../helpers/library.ts';
import { fixtureModels } from '../llm/fixture-models.ts';
import { useTestServer } from '../llm/server-hooks.ts';
import { FIXTURES, MODELS, runWith, serverConfig } from '../llm/support.ts';

const server = useTestServer();
const dir = mkdtempSync(path.join(os.tmpdir(), 'fork-live-judge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** I2 of tester/gear ("Save the choice to memory for later sessions.") in words the offline matcher misses. */
const PARAPHRASE = 'Under 600 RMB please, and jot the shoes down so you know them next time.';
const MEMORY = {
  id: 'I2',
  text: 'Save the choice to memory for later sessions.',
  reveal: 'Remember what I picked.',
};

const isStated = (req: RecordedRequest) =>
  JSON.stringify(req.body.messages).includes('message itself STATES');

/** The fixture models, but the user model says PARAPHRASE and the judge reads it as stating I2. */
function models(req: RecordedRequest): ScriptedReply {
  if (req.body.model === MODELS.user) return { content: PARAPHRASE };
  if (isStated(req) && JSON.stringify(req.body.messages).includes('jot the shoes down'))
    return { content: JSON.stringify({ stated: [{ id: 'I2', words: 'jot the shoes down' }] }) };
  return fixtureModels(req);
}

/** Where the one recording under `dir` is. */
const recordingIn = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => path.join(dir, f))[0]!;

const live = (user: string) => ({
  agent: parseBackendSpec('agent', 'openai'),
  user: parseBackendSpec('user', user),
  judge: parseBackendSpec('judge', 'openai'),
});

const events = (file: string): TimedEvent[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as TimedEvent);

describe('a fork going live with the openai judge', () => {
  it('credits a paraphrase the offline matcher misses, and replays the recorded turn exactly', async () => {
    expect(creditedIntents(PARAPHRASE, [MEMORY] as never)).toEqual([]);
    const recordings = path.join(dir, 'rec');
    await runWith('tester/gear.yaml', { agent: 'script:reactive' }, serverConfig(server), {
      recordingsDir: recordings,
      maxTurns: 3,
      noDeps: true,
    });
    expect(server.requests).toEqual([]);
    const parent = recordingIn(recordings);
    const file = path.join(dir, 'fork.jsonl');
    server.respond(models);
    const config = serverConfig(server);
    await runFork(loadForkSource(parent, 1, path.dirname(FIXTURES)), {
      specs: {
        agent: parseBackendSpec('agent', 'script:reactive'),
        user: parseBackendSpec('user', 'openai'),
        judge: parseBackendSpec('judge', 'openai'),
      },
      config,
      out: file,
    });
    const forked = events(file);
    const said = forked.find((e) => e.type === 'message' && e.role === 'user' && e.turn === 2);
    expect(said).toMatchObject({ text: PARAPHRASE });
    const provided = forked.filter((e) => e.type === 'intent_status' && e.to === 'provided');
    expect(provided).toContainEqual(
      expect.objectContaining({
        intent: 'I2',
        turn: 2,
        cause: 'reveal',
        detail: "stated in the user's own words: “jot the shoes down” (read by the judge)",
      }),
    );
    // The judge read the live message once; nothing before the fork point went to the server.
    const asked = server.requests.filter(isStated);
    expect(asked).toHaveLength(1);
    expect(JSON.stringify(asked[0]!.body.messages)).toContain('jot the shoes down');
    // A fork of the fork replays that message, and how its intent was told, exactly.
    const again = path.join(dir, 'fork-of-fork.jsonl');
    const rules = { ...live('rules'), judge: parseBackendSpec('judge', 'rules') };
    await runFork(loadForkSource(file, 2, path.dirname(FIXTURES)), {
      specs: rules,
      config,
      out: again,
    });
    expect(events(again).filter((e) => e.type === 'intent_status' && e.turn <= 1)).toEqual(
      forked
        .filter((e) => e.type === 'intent_status' && e.turn <= 1)
        .map((e) => ({ ...e, t: expect.any(Number) })),
    );
  });
});

const WATCH = `${TICKET_WATCH}references:
  proactive:
    - say: I will watch the tickets for you.
      actions:
        - { tool: set_reminder, args: { condition: a 12 June ticket under 300, note: check the price } }
        - { tool: set_task_status, args: { status: in_progress } }
    - say: T1 is 280, under your 300.
    - say: Understood, I have stopped.
      actions:
        - { tool: set_task_status, args: { status: failed } }
`;
/** A refusal the offline rules miss. */
const REFUSAL = "Honestly this isn't going to work for me. Let's leave things be.";

describe('a time scenario forked live with the openai judge', () => {
  it('the judge reads whether the user refuses the task', async () => {
    server.respond((req) => {
      if (req.body.model === MODELS.user) return { content: REFUSAL };
      if (JSON.stringify(req.body.messages).includes('REFUSES the task'))
        return { content: JSON.stringify({ refusal: true, reason: '"leave things be"' }) };
      return { content: JSON.stringify({ intents: [] }) };
    });
    const root = makeLibrary({ 'scenarios/p/tickets.yaml': WATCH });
    const recordings = path.join(dir, 'time');
    const config = serverConfig(server);
    await runWith(
      path.join(root, 'scenarios/p/tickets.yaml'),
      { agent: 'script:proactive', user: 'openai' },
      config,
      { recordingsDir: recordings },
    );
    // With the rules judge the refusal went unread; forked after turn 1, the judge reads it.
    const parent = recordingIn(recordings);
    const refused = (file: string) =>
      events(file).filter((e) => e.type === 'notice' && e.text.includes('refused'));
    expect(refused(parent)).toEqual([]);
    const file = path.join(dir, 'time-fork.jsonl');
    const specs = { ...live('openai'), agent: parseBackendSpec('agent', 'script:proactive') };
    await runFork(loadForkSource(parent, 1, root), { specs, config, out: file });
    expect(refused(file)).toContainEqual(
      expect.objectContaining({
        text: expect.stringContaining('read by the judge: "leave things be"'),
      }),
    );
  });
});
