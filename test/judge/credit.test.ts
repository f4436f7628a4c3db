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
import { creditedIntents, holdsRevealOrSaid } from '../../src/judge/credit.ts';
import { measureCrediting, type ParaphraseSet } from '../../src/judge/paraphrase-set.ts';
import type { IntentSpec } from '../../src/scenario/schema.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const set = parse(
  readFileSync(path.join(ROOT, 'test/fixtures/paraphrases.yaml'), 'utf8'),
) as ParaphraseSet;
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
});
