/**
 * Offline crediting of a person's own words: which hidden intents a message states. No model:
 * the message's content words (Porter stems, typos within one edit) and numbers are matched
 * against each intent's own text and reveal text; an intent is credited when the message covers
 * enough of either (numbers weigh double, words many intents share weigh less) with at least two
 * matched words, or a matched number and a word; or when it states every one of its numbers (two
 * at least) and a word of it. Counts written as words ("five", "six hundred") are numbers. An
 * intent whose matched words another credited intent matched too, with more besides, is left to
 * that one. A message holding the reveal text, or matching a `said` pattern, is credited as
 * before. A sentence that states no intent ("thanks, go on") credits none. Measured on two
 * paraphrase sets in BENCHMARKS.md (bench/paraphrases.ts).
 */
import { distance } from 'fastest-levenshtein';
import { stemmer } from 'stemmer';
import { testPattern } from '../scenario/regex.ts';
import type { IntentSpec } from '../scenario/schema.ts';

type Credited = Pick<IntentSpec, 'id' | 'text' | 'reveal' | 'said'>;

/** Share of an intent's weighted words a message must hold, and the least weight it must match. */
const COVERAGE = 0.5;
const LEAST_WEIGHT = 2;

// Words that carry no need of their own: function words, fillers, hedges and the verbs of any request.
const STOP = new Set(
  (
    'a an the and or but if then so of to in on at by for from with without about into over under up down out off as is are was ' +
    'were be been being am do does did done have has had having it its it’s this that these those there here i me my mine we us our ' +
    'you your yours he she they them their his her what which who whom when where why how all any each every some such no nor not ' +
    'only own same than too very can could will would shall should may might must please just also really still yet even well ok okay ' +
    'let lets like want need needs get got give tell say make put use one ones thing things something anything now more most less ' +
    'way sure right maybe much many lot bit around roughly approximately'
  ).split(' '),
);

/** Counts written as words ("five papers", "six of us"); "one" is left out, it is mostly a pronoun. */
const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(
  'two three four five six seven eight nine ten eleven twelve'
    .split(' ')
    .map((w, i) => [w, String(i + 2)]),
);

const SCALE: ReadonlyMap<string, number> = new Map([
  ['hundred', 100],
  ['thousand', 1000],
]);

interface Token {
  key: string;
  number: boolean;
}

/** Content tokens: numbers without their thousands separators (`2,600` → `2600`) and stemmed words. */
export function contentTokens(text: string): Token[] {
  const out: Token[] = [];
  const lowered = text.toLowerCase().replace(/(\d),(\d{3})\b/g, '$1$2');
  for (const raw of lowered.match(/[\p{L}\p{N}]+(?:\.\d+)?/gu) ?? []) {
    const last = out.at(-1);
    const times = SCALE.get(raw);
    // "six hundred", "11 thousand": the scale word multiplies the number before it.
    if (times && last?.number) last.key = String(Number(last.key) * times);
    else if (NUMBER_WORDS.has(raw)) out.push({ key: NUMBER_WORDS.get(raw)!, number: true });
    else if (/^\d+(\.\d+)?$/.test(raw)) out.push({ key: raw, number: true });
    else if (!STOP.has(raw) && raw.length > 1) out.push({ key: stemmer(raw), number: false });
  }
  return out;
}

const same = (a: Token, b: Token) =>
  a.number || b.number
    ? a.number && b.number && a.key === b.key
    : a.key === b.key || (a.key.length >= 5 && distance(a.key, b.key) <= 1);

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The message holds the intent's reveal text (ignoring case and punctuation), or matches one of its `said` patterns. */
export function holdsRevealOrSaid(
  message: string,
  intent: Pick<IntentSpec, 'reveal' | 'text' | 'said'>,
): boolean {
  const reveal = words(intent.reveal ?? intent.text);
  if (reveal && ` ${words(message)} `.includes(` ${reveal} `)) return true;
  return (intent.said ?? []).some((p) => testPattern(p, message) !== null);
}

/**
 * The intent words a message matched in one variant (the intent's text or reveal), when they are
 * enough to credit it: half its weight, or every one of its numbers (two at least) and a word.
 */
