/** The offline reading of a user's message for a refusal (docs/time.md, "Refusals"). */
import { describe, expect, it } from 'vitest';
import { refusalByRules } from '../../src/time/refusal.ts';

const REFUSALS: [string, string][] = [
  ["No thanks, I don't want that anymore.", 'no thanks'],
  ['Forget it.', 'forget it'],
  ["Stop, I'll do it myself.", "i'll do it myself"],
  ['never mind, cancel the search', 'never mind'],
  ['Please cancel this, I no longer need it.', 'cancel'],
  ["I'm not interested any more.", 'not interested'],
  ['That is useless. I give up.', 'useless'],
  ["Don't bother.", "don't bother"],
  ["Nah, leave it. I'll book it on my own tomorrow.", "i'll book it on my own"],
  ["No, that's not what I wanted at all.", 'not what i wanted'],
  ['Honestly I’m disappointed; drop it.', 'disappointed'],
  ['you can stop now', 'stop'],
  ['Thanks, but no thanks.', 'no thanks'],
  ["I don't need it any more, thank you.", "don't need it"],
  // Written as a person would when the follow-up came (audit, through `play` under tmux).
  [
    "Thanks for looking, but I'll just buy one new from the shop myself.",
    "i'll just buy one new from the shop myself",
  ],
  ["I've changed my mind, I don't need the card anymore.", "don't need the card anymore"],
  ["That's too expensive, I'm not going to buy it. Cancel the watch.", 'cancel'],
];

const NOT_REFUSALS = [
  'Thank you, that is what I needed.',
  'Thanks! That works.',
  "No, I'd rather fly on 13 May instead.",
  'Can you stop checking Tuesdays and look at Wednesdays?',
  "Don't stop watching, please.",
  "Don't cancel it yet.",
  'Forget the window seat; any seat on the 13 May flight works, can you check?',
  'Is it a non-stop flight?',
  'Never mind the price, book it.',
  'Cancel my old booking and get the new one.',
  "I don't need the window seat, just any seat that morning.",
  'What about the Friday show?',
  'OK, keep watching.',
  "Great, thanks! I'll buy it now.",
  "I don't need a receipt any more, can you look for cheaper ones?",
  "I'm not going to give up: keep watching, please.",
];

describe('refusals read by the offline rules', () => {
  it.each(REFUSALS)('%s → refuses (%s)', (text, phrase) => {
    expect(refusalByRules(text)).toBe(phrase);
  });

  it.each(NOT_REFUSALS)('%s → no refusal', (text) => {
    expect(refusalByRules(text)).toBeUndefined();
  });
});
