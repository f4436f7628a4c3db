/**
 * Which open intents a user's message states in their own words (a person's, or a model user's).
 * With a model judge, the judge reads the message (one small call, the intents' text and reveal
 * in its prompt) and its reading decides; the offline matcher (credit.ts) reads it otherwise, and
 * stands in only when the judge cannot answer in time or in shape, which is recorded as a
 * `judge_error`: a failed judge is never passed off as a reading.
 */
import { z } from 'zod';
import type { JudgeBackend, StatedInput, StatedIntent } from '../contracts/backends.ts';
import type { RoleClient } from '../llm/client.ts';
import { ModelError } from '../llm/errors.ts';
import { askForJson, JudgeOutputError } from '../llm/structured.ts';
import { clip } from '../llm/render.ts';
import { readOwnWords } from './credit.ts';
import { OWN_WORDS } from '../text/causes.ts';

export const STATED_JUDGE_SYSTEM = [
  'You read one message a user wrote to an AI assistant. The user has hidden needs (intents) the assistant was not told; you see the ones still open.',
  'Decide which of them the message itself STATES: the user says that need, in any words (a paraphrase or a synonym counts).',
  'The same kind of need with another number or detail is not the intent ("under 6000" is not "under 600"). Mentioning a topic without the need is not stating it.',
  'A message that only thanks, agrees, asks a question or talks about something else states none. Judge only what the words say, never what the user might also want.',
  'Answer with one JSON object and nothing else:',
  '{"stated": [{"id": "<intent id>", "words": "<the words of the message that state it>"}]}',
  'with an empty list when the message states none of them.',
].join('\n');

const StatedAnswer = z.object({
  stated: z.array(z.object({ id: z.string(), words: z.string().default('') })),
});

/** The open intents as the judge sees them: id, text, and the words a user might put it in. */
export function statedCase(input: Pick<StatedInput, 'text' | 'open'>): string {
  const intents = input.open
    .map((i) => `- ${i.id}: ${i.text}${i.reveal ? ` (a user might put it: "${i.reveal}")` : ''}`)
    .join('\n');
  return `Open hidden intents:\n${intents}\n\nThe user's message:\n${clip(input.text, 4000)}`;
}

/**
 * The model judge's reading, within the judge's timeout in all (retries included): a person is
 * waiting for the agent. Unknown ids left after the retry make the answer invalid as a whole.
 */
export async function askStated(client: RoleClient, input: StatedInput): Promise<StatedIntent[]> {
  const open = new Set(input.open.map((i) => i.id));
  const deadline = AbortSignal.timeout(client.timeoutMs);
  const signal = AbortSignal.any([input.signal, deadline]);
  try {
    const { value, problems } = await askForJson(
      client,
      [
        { role: 'system', content: STATED_JUDGE_SYSTEM },
        { role: 'user', content: statedCase(input) },
      ],
      { turn: input.turn, emit: input.emit, signal },
      {
        schema: StatedAnswer,
        problems: (v) =>
          v.stated
            .filter((s) => !open.has(s.id))
            .map((s) => `\`${s.id}\` is not one of the open intents (${[...open].join(', ')})`),
      },
    );
    if (problems.length)
      throw new JudgeOutputError(
        `the judge's answer was invalid even after a retry (${problems.join('; ')})`,
      );
    const said = new Map(value.stated.map((s) => [s.id, s.words.trim()]));
    return input.open
      .filter((i) => said.has(i.id))
      .map((i) => ({ id: i.id, ...(said.get(i.id) ? { words: said.get(i.id) } : {}) }));
  } catch (err) {
    if (deadline.aborted && !input.signal.aborted)
      throw new ModelError(`the judge gave no reading within ${client.timeoutMs / 1000} s`, false);
    throw err;
  }
}

/** The intents `input.text` states: the judge's reading when it is a model, else the offline matcher's. */
export async function readStated(judge: JudgeBackend, input: StatedInput): Promise<string[]> {
  return (await readStatedBy(judge, input)).intents;
}

/**
 * The intents a message states, and for each the status detail that says how it was told: the
 * reveal text it holds, or its own words (quoted) and which reading found them.
 */
export async function readStatedBy(
  judge: JudgeBackend,
  input: StatedInput,
): Promise<{ intents: string[]; details: Record<string, string> }> {
  const by = (stated: StatedIntent[], reader: string) => ({
    intents: stated.map((s) => s.id),
    details: Object.fromEntries(stated.map((s) => [s.id, toldDetail(s, reader)])),
  });
  const offline = readOwnWords(input.text, input.open);
  if (!judge.readStated || !input.open.length) return by(offline, 'offline matcher');
  // A model may take its time: the message is on screen at once, marked as being read.
  input.emit({ type: 'reading_message', turn: input.turn, text: input.text });
  try {
    return by(await judge.readStated(input), 'judge');
  } catch (err) {
    const failed = err instanceof JudgeOutputError || err instanceof ModelError;
    if (input.signal.aborted || !failed) throw err;
    input.emit({
      type: 'judge_error',
      turn: input.turn,
      message: `reading which intents the user's message states: ${err.message}; the offline reading stands (${offline.map((s) => s.id).join(', ') || 'none stated'})`,
    });
    return by(offline, 'offline matcher');
  }
}

/** How an intent was told, as its status detail (causes.ts reads "in own words" from it). */
function toldDetail(stated: StatedIntent, reader: string): string {
  if (!stated.words) {
    // The offline matcher found the reveal text itself; a judge that quoted nothing still read it.
    if (reader === 'offline matcher')
      return 'revealed by the user (the message holds its reveal text)';
    return `${OWN_WORDS} (read by the ${reader})`;
  }
  return `${OWN_WORDS}: “${clipQuote(stated.words)}” (read by the ${reader})`;
}

/** A quote short enough for a status line. */
function clipQuote(words: string): string {
  const one = words.replace(/\s+/g, ' ').trim();
  return one.length > 120 ? `${one.slice(0, 119)}…` : one;
}
