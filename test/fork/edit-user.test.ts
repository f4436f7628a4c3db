/**
 * `fork --edit-user`: the edited message is read for what it states, as a person's own words are;
 * before, it was credited with the intent the recorded user had been picked to reveal.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/config.ts';
import { loadForkSource } from '../../src/fork/source.ts';
import { runFork } from '../../src/fork/run.ts';
import { readRecording } from '../../src/session/recording.ts';
import { materialise } from './goldens.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fork-edit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const parent = materialise(dir, 'reactive').find((f) => f.endsWith('/meal-plan.jsonl'))!;
const config = resolveConfig({}, {});
const specs = {
  agent: { kind: 'script' as const, name: 'reactive' },
  user: { kind: 'rules' as const },
  judge: { kind: 'rules' as const },
};

describe('an edited user message', () => {
  it('credits the intents its words state, not the one the recorded user was to reveal', async () => {
    // In the parent the rules user reveals I1 (the body profile) at turn 2; the edit asks for I6.
    const edit = 'Please give protein, fat and carbohydrate grams for each individual meal.';
    const { file } = await runFork(loadForkSource(parent, 1), {
      specs,
      config,
      editUser: edit,
    });
    const events = readRecording(file).events;
    const message = events.find((e) => e.type === 'message' && e.turn === 2 && e.role === 'user');
    expect(message).toMatchObject({ text: edit, intents: ['I6'] });
    const told = events.filter((e) => e.type === 'intent_status' && e.to === 'provided');
    expect(told[0]).toMatchObject({ intent: 'I6', cause: 'reveal' });
    expect(told[0]).toHaveProperty('detail', expect.stringContaining("the user's own words"));
    // I1 was not told by the edited message: nothing picked it before the edit was sent.
    const i1 = events.find((e) => e.type === 'intent_status' && e.intent === 'I1');
    expect(i1).not.toMatchObject({ turn: 2, to: 'provided' });

    // A fork of the edited fork replays its turns exactly (the reading is offline, as recorded).
    const deeper = await runFork(loadForkSource(file, 3), { specs, config });
    expect(readRecording(deeper.file).header.fork).toMatchObject({ turn: 3 });
  });
});
