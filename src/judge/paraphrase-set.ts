/**
 * The paraphrase set's measure (bench/paraphrases.ts, test/judge/credit.test.ts): each paraphrase
 * is matched against every intent of its scenario; a credit of the intent it paraphrases is a hit,
 * any other credit a false one; a sentence that states nothing is matched against every scenario.
 */
import type { IntentSpec } from '../scenario/schema.ts';

export interface ParaphraseSet {
  scenarios: Record<string, Record<string, string[]>>;
  nothing: string[];
}

type Intents = readonly Pick<IntentSpec, 'id' | 'text' | 'reveal' | 'said'>[];
/** The offline matcher answers at once; a model judge's reading is awaited. */
export type Crediting = (message: string, intents: Intents) => string[] | Promise<string[]>;

export interface CreditFigures {
  paraphrases: number;
  hits: number;
  falseCredits: number;
  /** Sentences that state nothing and credited something (in any scenario). */
  nothingCredited: number;
  nothing: number;
  precision: number;
  recall: number;
  misses: string[];
  wrong: string[];
}

export async function measureCrediting(
  set: ParaphraseSet,
  intentsOf: (scenario: string) => Intents,
  credit: Crediting,
): Promise<CreditFigures> {
  let paraphrases = 0;
  let hits = 0;
  let falseCredits = 0;
  const misses: string[] = [];
  const wrong: string[] = [];
  for (const [scenario, byIntent] of Object.entries(set.scenarios)) {
    const intents = intentsOf(scenario);
    for (const [id, sentences] of Object.entries(byIntent))
      for (const sentence of sentences) {
        paraphrases++;
        const got = await credit(sentence, intents);
        if (got.includes(id)) hits++;
        else misses.push(`${scenario} ${id}: ${sentence}`);
        for (const other of got.filter((g) => g !== id)) {
          falseCredits++;
          wrong.push(`${scenario} ${other} ← ${sentence}`);
        }
      }
  }
  let nothingCredited = 0;
  for (const sentence of set.nothing) {
    const got: string[] = [];
    for (const s of Object.keys(set.scenarios))
      got.push(...(await credit(sentence, intentsOf(s))).map((id) => `${s} ${id}`));
    if (got.length) nothingCredited++;
    falseCredits += got.length;
    for (const g of got) wrong.push(`${g} ← ${sentence}`);
  }
  return {
    paraphrases,
    hits,
    falseCredits,
    nothingCredited,
    nothing: set.nothing.length,
    precision: hits + falseCredits ? hits / (hits + falseCredits) : 1,
    recall: paraphrases ? hits / paraphrases : 0,
    misses,
    wrong,
  };
}
