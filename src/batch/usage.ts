/** Sums `usage` events into tokens and cost per role and model. */
import { round } from '../judge/scores.ts';
import type { EventOf, Role } from '../contracts/events.ts';
import type { UsageLine } from './summary.ts';
import { compareNatural } from '../contracts/order.ts';

export type Prices = Record<string, { input: number; output: number }>;

/** Cost of one call: the server's figure when it gave one, else the configured price per million tokens. */
export function usageCost(e: EventOf<'usage'>, prices: Prices): number | null {
  if (e.usage.costUsd !== undefined) return e.usage.costUsd;
  const price = prices[e.model];
  if (!price) return null;
  return (e.usage.inputTokens * price.input + e.usage.outputTokens * price.output) / 1e6;
}

export class UsageTally {
  private readonly lines = new Map<string, UsageLine>();
  constructor(private readonly prices: Prices = {}) {}

  add(e: EventOf<'usage'>): void {
    const key = `${e.role}\0${e.model}`;
    const line = this.lines.get(key) ?? {
      role: e.role,
      model: e.model,
      calls: 0,
      input_tokens: 0,
      output_tokens: 0,
      estimated: false,
      cost_usd: 0,
    };
    const cost = usageCost(e, this.prices);
    line.calls++;
    line.input_tokens += e.usage.inputTokens;
    line.output_tokens += e.usage.outputTokens;
    line.estimated ||= e.usage.estimated;
    line.cost_usd = line.cost_usd === null || cost === null ? null : line.cost_usd + cost;
    this.lines.set(key, line);
  }

  toLines(): UsageLine[] {
    return [...this.lines.values()].map((l) => ({
      ...l,
      cost_usd: l.cost_usd === null ? null : round(l.cost_usd, 6),
    }));
  }
}

/** Adds usage lines of many runs together, per role and model. */
export function sumUsage(lines: Iterable<UsageLine>): UsageLine[] {
  const byKey = new Map<string, UsageLine>();
  for (const l of lines) {
    const key = `${l.role}\0${l.model}`;
    const acc = byKey.get(key);
    if (!acc) byKey.set(key, { ...l });
    else {
      acc.calls += l.calls;
      acc.input_tokens += l.input_tokens;
      acc.output_tokens += l.output_tokens;
      acc.estimated ||= l.estimated;
      acc.cost_usd =
        acc.cost_usd === null || l.cost_usd === null ? null : round(acc.cost_usd + l.cost_usd, 6);
    }
  }
  const order: Role[] = ['agent', 'user', 'judge'];
  return [...byKey.values()].sort(
    (a, b) => order.indexOf(a.role) - order.indexOf(b.role) || compareNatural(a.model, b.model),
  );
}

export function totals(lines: readonly UsageLine[]): {
  tokens: { input: number; output: number };
  cost_usd: number | null;
} {
  return {
    tokens: {
      input: lines.reduce((a, l) => a + l.input_tokens, 0),
      output: lines.reduce((a, l) => a + l.output_tokens, 0),
    },
    cost_usd: lines.some((l) => l.cost_usd === null)
      ? null
      : round(
          lines.reduce((a, l) => a + (l.cost_usd ?? 0), 0),
          6,
        ),
  };
}
