/**
 * Offline crediting of a person's own words (issue 34): the paraphrase set in
 * test/fixtures/paraphrases.yaml (two paraphrases per intent of twelve bundled scenarios, and
 * sentences that state nothing), matched by the rules the human user uses now (creditedIntents)
 * and by the reveal-text-or-said rule alone (what main did before). Prints precision and recall.
 *
 *   npx tsx bench/paraphrases.ts [--verbose]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { creditedIntents, holdsRevealOrSaid } from '../src/judge/credit.ts';
import {
  measureCrediting,
  type Crediting,
  type ParaphraseSet,
} from '../src/judge/paraphrase-set.ts';
import type { IntentSpec } from '../src/scenario/schema.ts';

const { values } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } });
const set = parse(readFileSync('test/fixtures/paraphrases.yaml', 'utf8')) as ParaphraseSet;
const read = new Map<string, IntentSpec[]>();
/** A scenario's intents, read once. */
const intentsOf = (id: string): IntentSpec[] => {
  if (!read.has(id))
    read.set(
      id,
      (parse(readFileSync(`scenarios/${id}.yaml`, 'utf8')) as { intents: IntentSpec[] }).intents,
    );
  return read.get(id)!;
};
const revealOnly: Crediting = (m, intents) =>
  intents.filter((i) => holdsRevealOrSaid(m, i)).map((i) => i.id);

for (const [name, credit] of [
  ['reveal text or said pattern only (before)', revealOnly],
  ['own words (creditedIntents)', creditedIntents],
] as const) {
  const f = measureCrediting(set, intentsOf, credit);
  console.log(
    `${name}: precision ${f.precision.toFixed(3)} · recall ${f.recall.toFixed(3)} (${f.hits}/${f.paraphrases} paraphrases credited, ${f.falseCredits} false credits, ${f.nothingCredited}/${f.nothing} sentences stating nothing credited)`,
  );
  if (values.verbose)
    for (const line of [
      ...f.misses.map((m) => `  miss ${m}`),
      ...f.wrong.map((w) => `  false ${w}`),
    ])
      console.log(line);
}
