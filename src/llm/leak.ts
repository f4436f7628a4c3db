/**
 * A cheap check that the simulated user did not reveal an intent it was not handed:
 * the distinctive terms of each other open intent (numbers, and uncommon words not yet
 * said by anyone) are looked up in the message. A hint for a person, not a verdict.
 */
import type { IntentSpec } from '../scenario/schema.ts';

const STOPWORDS = new Set(
  `about above after again against also although always another because been before being below between both cannot could
  does doing down during each every from further have having here into itself just keep like make more most much must
  need never only other over same should some such than that their them then there these they thing things this those
  through under until very want wants were what when where which while will with within without would your yours user
  please really maybe might each sure know tell give take used uses using make sure well good also`.split(
    /\s+/,
  ),
);

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}][\p{L}'-]{3,}/gu) ?? [];
}

function numbers(text: string): string[] {
  return (text.match(/\d+(?:[.,]\d+)?/g) ?? []).filter((n) => n.length >= 2);
}

export interface Leak {
  intents: string[];
  terms: string[];
}

/**
 * @param handed the intents this message is meant to convey (their terms are fine)
 * @param said everything said so far (terms already in the conversation are not new)
 */
export function findLeaks(
  message: string,
  open: readonly IntentSpec[],
  handed: readonly IntentSpec[],
  said: string,
): Leak {
  const allowed = `${handed.map((i) => `${i.text} ${i.reveal ?? ''}`).join(' ')} ${said}`;
  const allowedWords = new Set(words(allowed));
  const allowedNumbers = new Set(numbers(allowed));
  const messageWords = new Set(words(message));
  const messageNumbers = new Set(numbers(message));
  const leak: Leak = { intents: [], terms: [] };
  for (const intent of open) {
    const source = `${intent.text} ${intent.reveal ?? ''}`;
    const nums = [...new Set(numbers(source))].filter(
      (n) => !allowedNumbers.has(n) && messageNumbers.has(n),
    );
    const ws = [...new Set(words(source))].filter(
      (w) => !STOPWORDS.has(w) && !allowedWords.has(w) && messageWords.has(w),
    );
    if (nums.length || ws.length >= 2) {
      leak.intents.push(intent.id);
      leak.terms.push(...nums, ...ws);
    }
  }
  leak.terms = [...new Set(leak.terms)];
  return leak;
}
