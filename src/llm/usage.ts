/** Token usage per call: the server's count when it gives one, else an estimate flagged as such. */
import type { CompletionUsage } from 'openai/resources/completions';
import type { Price } from '../config/config.ts';
import type { Usage } from '../contracts/events.ts';

/** About four characters per token for English prose and JSON; only used when the server reports nothing. */
const CHARS_PER_TOKEN = 4;

export function estimateTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function costOf(
  price: Price | undefined,
  inputTokens: number,
  outputTokens: number,
): number | undefined {
  if (!price) return undefined;
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}

export function toUsage(
  reported: CompletionUsage | undefined,
  estimate: () => { input: number; output: number },
  price: Price | undefined,
): Usage {
  const counted = reported && (reported.prompt_tokens || reported.completion_tokens);
  const { input, output } = counted
    ? { input: reported.prompt_tokens ?? 0, output: reported.completion_tokens ?? 0 }
    : estimate();
  const cost = costOf(price, input, output);
  return {
    inputTokens: input,
    outputTokens: output,
    estimated: !counted,
    ...(cost !== undefined ? { costUsd: cost } : {}),
  };
}

/** Running totals for one role in one session. */
export class UsageTotals {
  calls = 0;
  inputTokens = 0;
  outputTokens = 0;
  costUsd = 0;
  estimated = false;

  add(u: Usage): void {
    this.calls++;
    this.inputTokens += u.inputTokens;
    this.outputTokens += u.outputTokens;
    this.costUsd += u.costUsd ?? 0;
    this.estimated ||= u.estimated;
  }
}
