/**
 * `run --noise tool_failure=0.2,notifications_per_hour=4,seed=7`: one noise setting for every
 * proposal scenario of a run, replacing what the scenarios set (PARE's robustness ablation).
 */
import type { ParadigmRunOption } from '../contracts/paradigm.ts';
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

/** Every proposal scenario of the run gets this noise (other scenarios stay as they are). */
export const noiseOption: ParadigmRunOption = {
  flags: '--noise <settings>',
  description:
    "proposal scenarios: override every scenario's noise, e.g. tool_failure=0.2,notifications_per_hour=4,seed=7 (the robustness ablation)",
  // Noise changes what a proposal scenario measures: a resumed run keeps it.
  fixed: true,
  parse(text) {
    const noise = parseNoise(text);
    return (scenario) => (scenario.proposals ? { ...scenario, noise } : scenario);
  },
};
