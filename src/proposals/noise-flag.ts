/**
 * `run --noise tool_failure=0.2,notifications_per_hour=4,seed=7`: one noise setting for every
 * proposal scenario of a run, replacing what the scenarios set (PARE's robustness ablation).
 */
import type { RunGroup } from '../session/plan.ts';
import { NoiseSchema, type NoiseSpec } from './schema.ts';

const KEYS = ['tool_failure', 'notifications_per_hour', 'seed'] as const;

export function parseNoise(text: string): NoiseSpec {
  const out: Record<string, number> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key, value] = part.split('=').map((s) => s.trim());
    if (!(KEYS as readonly string[]).includes(key ?? ''))
      throw new Error(`unknown noise setting \`${key}\` (known: ${KEYS.join(', ')})`);
    const n = Number(value);
    if (value === undefined || value === '' || !Number.isFinite(n))
      throw new Error(`\`${key}\` needs a number, got ${JSON.stringify(value ?? '')}`);
    out[key!] = n;
  }
  const parsed = NoiseSchema.safeParse(out);
  if (!parsed.success)
    throw new Error(
      parsed.error.issues.map((i) => `\`${i.path.join('.')}\`: ${i.message}`).join('; '),
    );
  return parsed.data;
}

/** The groups with every proposal scenario's noise replaced (other scenarios as they are). */
export function withNoise(groups: RunGroup[], noise: NoiseSpec | undefined): RunGroup[] {
  if (!noise) return groups;
  return groups.map((g) => ({
    ...g,
    sessions: g.sessions.map((s) => (s.proposals ? { ...s, noise } : s)),
  }));
}
