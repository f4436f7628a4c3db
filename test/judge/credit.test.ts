/**
 * Offline crediting measured on the paraphrase set (test/fixtures/paraphrases.yaml): two
 * paraphrases per intent of twelve bundled scenarios, and sentences that state nothing. The
 * reveal-text rule alone (main before) credited none of the paraphrases; the figures are in
 * BENCHMARKS.md (npx tsx bench/paraphrases.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { creditedIntents, holdsRevealOrSaid, readOwnWords } from '../../src/judge/credit.ts';
import { measureCrediting, type ParaphraseSet } from '../../src/judge/paraphrase-set.ts';
import type { IntentSpec } from '../../src/scenario/schema.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readSet = (name: string) =>
  parse(readFileSync(path.join(ROOT, `test/fixtures/${name}`), 'utf8')) as ParaphraseSet;
const set = readSet('paraphrases.yaml');
const read = new Map<string, IntentSpec[]>();
/** A scenario's intents, read once. */
const intentsOf = (id: string): IntentSpec[] => {
  if (!read.has(id))
    read.set(
      id,
      (
        parse(readFileSync(path.join(ROOT, `scenarios/${id}.yaml`), 'utf8')) as {
          intents: IntentSpec[];
        }
      ).intents,
    );
  return read.get(id)!;
};

describe('crediting a person’s own words, offline', () => {
  it('the set is what it says: twelve scenarios, two paraphrases for every intent', () => {
    expect(Object.keys(set.scenarios)).toHaveLength(12);
    for (const [id, byIntent] of Object.entries(set.scenarios)) {
      expect(Object.keys(byIntent).sort()).toEqual(
        intentsOf(id)
          .map((i) => i.id)
          .sort(),
      );
      for (const sentences of Object.values(byIntent)) expect(sentences).toHaveLength(2);
    }
  });

  it('credits most paraphrases, almost never the wrong intent, and nothing for sentences that state nothing', async () => {
    const f = await measureCrediting(set, intentsOf, creditedIntents);
    expect(f.recall).toBeGreaterThanOrEqual(0.85);
    expect(f.precision).toBeGreaterThanOrEqual(0.95);
    expect(f.nothingCredited).toBe(0);
  });

  it('the reveal text alone (before) credits almost none of them', async () => {
    const f = await measureCrediting(set, intentsOf, (m, intents) =>
      intents.filter((i) => holdsRevealOrSaid(m, i)).map((i) => i.id),
    );
    expect(f.recall).toBeLessThan(0.1);
  });

  it('on the held-out set (two other scenarios, not used to tune it) it credits two thirds, never the wrong intent', async () => {
    const f = await measureCrediting(
      readSet('paraphrases-heldout.yaml'),
      intentsOf,
      creditedIntents,
    );
    expect(f.paraphrases).toBe(26);
    expect(f.recall).toBeGreaterThanOrEqual(0.65);
    expect(f.falseCredits).toBe(0);
    expect(f.nothingCredited).toBe(0);
  });

  it('all of an intent’s numbers and a word of it state it; the numbers alone do not', () => {
    const meals = intentsOf('researcher/meal-plan');
    const body =
      "I'm around 175 tall, 68 kilos, roughly 17 percent fat, and bulking at the moment.";
    expect(creditedIntents(body, meals)).toEqual(['I1']);
    expect(creditedIntents('175, 68 and 17, right?', meals)).toEqual([]);
    expect(creditedIntents('Give me 17 options at 68 RMB', meals)).toEqual([]);
  });

  it('counts written as words are numbers, and a hundred or a thousand multiplies', () => {
    const papers = intentsOf('researcher/iclr-papers');
    expect(creditedIntents('About five papers is plenty.', papers)).toEqual(['I2']);
    expect(creditedIntents('About fifty papers is plenty.', papers)).toEqual([]);
    const budget = [{ id: 'I1', text: 'Budget is 600 RMB.', reveal: 'Keep it under 600 RMB.' }];
    expect(creditedIntents('My budget is six hundred RMB.', budget)).toEqual(['I1']);
    expect(creditedIntents('My budget is six thousand RMB.', budget)).toEqual([]);
  });

  it('words another intent explains with more besides credit that intent only', () => {
    const meals = intentsOf('researcher/meal-plan');
    const daily = 'Add up the protein, fat and carbs for every day, in grams.';
    expect(creditedIntents(daily, meals)).toEqual(['I2']);
    const both = 'Give protein, fat and carbs in grams for each meal, and the daily totals too.';
    expect(creditedIntents(both, meals)).toEqual(['I2', 'I6']);
  });
});

describe('the words that state an intent', () => {
  const I1 = {
    id: 'I1',
    text: "Base the plan on the user's body profile: about 175 cm, 68 kg, 17% body fat, muscle-gain phase.",
    reveal:
      "Height about 175 cm, weight about 68 kg, body fat around 17%. I'm in a muscle-gain phase.",
  };
  const budget = {
    id: 'B1',
    text: 'Budget is 600 RMB.',
    reveal: 'Keep it under 600 RMB.',
    said: ['(?i)\\b600\\b.*\\bmax\\b'],
  };

  it('quote the stretch of the message the matched words cover, or what a said pattern matched', () => {
    expect(
      readOwnWords("I'm around 175 tall, 68 kilos, roughly 17 percent fat, and bulking.", [I1]),
    ).toEqual([{ id: 'I1', words: '175 tall, 68 kilos, roughly 17 percent fat' }]);
    expect(readOwnWords('For context: 68 kg, 175 cm, 17% body fat.', [I1])).toEqual([
      { id: 'I1', words: '68 kg, 175 cm, 17% body fat' },
    ]);
    expect(readOwnWords('Something cheap, maybe 600 max?', [budget])).toEqual([
      { id: 'B1', words: '600 max' },
    ]);
  });

  it('a message holding the reveal text is a reveal, not own words: no quote', () => {
    expect(readOwnWords('Oh, and please keep it UNDER 600 rmb!', [budget])).toEqual([{ id: 'B1' }]);
  });
});
