/**
 * A model call whose answer must be a JSON object of a known shape. Invalid output gets
 * one retry that quotes the problems back to the model; after that the caller is told,
 * never handed a silent default.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import type { CallContext, RoleClient } from './client.ts';
import { correctionPrompt } from './prompts.ts';

/** The judge's answer stayed invalid after the retry. */
export class JudgeOutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JudgeOutputError';
  }
}

export interface JsonCheck<T> {
  schema: z.ZodType<T>;
  /** Problems the schema cannot see (unknown or missing ids); worth a retry, but not fatal. */
  problems?(value: T): string[];
}

export interface JsonAnswer<T> {
  value: T;
  /** Problems left after the retry: the caller keeps what is usable and reports the rest. */
  problems: string[];
}

export async function askForJson<T>(
  client: RoleClient,
  messages: ChatCompletionMessageParam[],
  ctx: CallContext,
  check: JsonCheck<T>,
): Promise<JsonAnswer<T>> {
  const convo = [...messages];
  let last: { value?: T; problems: string[] } = { problems: [] };
  for (let attempt = 0; attempt < 2; attempt++) {
    const { content } = await client.chat({ messages: convo, json: true }, ctx);
    last = validate(content, check);
    if (last.value !== undefined && !last.problems.length)
      return { value: last.value, problems: [] };
    convo.push(
      { role: 'assistant', content: content || '(empty)' },
      { role: 'user', content: correctionPrompt(last.problems) },
    );
  }
  if (last.value === undefined)
    throw new JudgeOutputError(
      `the judge's answer was invalid even after a retry (${last.problems.slice(0, 3).join('; ')})`,
    );
  return { value: last.value, problems: last.problems };
}

function validate<T>(content: string, check: JsonCheck<T>): { value?: T; problems: string[] } {
  const parsed = parseJsonObject(content);
  if (!parsed.ok) return { problems: [parsed.error] };
  const result = check.schema.safeParse(parsed.value);
  if (!result.success)
    return {
      problems: result.error.issues.map(
        (i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`,
      ),
    };
  return { value: result.data, problems: check.problems?.(result.data) ?? [] };
}

/** A JSON object from a model's text, tolerating code fences and words around it. */
export function parseJsonObject(
  text: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
  const trimmed = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  if (!trimmed) return { ok: false, error: 'the answer was empty; expected a JSON object' };
  for (const candidate of [
    trimmed,
    trimmed.slice(trimmed.indexOf('{'), trimmed.lastIndexOf('}') + 1),
  ]) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (value && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value };
    } catch {
      // try the next candidate
    }
  }
  return { ok: false, error: 'the answer was not a JSON object' };
}
