/**
 * A refusal in a time scenario (docs/time.md, "Refusals"): ChronosBench's user "expresses
 * refusal/disappointment or asks for cancellation of the task" (then the status should be
 * `failed`), which the paper keeps apart from a constraint supplement or an intention shift.
 *
 * The rules user refuses only with the scenario's `refuse:` text. A person or a model user may
 * refuse in any words: their messages are read here, offline rules first, then the configured
 * judge when it is a model (its reading wins; if it cannot answer, the rules' stands).
 */
import type { RefusalReading } from '../contracts/backends.ts';
import type { SessionCore } from '../session/protocol.ts';
import { JudgeOutputError } from '../llm/structured.ts';
import type { EventOf } from '../contracts/events.ts';

export type RefusalNotice = EventOf<'notice'>;

/** Phrases that refuse, cancel or give up on the task, each as a person might write it. */
const REFUSALS: RegExp[] = [
  /\bno,? thanks?(?: you)?\b/,
  /\bforget (?:it|about it|this|that|the whole thing|everything)\b/,
  /\bnever ?mind\b/,
  /\bcancel(?:led)?\b(?=\s*(?:$|[.!,;:]|it\b|this\b|that\b|everything\b|all\b|the (?:task|request|search|reminders?|watch|whole thing)\b))/,
  /(?<=^|[.,;:!?]\s*|\b(?:so|just|please|ok|okay|oh|now|can)\s+)stop\b(?!\s+(?:at|by|in|over|near)\b)/,
  /\bstop (?:it|this|that|now|looking|searching|watching|checking|the (?:search|reminders?|watch))\b/,
  /\b(?:don'?t|do not|no longer)\s+(?:want|need)\s+(?:it|that|this|them|anything)\b/,
  /\b(?:don'?t|do not)\s+(?:want|need)\s+(?:[\w-]+\s+){0,3}any\s?more\b/,
  /\bno longer (?:want|need)(?:ed)?\b(?!\s+(?:a|an|the)\b)/,
  /\bnot (?:interested|needed|necessary)\b/,
  /\bnot what i (?:wanted|asked for|needed|meant)\b/,
  /\b(?:disappointed|disappointing|useless|unhelpful|not helpful|waste of (?:my )?time)\b/,
  /\bgive up\b/,
  /\bdon'?t bother\b/,
  /\b(?:drop|leave) (?:it|this|that)\b(?!\s+to\b)/,
];

/** Doing it oneself refuses the agent's help, whatever else the message says. */
const DO_IT_MYSELF =
  /\bi(?:'ll| will| can| am going to|'m going to)\s+(?:just\s+)?(?:do|handle|sort|book|buy|get|order|find|look|search|check|manage|take care of|deal with)\b[^.!?]*\b(?:myself|on my own)\b/;

/** A new or changed request: a shift or a constraint, which the paper does not call a refusal. */
const NEW_REQUEST =
  /\binstead\b|\brather\b|\bhow about\b|\bwhat about\b|\b(?:can|could|would|will) you\b(?!\s+(?:just\s+)?(?:stop|cancel|drop|forget|leave))|\bi(?:'d| would) (?:like|prefer)\b|\bplease (?:find|look|check|watch|search|book|get|keep|switch|change|try|send)\b|\bswitch to\b|\band (?:look|check|watch|search|find|try|get|book)\b|\b(?:book|buy|get|order|reserve|send)\s+(?:it|that|this|one|me)\b/;

/** "don't cancel", "no need to stop", "not going to buy it": the phrase is negated. */
const NEGATED_BEFORE = /(?:n't|\bnot|\bnever|\bno need to)\s+(?:going to\s+|gonna\s+)?$/;

/** Whether `re` occurs in `text` other than negated ("I'm not going to buy it" asks for nothing). */
function occursUnnegated(re: RegExp, text: string): string | undefined {
  for (const m of text.matchAll(new RegExp(re.source, 'g'))) {
    const before = text.slice(Math.max(0, m.index - 24), m.index);
    if (!NEGATED_BEFORE.test(before)) return m[0];
  }
  return undefined;
}

/** The offline reading: the refusing phrase found, or undefined. */
export function refusalByRules(message: string): string | undefined {
  const text = message.toLowerCase().replace(/[‘’]/g, "'");
  const diy = DO_IT_MYSELF.exec(text);
  if (diy) return diy[0].trim();
  if (occursUnnegated(NEW_REQUEST, text) !== undefined) return undefined;
  for (const re of REFUSALS) {
    const phrase = occursUnnegated(re, text);
    if (phrase !== undefined) return phrase.replace(/^[^a-z]+/, '').trim();
  }
  return undefined;
}

/**
 * Whether the user's message refuses the task: the rules' reading, then the model judge's when
 * one is configured. A refusal comes back as the notice that says which decided, so a person
 * sees why the task turned; the protocol records it after the message it is about.
 */
export async function readRefusal(
  core: SessionCore,
  turn: number,
  text: string,
  agentReply: string,
): Promise<RefusalNotice | undefined> {
  const phrase = refusalByRules(text);
  let reading: RefusalReading = {
    refusal: phrase !== undefined,
    reason: phrase ? `"${phrase}"` : '',
    by: 'rules',
  };
  const judge = core.backends.judge;
  if (judge.readRefusal) {
    try {
      const r = await judge.readRefusal({
        turn,
        text,
        agentReply,
        emit: (e) => core.emit(e),
        signal: core.signal,
      });
      reading = { ...r, by: 'judge' };
    } catch (err) {
      if (!(err instanceof JudgeOutputError)) throw err;
      core.emit({
        type: 'judge_error',
        turn,
        message: `reading the user's message for a refusal: ${err.message}; the offline rules' reading stands`,
      });
    }
  }
  if (!reading.refusal) return undefined;
  return {
    type: 'notice',
    turn,
    level: 'info',
    text: `the user refused the task (read by the ${reading.by === 'judge' ? 'judge' : 'offline rules'}: ${reading.reason || 'a refusal'}): the task should now end failed; the agent answers once more and the session ends`,
    expectStatus: 'failed',
  };
}
