/**
 * A person's message is on screen at once, even while a model judge that hangs reads it (issue 34
 * item 4): shown marked "reading…", the statuses following when the reading comes (here: the
 * judge's timeout, recorded as a judge_error, the offline reading standing). Before, the message
 * stayed off screen until the reading ended: with the default timeout (120 s), that long. The real
 * binary under tmux against a local OpenAI-compatible server whose own-words reading never answers.
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
const term = tmuxTerminal(BIN, 'reading');
beforeAll(async () => {
  server = await startOpenAIServer();
  // The judge picks and assesses as the fixture models do; reading a person's words, it hangs.
  server.respond((req) =>
    JSON.stringify(req.body.messages).includes('message itself STATES')
      ? { delayMs: 60_000, content: '{"stated": []}' }
      : fixtureModels(req),
  );
});
afterAll(async () => {
  term.close();
  await server.close();
});

describe.skipIf(!hasTmux)('a person’s message while a hung judge reads it', () => {
  it('is on screen within a second, marked reading…', { timeout: 60_000 }, async () => {
    // The judge's timeout bounds the reading (3 s here, 120 s by default), retries included.
    writeFileSync(path.join(term.work, 'intentplay.config.yaml'), 'timeout: 3\nretries: 0\n');
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
    const sent = Date.now();
    term.keys('Enter');
    const shown = await term.waitFor(
      (s) => s.includes(`user  ${SENTENCE}`),
      'the sentence in the conversation',
      1500,
    );
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(shown).toContain('reading… the judge reads what it states');
    // The reading ends (the judge's timeout): the offline reading stands, the mark goes.
    // The error and the mark's end are two events: a loaded machine can show the one before the other.
    const after = await term.waitFor(
      (s) => s.includes('no reading within 3 s') && !s.includes('reading…'),
      'the judge error, and the mark gone',
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
    const error = types.findIndex((e) => e.type === 'judge_error');
    const message = types.findIndex((e) => e.text === SENTENCE);
    expect(error).toBeGreaterThan(-1);
    expect(error).toBeLessThan(message);
  });
});
