/**
 * Crediting a person's own words (issue 34): the paraphrase set in test/fixtures/paraphrases.yaml
 * (two paraphrases per intent of twelve bundled scenarios, and sentences that state nothing),
 * read by the offline matcher a person's messages get with the rules judge (creditedIntents), by
 * the reveal-text-or-said rule alone (what main did before), and, given an endpoint, by the
 * openai judge as a session reads them (src/judge/stated.ts). Prints precision and recall.
 *
 *   npx tsx bench/paraphrases.ts [--verbose]
 *   npx tsx bench/paraphrases.ts --judge-base-url http://localhost:8000/v1 --judge-model NAME
 *
 * The judge's key comes from OPENAI_API_KEY or INTENTPLAY_JUDGE_API_KEY, as for a session. A
 * reading the judge fails (recorded as a judge_error in a session) falls back to the offline one
 * there; here each is counted and printed, so the figures never pass it off as the model's.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { resolveConfig } from '../src/config/config.ts';
import { creditedIntents, holdsRevealOrSaid } from '../src/judge/credit.ts';
import { OpenAIJudge } from '../src/judge/openai.ts';
import {
  measureCrediting,
  type Crediting,
  type ParaphraseSet,
} from '../src/judge/paraphrase-set.ts';
import { readStated } from '../src/judge/stated.ts';
import { RoleClient } from '../src/llm/client.ts';
import type { IntentSpec } from '../src/scenario/schema.ts';

const { values } = parseArgs({
  options: {
    verbose: { type: 'boolean', default: false },
    'judge-base-url': { type: 'string' },
    'judge-model': { type: 'string' },
    config: { type: 'string' },
  },
});
/** The main set, and a held-out one written before the matcher's second round and not used to tune it. */
const SETS: [string, string][] = [
  ['main set', 'test/fixtures/paraphrases.yaml'],
  ['held-out set', 'test/fixtures/paraphrases-heldout.yaml'],
];
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

const rules: [string, Crediting][] = [
  ['reveal text or said pattern only (before)', revealOnly],
  ['own words, offline (creditedIntents)', creditedIntents],
];
const failures: string[] = [];
if (values['judge-base-url'] || values['judge-model']) {
  const config = resolveConfig({
    ...(values['judge-base-url'] ? { judgeBaseUrl: values['judge-base-url'] } : {}),
    ...(values['judge-model'] ? { judgeModel: values['judge-model'] } : {}),
    ...(values.config ? { config: values.config } : {}),
  });
  const client = new RoleClient('judge', config);
  const judge = new OpenAIJudge(client);
  const signal = new AbortController().signal;
  const byJudge: Crediting = (text, open) =>
    readStated(judge, {
      turn: 0,
      text,
      open,
      signal,
      emit: (e) => {
        if (e.type === 'judge_error') failures.push(`${e.message} ← ${text}`);
      },
    });
  rules.push([`the openai judge (${client.model} at ${client.endpoint.url})`, byJudge]);
}

for (const [setName, file] of SETS) {
  const set = parse(readFileSync(file, 'utf8')) as ParaphraseSet;
  console.log(`${setName} (${file}):`);
  for (const [name, credit] of rules) {
    const before = failures.length;
    const started = performance.now();
    const f = await measureCrediting(set, intentsOf, credit);
    const failed = failures.length - before;
    const took = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `  ${name}: precision ${f.precision.toFixed(3)} · recall ${f.recall.toFixed(3)} (${f.hits}/${f.paraphrases} paraphrases credited, ${f.falseCredits} false credits, ${f.nothingCredited}/${f.nothing} sentences stating nothing credited) · ${took} s`,
    );
    if (failed)
      console.log(
        `    ${failed} readings failed and took the offline matcher's reading (as a session does)`,
      );
    if (values.verbose)
      for (const line of [
        ...f.misses.map((m) => `    miss ${m}`),
        ...f.wrong.map((w) => `    false ${w}`),
        ...failures.slice(before).map((w) => `    failed ${w}`),
      ])
        console.log(line);
  }
}