function matchVariant(
  variant: readonly Token[],
  said: readonly Token[],
  weight: (t: Token) => number,
): Set<string> | undefined {
  const unique = variant.filter((t, i) => variant.findIndex((u) => u.key === t.key) === i);
  const total = unique.reduce((s, t) => s + weight(t), 0);
  const hit = unique.filter((t) => said.some((m) => same(m, t)));
  const matched = hit.reduce((s, t) => s + (t.number ? 2 : 1), 0);
  const covered = hit.reduce((s, t) => s + weight(t), 0);
  // Another number than the intent's is another need ("under 6000 RMB" is not "under 600 RMB").
  const numbers = unique.filter((t) => t.number);
  if (numbers.length && !hit.some((t) => t.number) && said.some((t) => t.number)) return undefined;
  // A number alone is not a need ("600 photos"): it takes a word of the intent besides.
  const aWord = hit.some((t) => !t.number);
  const half = total > 0 && covered / total >= COVERAGE && matched >= LEAST_WEIGHT;
  // "175 tall, 68 kilos, 17 percent fat": all of an intent's numbers are the most specific words it has.
  const everyNumber = numbers.length >= 2 && numbers.every((t) => hit.includes(t)) && aWord;
  return (half && (aWord || hit.length > 1)) || everyNumber
    ? new Set(hit.map((t) => t.key))
    : undefined;
}

const within = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size < b.size && [...a].every((k) => b.has(k));

/** The ids of the `intents` that `message` states, in the intents' order. */
export function creditedIntents(message: string, intents: readonly Credited[]): string[] {
  return readOwnWords(message, intents).map((c) => c.id);
}

/**
 * An intent a message states: `words` are the words of the message that state it (the span its
 * matched words cover, or what a `said` pattern matched); none when it holds the reveal text.
 */
export interface Stated {
  id: string;
  words?: string;
}

/** The `intents` that `message` states, in the intents' order, with the words that state each. */
export function readOwnWords(message: string, intents: readonly Credited[]): Stated[] {
  const said = contentTokens(message);
  const variants = intents.map((i) => [i.text, ...(i.reveal ? [i.reveal] : [])].map(contentTokens));
  // How many intents use each word: a word every intent shares says little about which one is meant.
  const spread = new Map<string, number>();
  for (const v of variants)
    for (const key of new Set(v.flat().map((t) => t.key)))
      spread.set(key, (spread.get(key) ?? 0) + 1);
  const weight = (t: Token) => (t.number ? 2 : 1) / (spread.get(t.key) ?? 1);
  // Per intent: null when its reveal text or a said pattern holds, else the words it matched.
  const matches = intents.map((intent, k): Set<string> | null | undefined => {
    if (holdsRevealOrSaid(message, intent)) return null;
    const sets = variants[k]!.flatMap((v) => matchVariant(v, said, weight) ?? []);
    return sets.sort((a, b) => b.size - a.size)[0];
  });
  const matchedSets = matches.filter((m): m is Set<string> => m instanceof Set);
  return intents.flatMap((intent, k): Stated[] => {
    const m = matches[k];
    if (m === undefined) return [];
    // Words another credited intent explains with more besides point to that one ("protein,
    // fat and carbs for every day" is the daily totals, not the per-meal grams).
    if (m && matchedSets.some((other) => within(m, other))) return [];
    const words = m ? spanOf(message, m) : saidWords(message, intent);
    return [{ id: intent.id, ...(words ? { words } : {}) }];
  });
}

/** What a `said` pattern matched in the message; none when the message holds the reveal text. */
function saidWords(message: string, intent: Credited): string | undefined {
  const reveal = words(intent.reveal ?? intent.text);
  if (reveal && ` ${words(message)} `.includes(` ${reveal} `)) return undefined;
  for (const p of intent.said ?? []) {
    const hit = testPattern(p, message);
    if (hit) return hit[0].trim() || undefined;
  }
  return undefined;
}

/** The stretch of the message from the first to the last of its words among `keys`. */
function spanOf(message: string, keys: ReadonlySet<string>): string | undefined {
  const targets = [...keys].map((key) => ({ key, number: /^\d+(\.\d+)?$/.test(key) }));
  let from = -1;
  let to = -1;
  for (const w of message.matchAll(/[\p{L}\p{N}]+(?:[.,]\d+)*%?/gu)) {
    const [token] = contentTokens(w[0]);
    if (!token || !targets.some((t) => same(token, t))) continue;
    if (from < 0) from = w.index;
    to = w.index + w[0].length;
  }
  return from < 0 ? undefined : message.slice(from, to);
}
