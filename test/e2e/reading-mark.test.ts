/**
 * A person's message is on screen at once, even while a model judge reads it (issue 34 item 4):
 * shown marked "reading…", the statuses following when the reading comes. Before, the message
 * stayed off screen until the reading ended: with a judge that hangs, for its whole timeout
 * (120 s by default). The real binary under tmux against a local OpenAI-compatible server that
 * answers the own-words reading only when the test tells it to, after the message is seen: no
 * race with a clock, however loaded the machine. (The judge's timeout ending a hung reading is
 * test/judge/openai-credit.test.ts's.)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer, type OpenAITestServer } from '../helpers/openai-server.ts';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';
import { fixtureModels } from '../llm/fixture-models.ts';
import { MODELS } from '../llm/support.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');
const SENTENCE = "I can't spend more than six hundred yuan on these.";

let server: OpenAITestServer;
let readings = 0;
let answerReading = () => {};
const readingAnswered = new Promise<void>((resolve) => (answerReading = resolve));
const term = tmuxTerminal(BIN, 'reading');
beforeAll(async () => {
  server = await startOpenAIServer();
  // The judge picks and assesses as the fixture models do; reading a person's words, it waits
  // for the test's word.
  server.respond((req) => {
    if (!JSON.stringify(req.body.messages).includes('message itself STATES'))
      return fixtureModels(req);
    readings++;
    return {
      until: readingAnswered,
      content: JSON.stringify({ stated: [{ id: 'I1', words: 'more than six hundred yuan' }] }),
    };
  });
});
afterAll(async () => {
  term.close();
  await server.close();
});

describe.skipIf(!hasTmux)('a person’s message while a hung judge reads it', () => {
  it(
    'is on screen while the reading is under way, marked reading…',
    { timeout: 60_000 },
    async () => {
      writeFileSync(path.join(term.work, 'intentplay.config.yaml'), 'retries: 0\n');
      term.start(
        [
          'play',
          'tester/gear',
          '--library',
          path.join(ROOT, 'test/fixtures/lib'),
          '--agent',
          'script:reactive',
          '--judge',
          'openai',
          '--judge-base-url',
          server.url,
          '--judge-model',
          MODELS.judge,
          '--recordings',
          'rec',
        ],
        { columns: 120, rows: 40 },
      );
      await term.begin();
      await term.waitFor((s) => s.includes('enter sends'), 'the person’s turn');
      term.type(SENTENCE);
      await term.waitFor((s) => s.includes(`› ${SENTENCE.slice(0, 40)}`), 'the message in the box');
      term.keys('Enter');
      // The reading is held until the sentence is seen: before, it never would be.
      const shown = await term.waitFor(
        (s) => s.includes(`user  ${SENTENCE}`),
        'the sentence in the conversation while the reading is held',
      );
      expect(shown).toContain('reading… the judge reads what it states');
      // The reading was asked for (the request may reach the server just after the screen shows).
      await expect.poll(() => readings, { timeout: 15_000 }).toBe(1);
      // The reading comes (I1 stated): the mark goes and the budget intent is provided.
      answerReading();
      const after = await term.waitFor(
        (s) => !s.includes('reading…') && /I1 provided/.test(s),
        'the mark gone, I1 provided',
        15_000,
      );
      expect(after.split(`user  ${SENTENCE}`)).toHaveLength(2);
      term.keys('C-d');
      await term.waitFor((s) => s.includes('End the session now?'), 'the end question');
      term.keys('C-d');
      await term.waitFor((s) => s.includes('ended · Proc'), 'the ended session');
      // The recording holds the message once, after the reading, and not the mark.
      const dir = path.join(term.work, 'rec');
      const file = readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((f) =>
        f.endsWith('.jsonl'),
      )!;
      const types = readFileSync(path.join(dir, file), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; role?: string; text?: string });
      expect(types.filter((e) => e.text === SENTENCE && e.type === 'message')).toHaveLength(1);
      expect(types.some((e) => e.type === 'reading_message')).toBe(false);
    },
  );
});
